/**
 * Managers' partner API under /api/partner (docs/product.md "Partners"). Any signed-in account may accept an
 * invitation sent to its address; everything else answers only the managers of the organisation named — anyone else,
 * the team included, is told 'Organisation not found' (404), so nobody learns what another organisation has.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transform } from 'node:stream';
import { z } from 'zod';
import { errorResponse, pageQuery } from '../../../shared/schemas/common.js';
import {
  acceptInvitationInput,
  acceptedInvitation,
  creditLedgerPage,
  creditPurchaseInput,
  creditPurchaseList,
  creditPurchasePending,
  creditPurchaseState,
  invitationInput,
  logoInput,
  managerParams,
  organisationDetail,
  organisationList,
  organisationParams,
  purchaseParams,
} from '../../../shared/schemas/partners.js';
import { partnerReport, statementList, statementParams } from '../../../shared/schemas/partner-reports.js';
import { idempotencyHeader } from '../../../shared/schemas/sessions.js';
import { sponsorshipInput, sponsorshipList } from '../../../shared/schemas/sponsorships.js';
import { requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { buyCredit, settleCreditPurchase } from './credit-purchase-service.js';
import { listCreditLedger } from './credit-ledger-service.js';
import { creditReceiptPdfOf, listCreditPurchases } from './credit-receipt-service.js';
import { acceptInvitation, inviteManager, removeManager } from './manager-service.js';
import { setOrganisationLogo } from './organisation-logo-service.js';
import { assertManages, getOrganisation, listManagedOrganisations } from './organisation-service.js';
import { ledgerCsv, sessionsCsv } from './export-service.js';
import { getReport } from './report-service.js';
import { listStatements, statementPdfOf } from './statement-service.js';
import { listSponsorships, sponsorWorkshop } from './sponsorship-service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** Sends `body` (a CSV stream or PDF bytes) as the download `filename`, never cached. */
function sendDownload(reply: FastifyReply, body: Transform | Buffer, type: string, filename: string) {
  // Fastify sends a stream or a buffer as it is, past the serializer; the 200 schema only documents the body.
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(body as unknown as string);
}

/** Sends the CSV `stream` as the download 'mentora-<what>-<YYYY-MM-DD>.csv' (the UTC day). */
const sendCsv = (reply: FastifyReply, stream: Transform, what: string) =>
  sendDownload(reply, stream, 'text/csv; charset=utf-8', `mentora-${what}-${new Date().toISOString().slice(0, 10)}.csv`);

export const partnerRoutes: FastifyPluginAsyncZod<{ db: Db; provider: PaymentProvider; baseUrl: string }> = async (app, { db, provider, baseUrl }) => {
  const tags = ['partners'];
  // Encapsulated: every route of this plugin asks a visitor to sign in before its body is read or validated.
  app.addHook('onRequest', async (request) => {
    await requireUser(request);
  });
  const config = { signIn: 'required' } as const;
  const manager = async (request: Parameters<typeof requireUser>[0], id: string) => {
    const user = await requireUser(request);
    await assertManages(db, user, id);
    return user;
  };

  /** The organisations the signed-in account manages, with their balances (cents); empty for anyone else. */
  app.get('/api/partner/organisations', { config, schema: { tags, response: { 200: organisationList, ...errors } } }, async (request) =>
    listManagedOrganisations(db, await requireUser(request)),
  );

  /** One organisation the account manages: balances, managers, open invitations and grants (its ledger: …/ledger). 404 otherwise. */
  app.get(
    '/api/partner/organisations/:id',
    { config, schema: { tags, params: organisationParams, response: { 200: organisationDetail, ...errors } } },
    async (request) => {
      await manager(request, request.params.id);
      return getOrganisation(db, request.params.id);
    },
  );

  /**
   * The organisation's credit ledger, newest first, `?page=&pageSize=` (20 by default, at most 100) with its total: each
   * entry's kind, change and balance after in cents, note, who made it, how a purchase was paid
   * (credit-ledger-service.ts); the whole of it is …/ledger.csv. 400 a page out of range; 404 not a manager.
   */
  app.get(
    '/api/partner/organisations/:id/ledger',
    { config, schema: { tags, params: organisationParams, querystring: pageQuery, response: { 200: creditLedgerPage, ...errors } } },
    async (request) => {
      await manager(request, request.params.id);
      return listCreditLedger(db, request.params.id, request.query);
    },
  );

  /**
   * The organisation's report (docs/product.md "Reports"): balances, credit spent in all and per UTC week (the last 12),
   * and per programme members, sessions booked / completed / cancelled and credit used; cents. 404 not a manager.
   */
  app.get(
    '/api/partner/organisations/:id/report',
    { config, schema: { tags, params: organisationParams, response: { 200: partnerReport, ...errors } } },
    async (request) => {
      await manager(request, request.params.id);
      return getReport(db, request.params.id);
    },
  );

  const csvSchema = (description: string) => ({
    config: { ...config, openapi: { description, answers: { 200: 'text/csv' } } },
    schema: { tags, params: organisationParams, response: { 200: z.string().describe('The CSV file'), ...errors } },
  });

  /**
   * The credit ledger as CSV (export-service.ts `ledgerCsv`), oldest first, streamed as a download. 404 not a manager.
   */
  app.get(
    '/api/partner/organisations/:id/ledger.csv',
    csvSchema(
      'The answer is `text/csv` (a download): every ledger entry, oldest first — time (UTC), kind, change and reserved change and balance after in integer cents, how a purchase was paid, note, by whom, and for a booking the member, expert and start.',
    ),
    async (request, reply) => {
      await manager(request, request.params.id);
      return sendCsv(
        reply,
        ledgerCsv(db, request.params.id, (err) => request.log.error({ err }, 'ledger CSV export failed')),
        'ledger',
      );
    },
  );

  /**
   * The sessions the organisation's programmes funded as CSV (export-service.ts `sessionsCsv`), in the order booked,
   * streamed as a download: who booked with whom and when, never a topic. 404 not a manager.
   */
  app.get(
    '/api/partner/organisations/:id/sessions.csv',
    csvSchema(
      'The answer is `text/csv` (a download): every funded session and seat in the order booked — programme, member, expert, kind, start (UTC), minutes, status, credit, returned and used in integer cents. Never a topic.',
    ),
    async (request, reply) => {
      await manager(request, request.params.id);
      return sendCsv(
        reply,
        sessionsCsv(db, request.params.id, (err) => request.log.error({ err }, 'sessions CSV export failed')),
        'sessions',
      );
    },
  );

  /** The monthly statements sent to the organisation, newest first (statement-service.ts). 404 not a manager. */
  app.get(
    '/api/partner/organisations/:id/statements',
    { config, schema: { tags, params: organisationParams, response: { 200: statementList, ...errors } } },
    async (request) => {
      await manager(request, request.params.id);
      return listStatements(db, request.params.id);
    },
  );

  /**
   * A statement sent, its PDF again ('mentora-statement-YYYY-MM.pdf'), for month 'YYYY-MM' (UTC). 404 not a manager,
   * or no statement sent for that month.
   */
  app.get(
    '/api/partner/organisations/:id/statements/:month/statement.pdf',
    {
      config: {
        ...config,
        openapi: {
          description:
            'The answer is `application/pdf` (a download): the monthly statement e-mailed for that UTC month (`YYYY-MM`) — opening and closing balances, credit by kind, sessions booked, the entries.',
          answers: { 200: 'application/pdf' },
        },
      },
      schema: { tags, params: statementParams, response: { 200: z.string().describe('The PDF statement'), ...errors } },
    },
    async (request, reply) => {
      await manager(request, request.params.id);
      const pdf = await statementPdfOf(db, request.params.id, request.params.month);
      return sendDownload(reply, pdf, 'application/pdf', `mentora-statement-${request.params.month}.pdf`);
    },
  );

  /**
   * A manager shows the logo `{ fileId }` they uploaded (POST /api/files?purpose=logo: JPEG, PNG or WebP, at most
   * 1 MB), replacing any other (docs/product.md "Partners"). Answers the organisation. 400; 404 not a manager, or not
   * their logo upload.
   */
  app.put(
    '/api/partner/organisations/:id/logo',
    { config, schema: { tags, params: organisationParams, body: logoInput, response: { 200: organisationDetail, ...errors } } },
    async (request) => setOrganisationLogo(db, await manager(request, request.params.id), request.params.id, request.body.fileId, { asTeam: false }),
  );

  /** A manager removes the organisation's logo (docs/product.md "Partners"). Answers the organisation. 404 not a manager. */
  app.delete(
    '/api/partner/organisations/:id/logo',
    { config, schema: { tags, params: organisationParams, response: { 200: organisationDetail, ...errors } } },
    async (request) => setOrganisationLogo(db, await manager(request, request.params.id), request.params.id, null, { asTeam: false }),
  );

  /** A manager invites `{ email }` to manage the organisation too. 404 not a manager; 409 already a manager. */
  app.post(
    '/api/partner/organisations/:id/invitations',
    { config, schema: { tags, params: organisationParams, body: invitationInput, response: { 201: organisationDetail, ...errors } } },
    async (request, reply) => {
      const user = await manager(request, request.params.id);
      return reply.code(201).send(await inviteManager(db, user, request.params.id, request.body.email, { asTeam: false, baseUrl }));
    },
  );

  /** A manager removes another manager. 404 not a manager (either of them); 409 oneself. */
  app.delete(
    '/api/partner/organisations/:id/managers/:userId',
    { config, schema: { tags, params: managerParams, response: { 200: organisationDetail, ...errors } } },
    async (request) => removeManager(db, await manager(request, request.params.id), request.params.id, request.params.userId),
  );

  /**
   * A manager buys credit by card `{ amountCents, card | paymentMethodId }` (Idempotency-Key required): 201 with the
   * organisation once paid; 202 `{ purchaseId, status: 'pending', paymentAction: { clientSecret } }` when the bank asks
   * for 3-D Secure (nothing added yet). A replay answers the same and charges nothing, another body with the key 422.
   * 402 declined (credit-purchase-service.ts).
   */
  app.post(
    '/api/partner/organisations/:id/credit-purchases',
    {
      config: { ...config, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: organisationParams,
        headers: idempotencyHeader,
        body: creditPurchaseInput,
        response: { 201: organisationDetail, 202: creditPurchasePending, 402: errorResponse, 422: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = await manager(request, request.params.id);
      const bought = await buyCredit(db, { provider, baseUrl }, user, request.params.id, request.body, request.headers['idempotency-key']);
      if (bought.status === 'pending')
        return reply.code(202).send({ purchaseId: bought.purchaseId, status: bought.status, paymentAction: { clientSecret: bought.clientSecret } });
      return reply.code(201).send(bought.organisation);
    },
  );

  /**
   * After the bank's 3-D Secure step: asks the processor where the purchase's payment stands and answers
   * `{ purchaseId, status, amountCents, receiptNumber }` — 'paid' (credit added once, receipts sent), 'pending' or
   * 'failed'. Safe to repeat. 404 not a manager, or no such purchase of the organisation.
   */
  app.post(
    '/api/partner/organisations/:id/credit-purchases/:purchaseId/payment',
    {
      config: { ...config, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, params: purchaseParams, response: { 200: creditPurchaseState, ...errors } },
    },
    async (request) => {
      await manager(request, request.params.id);
      return settleCreditPurchase(db, { provider, baseUrl }, request.params.id, request.params.purchaseId);
    },
  );

  /**
   * The organisation's purchases of credit, newest first, a page at a time (`?page=&pageSize=`, 20 by default, at most
   * 100) with their total: amount in cents, status (pending, paid, failed, expired), how it was paid, and a paid one's
   * receipt number and time (credit-receipt-service.ts). 400 a page out of range; 404 not a manager.
   */
  app.get(
    '/api/partner/organisations/:id/credit-purchases',
    { config, schema: { tags, params: organisationParams, querystring: pageQuery, response: { 200: creditPurchaseList, ...errors } } },
    async (request) => {
      await manager(request, request.params.id);
      return listCreditPurchases(db, request.params.id, request.query);
    },
  );

  /**
   * A paid purchase's receipt again as its PDF ('mentora-receipt-MEN-2026-000123.pdf'). 404 not a manager of the
   * organisation, or no paid purchase of it by that id ('Receipt not found').
   */
  app.get(
    '/api/partner/organisations/:id/credit-purchases/:purchaseId/receipt.pdf',
    {
      config: {
        ...config,
        openapi: {
          description:
            'The answer is `application/pdf` (a download): the receipt e-mailed when the purchase was paid — its number, the organisation, the credit bought, when and how it was paid, the balance after it.',
          answers: { 200: 'application/pdf' },
        },
      },
      schema: { tags, params: purchaseParams, response: { 200: z.string().describe('The PDF receipt'), ...errors } },
    },
    async (request, reply) => {
      await manager(request, request.params.id);
      const { receiptNumber, pdf } = await creditReceiptPdfOf(db, request.params.id, request.params.purchaseId);
      return sendDownload(reply, pdf, 'application/pdf', `mentora-receipt-${receiptNumber}.pdf`);
    },
  );

  /** The signed-in account accepts the invitation `{ token }` sent to its address. 404 unknown; 403 another address; 409 used or expired. */
  app.post(
    '/api/partner/invitations/accept',
    { config, schema: { tags, body: acceptInvitationInput, response: { 200: acceptedInvitation, ...errors } } },
    async (request) => acceptInvitation(db, await requireUser(request), request.body.token),
  );

  /** The organisation's sponsored workshops (docs/product.md "Sponsored workshops"), the latest workshop first. 404 not a manager. */
  app.get(
    '/api/partner/organisations/:id/sponsorships',
    { config, schema: { tags, params: organisationParams, response: { 200: sponsorshipList, ...errors } } },
    async (request) => {
      await manager(request, request.params.id);
      return listSponsorships(db, request.params.id);
    },
  );

  /**
   * Reserves `{ seats }` of published workshop `workshopId` for the members of programme `programmeId`, paid from the
   * wallet when taken: 201 with the organisation's sponsorships. 404; 409 in the product's words (sponsorship-service.ts).
   */
  app.post(
    '/api/partner/organisations/:id/sponsorships',
    { config, schema: { tags, params: organisationParams, body: sponsorshipInput, response: { 201: sponsorshipList, ...errors } } },
    async (request, reply) => {
      const user = await manager(request, request.params.id);
      return reply.code(201).send(await sponsorWorkshop(db, user, request.params.id, request.body, { asTeam: false }));
    },
  );
};
