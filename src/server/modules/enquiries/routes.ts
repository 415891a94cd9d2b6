/**
 * POST /api/contact, POST /api/partner-enquiries, POST /api/match-requests (docs/product.md "Enquiries"). Open to
 * anonymous visitors (the signed-in account's id is stored when there is one); 201 `{ id }`, 400 with the
 * product's words, 429 after `enquiryRateLimit` requests per IP and route.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { contactInput, createdEnquiry, matchRequestInput, partnerEnquiryInput } from '../../../shared/schemas/enquiries.js';
import type { Db } from '../../db/client.js';
import { createContactMessage, createMatchRequest, createPartnerEnquiry } from './service.js';

/** Each form accepts 5 submissions per minute from one IP address. */
export const enquiryRateLimit = { max: 5, timeWindow: '1 minute' } as const;

const responses = { 201: createdEnquiry, 400: errorResponse, 429: errorResponse } as const;
const routeOptions = { config: { signIn: 'optional', rateLimit: enquiryRateLimit } } as const;

export const enquiryRoutes: FastifyPluginAsyncZod<{ db: Db; baseUrl: string }> = async (app, { db, baseUrl }) => {
  /** Contact form: name, email, message required; blank subject → default subject. Queues an acknowledgement e-mail. */
  app.post('/api/contact', { ...routeOptions, schema: { tags: ['enquiries'], body: contactInput, response: responses } }, async (request, reply) => {
    const user = await request.getUser();
    return reply.status(201).send(await createContactMessage(db, user?.id ?? null, request.body, baseUrl));
  });

  /** Partner enquiry: business type and a description of the organisation and its goals, both required. */
  app.post(
    '/api/partner-enquiries',
    { ...routeOptions, schema: { tags: ['enquiries'], body: partnerEnquiryInput, response: responses } },
    async (request, reply) => {
      const user = await request.getUser();
      return reply.status(201).send(await createPartnerEnquiry(db, user?.id ?? null, request.body));
    },
  );

  /** Custom expert-match request (/search): personal fields required, request text 1–400 characters. */
  app.post(
    '/api/match-requests',
    { ...routeOptions, schema: { tags: ['enquiries'], body: matchRequestInput, response: responses } },
    async (request, reply) => {
      const user = await request.getUser();
      return reply.status(201).send(await createMatchRequest(db, user?.id ?? null, request.body));
    },
  );
};
