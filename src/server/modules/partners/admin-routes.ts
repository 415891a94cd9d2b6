/**
 * Partners in the team console, under /api/admin/organisations (docs/product.md "Partners"): organisations with their
 * balances and ledgers (a page at a time), the team's actions about each, manager invitations and removals, invoice
 * payments, grants, adjustments, and the organisation's access programmes (list, pause, reopen, end) and sponsored workshops (list, sponsor). 401 to visitors and 403 to any account but an admin with two-factor sign-in, checked before
 * the body is read; every action is audited by its service.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPage } from '../../../shared/schemas/admin.js';
import { reasonInput } from '../../../shared/schemas/admin-users.js';
import { errorResponse, pageQuery } from '../../../shared/schemas/common.js';
import {
  adjustmentInput,
  creditLedgerPage,
  grantInput,
  invitationInput,
  invoicePaymentInput,
  logoInput,
  managerParams,
  organisationDetail,
  organisationInput,
  organisationPage,
  organisationParams,
} from '../../../shared/schemas/partners.js';
import { programmeDetail, programmeList, programmeParams, programmeStatusInput } from '../../../shared/schemas/programmes.js';
import { sponsorshipInput, sponsorshipList } from '../../../shared/schemas/sponsorships.js';
import { requireRole } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { listCreditLedger } from './credit-ledger-service.js';
import { adjustBalance, grantCredit, recordInvoicePayment } from './funding-service.js';
import { inviteManager, removeManager } from './manager-service.js';
import { listOrganisationAudit } from './organisation-audit-service.js';
import { setOrganisationLogo } from './organisation-logo-service.js';
import { createOrganisation, getOrganisation, listOrganisations } from './organisation-service.js';
import { listProgrammes, setProgrammeStatus } from './programme-service.js';
import { listSponsorships, sponsorWorkshop } from './sponsorship-service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const partnerAdminRoutes: FastifyPluginAsyncZod<{ db: Db; baseUrl: string }> = async (app, { db, baseUrl }) => {
  const tags = ['admin', 'partners'];
  const admin = (request: FastifyRequest) => requireRole(request, ['admin']);
  // Encapsulated: the hook guards exactly the routes of this plugin.
  app.addHook('onRequest', async (request) => {
    await admin(request);
  });
  const config = { signIn: 'required' } as const;

  /** Every organisation with its available and reserved credit (cents), newest first. */
  app.get('/api/admin/organisations', { config, schema: { tags, querystring: pageQuery, response: { 200: organisationPage, ...errors } } }, async (request) =>
    listOrganisations(db, request.query),
  );

  /** Creates an organisation `{ name, kind, billingEmail, emailDomains, enquiryId? }`: 201 with it. 404 unknown enquiry; 409 enquiry already used. */
  app.post(
    '/api/admin/organisations',
    { config, schema: { tags, body: organisationInput, response: { 201: organisationDetail, ...errors } } },
    async (request, reply) => reply.code(201).send(await createOrganisation(db, await admin(request), request.body)),
  );

  /** One organisation: balances, managers, open invitations and grants (its ledger: …/ledger). 404. */
  app.get(
    '/api/admin/organisations/:id',
    { config, schema: { tags, params: organisationParams, response: { 200: organisationDetail, ...errors } } },
    async (request) => getOrganisation(db, request.params.id),
  );

  /**
   * The organisation's credit ledger, newest first, `?page=&pageSize=` (20, at most 100) with its total: each entry's
   * kind, change and balance after in cents, note, who made it, how a purchase was paid (credit-ledger-service.ts).
   * 400 a page out of range; 404.
   */
  app.get(
    '/api/admin/organisations/:id/ledger',
    { config, schema: { tags, params: organisationParams, querystring: pageQuery, response: { 200: creditLedgerPage, ...errors } } },
    async (request) => listCreditLedger(db, request.params.id, request.query),
  );

  /**
   * The team's actions about the organisation (and the partner enquiry it came from), newest first, `?page=&pageSize=`
   * (20, at most 100) with their total (organisation-audit-service.ts). 404.
   */
  app.get(
    '/api/admin/organisations/:id/audit',
    { config, schema: { tags, params: organisationParams, querystring: pageQuery, response: { 200: auditPage, ...errors } } },
    async (request) => listOrganisationAudit(db, request.params.id, request.query),
  );

  /**
   * Shows the logo `{ fileId }` the admin uploaded (POST /api/files?purpose=logo: JPEG, PNG or WebP, at most 1 MB),
   * replacing any other (docs/product.md "Partners"); audited. Answers the organisation. 400; 404 unknown organisation
   * or not the admin's logo upload.
   */
  app.put(
    '/api/admin/organisations/:id/logo',
    { config, schema: { tags, params: organisationParams, body: logoInput, response: { 200: organisationDetail, ...errors } } },
    async (request) => setOrganisationLogo(db, await admin(request), request.params.id, request.body.fileId, { asTeam: true }),
  );

  /** Removes the organisation's logo (docs/product.md "Partners"); audited. Answers the organisation. 404. */
  app.delete(
    '/api/admin/organisations/:id/logo',
    { config, schema: { tags, params: organisationParams, response: { 200: organisationDetail, ...errors } } },
    async (request) => setOrganisationLogo(db, await admin(request), request.params.id, null, { asTeam: true }),
  );

  /** Invites `{ email }` to manage the organisation (e-mailed link, 14 days). 404; 409 already a manager. */
  app.post(
    '/api/admin/organisations/:id/invitations',
    { config, schema: { tags, params: organisationParams, body: invitationInput, response: { 201: organisationDetail, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await inviteManager(db, await admin(request), request.params.id, request.body.email, { asTeam: true, baseUrl })),
  );

  /**
   * Removes manager `userId` from the organisation `{ reason }` (1–1000 characters), as a manager can
   * (manager-service.ts `removeManager`): the same refusals, no e-mail; audited with the reason. The last manager may
   * go (docs/product.md "Partners"). Answers the organisation. 400 no reason; 404 unknown organisation or not a
   * manager of it; 409 oneself.
   */
  app.post(
    '/api/admin/organisations/:id/managers/:userId/removal',
    { config, schema: { tags, params: managerParams, body: reasonInput, response: { 200: organisationDetail, ...errors } } },
    async (request) => removeManager(db, await admin(request), request.params.id, request.params.userId, { reason: request.body.reason }),
  );

  /** The organisation's access programmes, newest first: terms, status, members and credit used (cents). 404. */
  app.get(
    '/api/admin/organisations/:id/programmes',
    { config, schema: { tags, params: organisationParams, response: { 200: programmeList, ...errors } } },
    async (request) => listProgrammes(db, request.params.id),
  );

  /**
   * Pauses, reopens or ends one of the organisation's programmes `{ status, reason }`, as its managers can
   * (docs/product.md "Access programmes": what is booked stays funded); audited with the reason when the status
   * changes. Answers the programme. 400; 404 not the organisation's programme; 409 reopening an ended one.
   */
  app.post(
    '/api/admin/organisations/:id/programmes/:programmeId/status',
    {
      config,
      schema: { tags, params: programmeParams, body: programmeStatusInput.extend(reasonInput.shape), response: { 200: programmeDetail, ...errors } },
    },
    async (request) => {
      const { status, reason } = request.body;
      return setProgrammeStatus(db, request.params.id, request.params.programmeId, status, { actor: await admin(request), reason });
    },
  );

  /** Records a bank transfer `{ amountCents, reference }` for an invoice as credit; receipt e-mailed. 404; 409 reference already recorded. */
  app.post(
    '/api/admin/organisations/:id/invoice-payments',
    { config, schema: { tags, params: organisationParams, body: invoicePaymentInput, response: { 201: organisationDetail, ...errors } } },
    async (request, reply) => reply.code(201).send(await recordInvoicePayment(db, await admin(request), request.params.id, request.body, baseUrl)),
  );

  /** Grants free credit `{ amountCents, expiresOn, note }` until the end of the UTC day `expiresOn`. 400; 404. */
  app.post(
    '/api/admin/organisations/:id/grants',
    { config, schema: { tags, params: organisationParams, body: grantInput, response: { 201: organisationDetail, ...errors } } },
    async (request, reply) => reply.code(201).send(await grantCredit(db, await admin(request), request.params.id, request.body)),
  );

  /** Adds or takes credit `{ amountCents (signed), reason }`; never below what is reserved (409). 400; 404. */
  app.post(
    '/api/admin/organisations/:id/adjustments',
    { config, schema: { tags, params: organisationParams, body: adjustmentInput, response: { 201: organisationDetail, ...errors } } },
    async (request, reply) => reply.code(201).send(await adjustBalance(db, await admin(request), request.params.id, request.body)),
  );

  /** The organisation's sponsored workshops, as its managers see them (docs/product.md "Sponsored workshops"), the latest workshop first. */
  app.get(
    '/api/admin/organisations/:id/sponsorships',
    { config, schema: { tags, params: organisationParams, response: { 200: sponsorshipList, ...errors } } },
    async (request) => listSponsorships(db, request.params.id),
  );

  /** Reserves seats of a workshop for a programme of the organisation, as a manager can (docs/product.md "Sponsored workshops"); audited. 404; 409. */
  app.post(
    '/api/admin/organisations/:id/sponsorships',
    { config, schema: { tags, params: organisationParams, body: sponsorshipInput, response: { 201: sponsorshipList, ...errors } } },
    async (request, reply) => reply.code(201).send(await sponsorWorkshop(db, await admin(request), request.params.id, request.body, { asTeam: true })),
  );
};
