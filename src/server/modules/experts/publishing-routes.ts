/**
 * The signed-in expert's publication (docs/product.md "Expert onboarding and publishing"): read the checklist,
 * publish or hide the profile. Never kept: the answer is per account.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { profilePublishing, profilePublishingInput } from '../../../shared/schemas/expert-publishing.js';
import { requireRole } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../infra/payments/provider.js';
import { getMyPublishing, setMyPublishing } from './publishing-service.js';

export const publishingRoutes: FastifyPluginAsyncZod<{ db: Db; provider: PaymentProvider; baseUrl: string }> = async (app, { db, provider, baseUrl }) => {
  const tags = ['experts'];

  /** `{ slug, published, publishedAt, suspended, steps: { rate, hours, photo } }`. 401 signed out; 403 not an expert with a profile. */
  app.get(
    '/api/me/profile-publishing',
    { config: { signIn: 'required' }, schema: { tags, response: { 200: profilePublishing, 401: errorResponse, 403: errorResponse } } },
    async (request) => getMyPublishing(db, await requireRole(request, ['expert'])),
  );

  /** `{ published: boolean }`: publish or hide (hiding ends the plans subscribed to the expert, their month's unused share refunded). 400 a step is missing or bad body (nothing changes); 401; 403; 409 suspended. */
  app.put(
    '/api/me/profile-publishing',
    {
      config: { signIn: 'required' },
      schema: {
        tags,
        body: profilePublishingInput,
        response: { 200: profilePublishing, 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => setMyPublishing(db, { provider, baseUrl }, await requireRole(request, ['expert']), request.body.published),
  );
};
