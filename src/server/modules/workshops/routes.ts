/**
 * Workshop endpoints (docs/product.md "Workshops"): the expert's own workshops under /api/me/workshops, the public
 * list and page, and booking a seat. Rules live in the use cases (./use-cases/, one per file). Never kept: seats
 * left change with every booking.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { errorResponse } from '../../../shared/schemas/common.js';
import { bookingAnswers, cancelInput, idempotencyHeader } from '../../../shared/schemas/sessions.js';
import {
  myWaitlistView,
  myWorkshopView,
  seatInput,
  waitlistView,
  workshopInput,
  workshopListQuery,
  workshopPatch,
  workshopView,
} from '../../../shared/schemas/workshops.js';
import { workshopMessages } from '../../../shared/workshops.js';
import { requireRole, requireUser } from '../../auth/guards.js';
import { reportingTo } from '../../infra/failure-report.js';
import { bookingAnswer, type SessionDeps } from '../sessions/booking-service.js';
import { bookSeat } from './use-cases/book-seat.js';
import { cancelWorkshop } from './use-cases/cancel-workshop.js';
import { createWorkshop } from './use-cases/create-workshop.js';
import { getMyWorkshop } from './use-cases/get-my-workshop.js';
import { getWaitlist } from './use-cases/get-waitlist.js';
import { getWorkshop } from './use-cases/get-workshop.js';
import { joinWaitlist } from './use-cases/join-waitlist.js';
import { leaveWaitlist } from './use-cases/leave-waitlist.js';
import { listMyWaitlist } from './use-cases/list-my-waitlist.js';
import { listMyWorkshops } from './use-cases/list-my-workshops.js';
import { listWorkshops } from './use-cases/list-workshops.js';
import { publishWorkshop } from './use-cases/publish-workshop.js';
import { updateWorkshop } from './use-cases/update-workshop.js';

const params = z.object({ id: z.string().max(64) });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const workshopRoutes: FastifyPluginAsyncZod<SessionDeps> = async (app, deps) => {
  const tags = ['workshops'];
  const expert = (request: Parameters<typeof requireRole>[0]) => requireRole(request, ['expert'], workshopMessages.onlyExperts);

  /** Upcoming published workshops, soonest first: `{ workshops }` (filters `topic`, `from`, `to`, `tz`, `maxPriceCents`). 400 bad query. */
  app.get(
    '/api/workshops',
    { schema: { tags, querystring: workshopListQuery, response: { 200: z.object({ workshops: z.array(workshopView) }), 400: errorResponse } } },
    async (request) => ({ workshops: await listWorkshops(deps.db, request.query) }),
  );

  /** One workshop's public page (published or cancelled). 404 unknown or a draft. */
  app.get('/api/workshops/:id', { schema: { tags, params, response: { 200: workshopView, 404: errorResponse } } }, async (request) =>
    getWorkshop(deps.db, request.params.id),
  );

  /**
   * Books a seat: 201 `{ session }` (the seat, a session of kind 'workshop'), 200 on an Idempotency-Key replay with
   * the same body, 202 `{ session, paymentAction }` when the card needs 3-D Secure. 400 / 401 / 402 / 403 / 404 /
   * 409 'This workshop is full' and other refusals / 422 — see bookSeat.
   */
  app.post(
    '/api/workshops/:id/seats',
    {
      schema: {
        tags,
        params,
        headers: idempotencyHeader,
        body: seatInput,
        response: { ...bookingAnswers, ...errors },
      },
      config: { signIn: 'required', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await requireUser(request, messages.booking.signInToBook);
      const answer = bookingAnswer(await bookSeat(reportingTo(deps, request), user, request.params.id, request.body, request.headers['idempotency-key']));
      return reply.status(answer.status).send(answer.body);
    },
  );

  /**
   * The signed-in viewer's place on the workshop's waitlist: `{ status: 'none' | 'waiting' | 'offered', position,
   * offerExpiresAt (ISO UTC), waiting }`. 401; 404 unknown or a draft.
   */
  app.get(
    '/api/workshops/:id/waitlist',
    { config: { signIn: 'required' }, schema: { tags, params, response: { 200: waitlistView, 401: errorResponse, 404: errorResponse } } },
    async (request) => getWaitlist(deps.db, await requireUser(request, workshopMessages.signInToWait), request.params.id),
  );

  /**
   * Joins the waitlist of a full workshop: 201 the client's place. 401 / 403 not a client, incomplete profile or own
   * workshop / 404 / 409 seats still free (book instead), already waiting or holding a seat, cancelled or started —
   * see joinWaitlist.
   */
  app.post(
    '/api/workshops/:id/waitlist',
    {
      config: { signIn: 'required', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, params, response: { 201: waitlistView, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await joinWaitlist(deps, await requireUser(request, workshopMessages.signInToWait), request.params.id)),
  );

  /**
   * Leaves the waitlist, or gives up the seat offered (it goes to the next client at once): 200 the client's place
   * (`none`). 401 / 403 not a client / 404 / 409 not on the waitlist — see leaveWaitlist.
   */
  app.delete(
    '/api/workshops/:id/waitlist',
    { config: { signIn: 'required' }, schema: { tags, params, response: { 200: waitlistView, ...errors } } },
    async (request) => leaveWaitlist(deps, await requireUser(request, workshopMessages.signInToWait), request.params.id),
  );

  /** The signed-in viewer's places on the waitlists of upcoming workshops (offers with their deadline): `{ places }`. 401. */
  app.get('/api/me/waitlist', { config: { signIn: 'required' }, schema: { tags, response: { 200: myWaitlistView, 401: errorResponse } } }, async (request) =>
    listMyWaitlist(deps.db, await requireUser(request, workshopMessages.signInToWait)),
  );

  /**
   * The signed-in expert's workshops with seats sold and offered, clients waiting and the ledger's money per workshop,
   * and the zone a new start is typed in: `{ workshops, timeZone }`. 401; 403 not an expert.
   */
  app.get(
    '/api/me/workshops',
    {
      config: { signIn: 'required' },
      schema: { tags, response: { 200: z.object({ workshops: z.array(myWorkshopView), timeZone: z.string() }), 401: errorResponse, 403: errorResponse } },
    },
    async (request) => listMyWorkshops(deps.db, await expert(request)),
  );

  /** Creates a workshop (draft, or published with `publish: true`): 201 the expert's view. 400 / 401 / 403 / 409 busy then. */
  app.post(
    '/api/me/workshops',
    { config: { signIn: 'required' }, schema: { tags, body: workshopInput, response: { 201: myWorkshopView, ...errors } } },
    async (request, reply) => reply.status(201).send(await createWorkshop(deps, await expert(request), request.body)),
  );

  /** One of the expert's workshops, drafts included. 401 / 403 / 404 not theirs. */
  app.get(
    '/api/me/workshops/:id',
    { config: { signIn: 'required' }, schema: { tags, params, response: { 200: myWorkshopView, ...errors } } },
    async (request) => getMyWorkshop(deps.db, await expert(request), request.params.id),
  );

  /**
   * Edits a workshop, with attendees too: their seats follow the time, length and title and each is e-mailed with the
   * updated invite; a new price is for new seats. 400 / 401 / 403 / 404 / 409 started, capacity below the seats taken,
   * a clash of the expert's or an attendee's — see updateWorkshop.
   */
  app.patch(
    '/api/me/workshops/:id',
    { config: { signIn: 'required' }, schema: { tags, params, body: workshopPatch, response: { 200: myWorkshopView, ...errors } } },
    async (request) => updateWorkshop(deps, await expert(request), request.params.id, request.body),
  );

  /** Publishes a draft. 400 start passed / 401 / 403 / 404 / 409 already published or cancelled. */
  app.post(
    '/api/me/workshops/:id/publish',
    { config: { signIn: 'required' }, schema: { tags, params, response: { 200: myWorkshopView, ...errors } } },
    async (request) => publishWorkshop(deps, await expert(request), request.params.id),
  );

  /**
   * The expert cancels the workshop before its start, `{ reason }`: every attendee refunded in full and sent the
   * invite's CANCEL. 400 no reason / 401 / 403 / 404 / 409 already cancelled or started — see cancelWorkshop.
   */
  app.post(
    '/api/me/workshops/:id/cancel',
    { config: { signIn: 'required' }, schema: { tags, params, body: cancelInput, response: { 200: myWorkshopView, ...errors } } },
    async (request) => cancelWorkshop(deps, await expert(request), request.params.id, request.body.reason),
  );
};
