/** Feedback endpoints (docs/product.md "Feedback and reviews"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { expertParams } from '../../../shared/schemas/experts.js';
import { feedbackEligibility, feedbackInput, privateFeedbackInput, reviewPage } from '../../../shared/schemas/sessions.js';
import { requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { feedbackEligibility as eligibility, listReviews, submitFeedback, submitPrivateFeedback } from './service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(20).default(5),
});

export const feedbackRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['feedback'];

  /** The client's public feedback on a confirmed session: 201; completes the session and updates the expert's rating. */
  app.post(
    '/api/sessions/:id/feedback',
    {
      config: { signIn: 'required' },
      schema: { tags, params: z.object({ id: z.string().max(64) }), body: feedbackInput, response: { 201: z.object({ ok: z.literal(true) }), ...errors } },
    },
    async (request, reply) => {
      await submitFeedback(db, await requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  /** Which session the signed-in caller may review for this expert, and whether the free intro is still available. */
  app.get(
    '/api/experts/:idOrSlug/feedback-eligibility',
    { config: { signIn: 'required' }, schema: { tags, params: expertParams, response: { 200: feedbackEligibility, ...errors } } },
    async (request) => eligibility(db, await requireUser(request), request.params.idOrSlug),
  );

  /** Public reviews of an expert, newest first. */
  app.get(
    '/api/experts/:idOrSlug/reviews',
    { schema: { tags, params: expertParams, querystring: pageQuery, response: { 200: reviewPage, ...errors } } },
    async (request) => listReviews(db, request.params.idOrSlug, request.query.page, request.query.pageSize),
  );

  /** Private comments about an expert, readable by the team only. 201 `{ id }`. */
  app.post(
    '/api/experts/:idOrSlug/private-feedback',
    {
      schema: { tags, params: expertParams, body: privateFeedbackInput, response: { 201: z.object({ id: z.string() }), ...errors } },
      config: { signIn: 'required', rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      reply.status(201).send({ id: await submitPrivateFeedback(db, await requireUser(request), request.params.idOrSlug, request.body.comments) }),
  );
};
