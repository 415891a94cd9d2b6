/** No-show endpoints (docs/product.md "No-shows"). Rules live in the use cases (./use-cases/, one per file). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { noShowAnswer, noShowContestInput, noShowReportInput, noShowView } from '../../../shared/schemas/no-shows.js';
import { requireUser } from '../../auth/guards.js';
import type { SessionDeps } from './deps.js';
import { contestNoShow } from './use-cases/contest-no-show.js';
import { getNoShow } from './use-cases/get-no-show.js';
import { reportNoShow } from './use-cases/report-no-show.js';
import { settleDueNoShows } from './use-cases/settle-no-shows.js';

const params = z.object({ id: z.string().max(64) });
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export const noShowRoutes: FastifyPluginAsyncZod<SessionDeps & { testHooks: boolean }> = async (app, deps) => {
  const tags = ['sessions'];

  /** The session's no-show report, `{ report }` (null when none was made), for its client or expert. 403 / 404. */
  app.get(
    '/api/sessions/:id/no-show',
    { config: { signIn: 'required' }, schema: { tags, params, response: { 200: noShowAnswer, ...errors } } },
    async (request) => getNoShow(deps.db, await requireUser(request), request.params.id),
  );

  /**
   * Either party reports that the other did not attend, with an optional statement (≤ 5000 characters), from the
   * session's end until 48 hours after it: 201 the report; the other party has 48 hours to contest. 409 outside
   * the window, not booked, or already reported. See reportNoShow.
   */
  app.post(
    '/api/sessions/:id/no-show',
    { config: { signIn: 'required' }, schema: { tags, params, body: noShowReportInput, response: { 201: noShowView, ...errors } } },
    async (request, reply) => reply.status(201).send(await reportNoShow(deps, await requireUser(request), request.params.id, request.body.statement)),
  );

  /**
   * The party reported absent contests with a statement (1–5000 characters) within 48 hours of the report: the
   * session becomes a dispute for the team. 403 the reporter; 404 no report; 409 settled or past the deadline.
   */
  app.post(
    '/api/sessions/:id/no-show/contest',
    { config: { signIn: 'required' }, schema: { tags, params, body: noShowContestInput, response: { 200: noShowView, ...errors } } },
    async (request) => contestNoShow(deps, await requireUser(request), request.params.id, request.body.statement),
  );

  if (deps.testHooks) {
    const { ageNoShowReport } = await import('./test-hooks.js');
    /**
     * Test only (TEST_HOOKS=1, never in production): moves the session's no-show report `hours` into the past, then
     * runs the settlement job once, so a journey sees an uncontested report settled without waiting for its minute.
     */
    app.post(
      '/api/test/sessions/:id/no-show/age',
      { schema: { hide: true, params, body: z.object({ hours: z.number().min(0).max(10_000) }) } },
      async (request) => {
        await ageNoShowReport(deps.db, request.params.id, request.body.hours);
        return { settled: await settleDueNoShows(deps) };
      },
    );
  }
};
