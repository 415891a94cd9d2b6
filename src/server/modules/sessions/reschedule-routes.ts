/** Reschedule endpoints (docs/product.md "Reschedule"). Rules live in the use cases (./use-cases/, one per file). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { rescheduleInput, rescheduleSlotsQuery, rescheduleSlotsResponse } from '../../../shared/schemas/reschedule.js';
import { sessionView } from '../../../shared/schemas/sessions.js';
import { requireUser } from '../../auth/guards.js';
import type { SessionDeps } from './deps.js';
import { getRescheduleSlots } from './use-cases/get-reschedule-slots.js';
import { rescheduleSession } from './use-cases/reschedule-session.js';

const params = z.object({ id: z.string().max(64) });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

export const rescheduleRoutes: FastifyPluginAsyncZod<SessionDeps> = async (app, deps) => {
  const tags = ['sessions'];

  /**
   * The free start times (UTC ISO, ascending) the session could move to, `{ slots }` as an expert's bookable slots:
   * `days` (1–62) client dates from `from` (YYYY-MM-DD) in zone `tz` (IANA, default UTC), for the session's duration
   * in minutes, the session itself not counted busy. Either party; 400 bad query; 403 another account; 404.
   */
  app.get(
    '/api/sessions/:id/reschedule-slots',
    { config: { signIn: 'required' }, schema: { tags, params, querystring: rescheduleSlotsQuery, response: { 200: rescheduleSlotsResponse, ...errors } } },
    async (request) => getRescheduleSlots(deps.db, await requireUser(request), request.params.id, request.query),
  );

  /**
   * The client moves the session to `startsAt` (UTC ISO, one of the reschedule slots), same duration, while its stored
   * cancellation policy would still refund them in full: 200 the session view (its `moves` hold the move). The payment
   * stays held as it is; both parties get an e-mail with the updated invite. 403 the expert or another account; 404;
   * 409 not allowed now (the reason), or the time was just taken or clashes with the client's other session; 422 a
   * time that is not one of the session's free times. See rescheduleSession.
   */
  app.post(
    '/api/sessions/:id/reschedule',
    {
      config: { signIn: 'required' },
      schema: { tags, params, body: rescheduleInput, response: { 200: sessionView, ...errors, 409: errorResponse, 422: errorResponse } },
    },
    async (request) => rescheduleSession(deps, await requireUser(request), request.params.id, new Date(request.body.startsAt)),
  );
};
