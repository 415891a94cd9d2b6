/**
 * Calendar feed endpoints (docs/product.md "Calendar feed"; docs/security.md "Calendar feed address"). Rules live in
 * the use cases (./use-cases/, one per file).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedAddress, calendarFeedStatus } from '../../../shared/schemas/calendar-feed.js';
import { errorResponse } from '../../../shared/schemas/common.js';
import { requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { feedTokenHash } from './feed-token.js';
import { getCalendarFeed } from './use-cases/get-calendar-feed.js';
import { readCalendarFeed } from './use-cases/read-calendar-feed.js';
import { resetCalendarFeed } from './use-cases/reset-calendar-feed.js';

export const calendarFeedRoutes: FastifyPluginAsyncZod<{ db: Db; baseUrl: string }> = async (app, { db, baseUrl }) => {
  const tags = ['account'];

  /** Whether the signed-in account has a subscription address: `{ exists, createdAt }` (UTC, null when none). 401. */
  app.get(
    '/api/me/calendar-feed',
    { config: { signIn: 'required' }, schema: { tags, response: { 200: calendarFeedStatus, 401: errorResponse } } },
    async (request) => getCalendarFeed(db, (await requireUser(request)).id),
  );

  /**
   * Creates the signed-in account's subscription address, or replaces it (a reset): 201 `{ url, createdAt }`, the
   * full address, given only in this answer. The previous address answers 404 from now on. 401.
   */
  app.post(
    '/api/me/calendar-feed',
    {
      config: { signIn: 'required', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, response: { 201: calendarFeedAddress, 401: errorResponse, 429: errorResponse } },
    },
    async (request, reply) => reply.status(201).send(await resetCalendarFeed(db, (await requireUser(request)).id, baseUrl)),
  );

  /**
   * The account's sessions as an iCalendar feed (text/calendar, METHOD:PUBLISH) for calendar programs: the address
   * is the credential, no cookie is read or set. Sessions booked, confirmed, completed or disputed, as client or
   * expert, starting from 30 days ago, at most 500; UID and SEQUENCE as in the invites. Never stored by caches.
   * 404 for an unknown, replaced or malformed token alike; 429 past 30 requests a minute for one address.
   */
  app.get(
    '/calendar/:token.ics',
    {
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          // Per address, not per client IP: Google and Outlook poll every subscriber's feed from a few shared addresses.
          // The key is the token's hash, so the rate-limit store (Redis) never holds the secret.
          keyGenerator: (request) => `calendar-feed:${feedTokenHash(String((request.params as { token?: unknown }).token ?? ''))}`,
        },
        openapi: { description: 'The answer is `text/calendar; charset=utf-8` (RFC 5545), one VEVENT per session.', answers: { 200: 'text/calendar' } },
      },
      schema: {
        tags,
        params: z.object({ token: z.string().max(200) }),
        response: { 200: z.string().describe('The iCalendar object'), 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const ics = await readCalendarFeed(db, request.params.token, baseUrl);
      return reply.type('text/calendar; charset=utf-8').send(ics);
    },
  );
};
