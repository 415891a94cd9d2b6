/** Reschedule proposal endpoints (docs/product.md "Reschedule proposals"). Rules live in the use cases (./use-cases/, one per file). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { proposalInput } from '../../../shared/schemas/reschedule-proposals.js';
import { sessionView } from '../../../shared/schemas/sessions.js';
import { requireUser } from '../../auth/guards.js';
import type { SessionDeps } from './deps.js';
import { acceptRescheduleProposal } from './use-cases/accept-reschedule-proposal.js';
import { declineRescheduleProposal } from './use-cases/decline-reschedule-proposal.js';
import { proposeReschedule } from './use-cases/propose-reschedule.js';

const params = z.object({ id: z.string().max(64) });
const answerParams = z.object({ id: z.string().max(64), proposalId: z.string().max(64) });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

export const proposalRoutes: FastifyPluginAsyncZod<SessionDeps> = async (app, deps) => {
  const tags = ['sessions'];

  /**
   * The expert proposes to move a booked session that has not started: body `{ startsAt, message? }` (`startsAt` an
   * ISO-8601 instant, one of the session's free times from GET /api/sessions/{id}/reschedule-slots; `message` ≤ 1000
   * characters). 201 the session as the expert sees it, its `proposal` the open one (a new proposal replaces an open
   * one); the client is e-mailed. 403 the client / not a party; 404; 409 not booked, started, or a time in the past;
   * 422 not a free time of this session. See proposeReschedule.
   */
  app.post(
    '/api/sessions/:id/reschedule-proposals',
    { config: { signIn: 'required' }, schema: { tags, params, body: proposalInput, response: { 201: sessionView, ...errors } } },
    async (request, reply) => reply.status(201).send(await proposeReschedule(deps, await requireUser(request), request.params.id, request.body)),
  );

  /**
   * The client accepts the open proposal: the session moves to the proposed time, the held payment stays with it
   * (nothing is charged again), and both parties get an e-mail with the updated invite. 200 the session as the client
   * sees it. 403 the expert / not a party; 404 no such session or proposal; 409 the proposal is closed, expired or no
   * longer matches the session, or the time now clashes for either party or is no longer free (the proposal stays
   * open). See acceptRescheduleProposal.
   */
  app.post(
    '/api/sessions/:id/reschedule-proposals/:proposalId/accept',
    { config: { signIn: 'required' }, schema: { tags, params: answerParams, response: { 200: sessionView, ...errors } } },
    async (request) => acceptRescheduleProposal(deps, await requireUser(request), request.params.id, request.params.proposalId),
  );

  /**
   * The client declines the open proposal: the session is cancelled by the client and the held payment refunded in
   * full (integer cents), whatever the cancellation policy; both parties get the cancellation with the invite's
   * CANCEL. 200 the session as the client sees it. 403 the expert / not a party; 404 no such session or proposal; 409
   * the proposal is closed, expired or no longer matches the session. See declineRescheduleProposal.
   */
  app.post(
    '/api/sessions/:id/reschedule-proposals/:proposalId/decline',
    { config: { signIn: 'required' }, schema: { tags, params: answerParams, response: { 200: sessionView, ...errors } } },
    async (request) => declineRescheduleProposal(deps, await requireUser(request), request.params.id, request.params.proposalId),
  );
};
