/**
 * Access programmes over HTTP (docs/product.md "Access programmes"): managers' under
 * /api/partner/organisations/{id}/programmes… (only the organisation's managers; anyone else is told 'Organisation
 * not found', 404), members' under /api/me/programmes…. Members never see an organisation's wallet: only what their
 * programmes cover of a booking.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { organisationParams } from '../../../shared/schemas/partners.js';
import {
  coverAnswer,
  coverQuery,
  inviteListInput,
  inviteListResult,
  joinCodeInput,
  joinInvitationInput,
  membershipList,
  programmeDetail,
  programmeInput,
  programmeList,
  programmeMemberParams,
  programmeParams,
  programmeStatusInput,
} from '../../../shared/schemas/programmes.js';
import { requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { organisations } from '../../db/schema.js';
import { coversOf } from './cover-service.js';
import { inviteList } from './invite-list-service.js';
import { joinByCode, joinByInvitation, listMemberships } from './membership-service.js';
import { assertManages } from './organisation-service.js';
import { createProgramme, getProgramme, listProgrammes, removeMember, setProgrammeStatus } from './programme-service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const programmeRoutes: FastifyPluginAsyncZod<{ db: Db; baseUrl: string }> = async (app, { db, baseUrl }) => {
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

  /** The organisation's programmes with members and credit used (cents). 404 not a manager. */
  app.get(
    '/api/partner/organisations/:id/programmes',
    { config, schema: { tags, params: organisationParams, response: { 200: programmeList, ...errors } } },
    async (request) => {
      await manager(request, request.params.id);
      return listProgrammes(db, request.params.id);
    },
  );

  /** A manager creates a programme (programmeInput); 201 with it and its new access code. 400 invalid; 404 not a manager. */
  app.post(
    '/api/partner/organisations/:id/programmes',
    { config, schema: { tags, params: organisationParams, body: programmeInput, response: { 201: programmeDetail, ...errors } } },
    async (request, reply) => {
      const user = await manager(request, request.params.id);
      const [o] = await db.select({ domains: organisations.emailDomains }).from(organisations).where(eq(organisations.id, request.params.id));
      return reply.code(201).send(await createProgramme(db, user, request.params.id, request.body, o?.domains ?? []));
    },
  );

  /**
   * One programme: members, invited list with each address's delivery (sending, sent, or not delivered with the mail
   * server's reply; `notDelivered` counts them), who booked with whom and when (docs/product.md "Access programmes").
   * 404 not a manager or not its programme.
   */
  app.get(
    '/api/partner/organisations/:id/programmes/:programmeId',
    { config, schema: { tags, params: programmeParams, response: { 200: programmeDetail, ...errors } } },
    async (request) => {
      await manager(request, request.params.id);
      return getProgramme(db, request.params.id, request.params.programmeId);
    },
  );

  /** `{ status }` active, paused or ended; 409 reopening an ended programme. */
  app.post(
    '/api/partner/organisations/:id/programmes/:programmeId/status',
    { config, schema: { tags, params: programmeParams, body: programmeStatusInput, response: { 200: programmeDetail, ...errors } } },
    async (request) => {
      await manager(request, request.params.id);
      return setProgrammeStatus(db, request.params.id, request.params.programmeId, request.body.status);
    },
  );

  /** `{ csv }` (≤ 256 kB): invites the file's new addresses; answers how many, and the duplicates and invalid lines. */
  app.post(
    '/api/partner/organisations/:id/programmes/:programmeId/invitations',
    {
      config: { ...config, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, params: programmeParams, body: inviteListInput, response: { 201: inviteListResult, ...errors } },
    },
    async (request, reply) => {
      const user = await manager(request, request.params.id);
      const [o] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, request.params.id));
      const result = await inviteList(db, user, request.params.id, request.params.programmeId, request.body.csv, o!.name, baseUrl);
      return reply.code(201).send(result);
    },
  );

  /** Removes a member: no new bookings with the programme; what is booked stays funded. 404 not a member. */
  app.delete(
    '/api/partner/organisations/:id/programmes/:programmeId/members/:userId',
    { config, schema: { tags, params: programmeMemberParams, response: { 200: programmeDetail, ...errors } } },
    async (request) => {
      await manager(request, request.params.id);
      return removeMember(db, request.params.id, request.params.programmeId, request.params.userId);
    },
  );

  /** The signed-in account's programmes, each with what is left this term. */
  app.get('/api/me/programmes', { config, schema: { tags, response: { 200: membershipList, ...errors } } }, async (request) =>
    listMemberships(db, await requireUser(request)),
  );

  /** Joins by access code `{ code }`. 404 unknown code; 403 the programme's join rule refuses this account. */
  app.post(
    '/api/me/programmes/join',
    {
      config: { ...config, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, body: joinCodeInput, response: { 200: membershipList, ...errors } },
    },
    async (request) => joinByCode(db, await requireUser(request), request.body.code),
  );

  /** Joins by an invitation link's `{ token }`. 404 unknown; 403 sent to another address. */
  app.post(
    '/api/me/programmes/accept',
    { config, schema: { tags, body: joinInvitationInput, response: { 200: membershipList, ...errors } } },
    async (request) => joinByInvitation(db, await requireUser(request), request.body.token),
  );

  /**
   * What each of the account's programmes covers of a booking with expert `expertId` (id or slug) of
   * `durationMinutes`, or of a seat of workshop `workshopId`: "Covered by {organisation}: $X · You pay: $Y", or the
   * refusal's words. 400 neither or both named; 404 unknown expert or workshop.
   */
  app.get('/api/me/programmes/cover', { config, schema: { tags, querystring: coverQuery, response: { 200: coverAnswer, ...errors } } }, async (request) =>
    coversOf(db, await requireUser(request), request.query),
  );
};
