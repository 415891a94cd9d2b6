/** Session endpoints (docs/product.md "Payments", "Booking"). Rules live in the use cases (./use-cases/, one per file). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { errorResponse } from '../../../shared/schemas/common.js';
import {
  bookingInput,
  cancelInput,
  disputeInput,
  bookingAnswers,
  idempotencyHeader,
  sessionList,
  sessionListQuery,
  sessionSummary,
  sessionView,
  type SessionView,
} from '../../../shared/schemas/sessions.js';
import { requireUser } from '../../auth/guards.js';
import { anyRowOf, rowsOf } from '../../cache/dependencies.js';
import type { KeptRoute } from '../../cache/plugin.js';
import { plainJson } from '../../http/plain-json.js';
import { reportingTo } from '../../infra/failure-report.js';
import type { SessionDeps } from './deps.js';
import { bookingAnswer } from './booking-service.js';
import { bookSession } from './use-cases/book-session.js';
import { cancelSession } from './use-cases/cancel-session.js';
import { completeReservation } from './use-cases/complete-reservation.js';
import { confirmSession } from './use-cases/confirm-session.js';
import { disputeSession } from './use-cases/dispute-session.js';
import { getSession } from './use-cases/get-session.js';
import { getSessionCalendar } from './use-cases/get-session-calendar.js';
import { listMySessions } from './use-cases/list-my-sessions.js';
import { summariseMySessions } from './use-cases/summarise-my-sessions.js';

const params = z.object({ id: z.string().max(64) });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** What the caller's session counters read: their sessions (as client or as the expert), their payments, and the account's expert row. */
const sessionSummaryKept: KeptRoute = {
  lifetime: 'signedIn',
  dependsOn: (_request, userId) => rowsOf(`user:${userId}`, 'sessions', 'payments', 'experts'),
};

/**
 * What a session list reads: the counters' rows, and the expert rows of the sessions listed (slugs). Which part a
 * session is in also moves with the clock (a session ends): a kept page is at most SIGNED_IN_CACHE_MS behind that.
 */
const sessionListKept: KeptRoute = {
  lifetime: 'signedIn',
  dependsOn: (request, userId) => [...sessionSummaryKept.dependsOn(request, userId), ...anyRowOf('experts')],
  answerDependsOn: (answer, userId) => [
    ...rowsOf(`user:${userId}`, 'sessions', 'payments', 'experts'),
    ...[...new Set((answer as { sessions: SessionView[] }).sessions.map((s) => s.expertId))].flatMap((id) => rowsOf(`expert:${id}`, 'experts')),
  ],
};

export const sessionRoutes: FastifyPluginAsyncZod<SessionDeps & { testHooks: boolean }> = async (app, deps) => {
  const tags = ['sessions'];

  /**
   * Books a session: 201 `{ session }` (200 on an Idempotency-Key replay with the same body; 422 with another
   * body). The price is computed from the expert's rate. 202 `{ session, paymentAction }` when the card needs
   * 3-D Secure: the slot is reserved for 15 minutes (docs/product.md "Payments"). 400 / 401 / 402 declined / 403 / 404 / 409 /
   * 422 — see bookSession.
   */
  app.post(
    '/api/sessions',
    {
      schema: {
        tags,
        headers: idempotencyHeader,
        body: bookingInput,
        response: { ...bookingAnswers, ...errors },
      },
      config: { signIn: 'required', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await requireUser(request, messages.booking.signInToBook);
      const answer = bookingAnswer(await bookSession(reportingTo(deps, request), user, request.body, request.headers['idempotency-key']));
      return reply.status(answer.status).send(answer.body);
    },
  );

  /**
   * The client finished the card's extra authentication (3-D Secure): the server asks the processor and books
   * the reserved session (status booked), or answers it still pending_payment. 402 when the payment failed or
   * the 15-minute reservation expired. See completeReservation (docs/product.md "Payments").
   */
  app.post(
    '/api/sessions/:id/payment',
    {
      schema: { tags, params, response: { 200: sessionView, 402: errorResponse, ...errors } },
      config: { signIn: 'required', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => completeReservation(reportingTo(deps, request), await requireUser(request), request.params.id),
  );

  /**
   * A page of the caller's sessions as client or expert, `?when=upcoming|past|all&page=&pageSize=` (default all,
   * page 1, 20 per page; upcoming soonest first, the others newest first): `{ sessions: SessionView[], total, page,
   * pageSize }`. 400 bad query; 401 signed out. Serialised with plain JSON.stringify (plain-json.ts): the views come
   * typed from toView. Kept per account and URL (src/server/cache/plugin.ts) until a change to one of its sessions,
   * their payments, or the experts they name, so repeated reads skip the database (docs/product.md "Sessions").
   */
  app.get(
    '/api/sessions',
    {
      config: { signIn: 'required', kept: sessionListKept },
      schema: { tags, querystring: sessionListQuery, response: { 200: sessionList, 400: errorResponse, 401: errorResponse } },
      serializerCompiler: plainJson,
    },
    async (request) => listMySessions(deps.db, await requireUser(request), request.query),
  );

  /**
   * The dashboards' counters over all of the caller's sessions: `{ upcoming, awaitingConfirmation, concluded,
   * completed, spentCents, proposalsToAnswer, proposalSessionId }` (see summariseMySessions; money integer cents). 401 signed out. Kept per account like
   * the list, and dropped by the same changes.
   */
  app.get(
    '/api/sessions/summary',
    {
      config: { signIn: 'required', kept: sessionSummaryKept },
      schema: { tags, response: { 200: sessionSummary, 401: errorResponse } },
    },
    async (request) => summariseMySessions(deps.db, await requireUser(request)),
  );

  /** One session for its client or expert. 403 "You don't have permission to view this session"; 404 'Session not found'. */
  app.get('/api/sessions/:id', { config: { signIn: 'required' }, schema: { tags, params, response: { 200: sessionView, ...errors } } }, async (request) =>
    getSession(deps.db, await requireUser(request), request.params.id),
  );

  /**
   * The session as a calendar file for its client or expert ("Add to calendar"): `text/calendar` as an attachment
   * 'mentora-session-<date>.ics', METHOD:PUBLISH, the invites' UID and SEQUENCE; never cached. 401 signed out; 403 not
   * a party; 404 unknown; 409 not booked (cancelled, expired, awaiting payment) — see getSessionCalendar.
   */
  app.get(
    '/api/sessions/:id/calendar.ics',
    {
      config: {
        signIn: 'required',
        openapi: { description: 'The answer is `text/calendar; charset=utf-8` (RFC 5545), one VEVENT, as a download.', answers: { 200: 'text/calendar' } },
      },
      schema: { tags, params, response: { 200: z.string().describe('The iCalendar object'), ...errors } },
    },
    async (request, reply) => {
      const { filename, ics } = await getSessionCalendar(deps.db, await requireUser(request), request.params.id, deps.baseUrl);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );

  /** The client confirms the session took place: status confirmed, payment released. 409 when not allowed now. */
  app.post(
    '/api/sessions/:id/confirm',
    { config: { signIn: 'required' }, schema: { tags, params, response: { 200: sessionView, ...errors } } },
    async (request) => confirmSession(reportingTo(deps, request), await requireUser(request), request.params.id),
  );

  /** The client reports an issue: status disputed, payment held, the team is told. */
  app.post(
    '/api/sessions/:id/dispute',
    { config: { signIn: 'required' }, schema: { tags, params, body: disputeInput, response: { 200: sessionView, ...errors } } },
    async (request) => disputeSession(deps, await requireUser(request), request.params.id, request.body.description),
  );

  /** Client or expert cancels a booked session before it starts, with a reason; refund per the policy the session was booked under. */
  app.post(
    '/api/sessions/:id/cancel',
    { config: { signIn: 'required' }, schema: { tags, params, body: cancelInput, response: { 200: sessionView, ...errors } } },
    async (request) => cancelSession(reportingTo(deps, request), await requireUser(request), request.params.id, request.body.reason),
  );

  if (deps.testHooks) {
    const { shiftSession } = await import('./test-hooks.js');
    /** Test only (TEST_HOOKS=1, never in production): moves a session by `hours`, e.g. into the past. */
    app.post(
      '/api/test/sessions/:id/shift',
      { schema: { hide: true, params, body: z.object({ hours: z.number().min(-10_000).max(10_000) }) } },
      async (request) => {
        await shiftSession(deps.db, request.params.id, request.body.hours);
        return { ok: true };
      },
    );
  }
};
