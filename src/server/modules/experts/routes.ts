/**
 * Expert catalogue and availability endpoints (docs/product.md "Search and catalogue", "Expert profiles",
 * "Availability"). `busyIntervals` feeds the expert's live sessions into slot generation; without it no time is
 * busy beyond the expert's own availability and exceptions.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { expertProfileInput, myExpertProfile } from '../../../shared/schemas/expert-profile.js';
import { expertVideosResponse } from '../../../shared/schemas/expert-videos.js';
import {
  availabilityDaysQuery,
  availabilityDaysResponse,
  availabilityInput,
  availabilitySettings,
  expertLanguages,
  expertList,
  expertListQuery,
  expertParams,
  expertProfile,
  slotsQuery,
  slotsResponse,
} from '../../../shared/schemas/experts.js';
import { requireRole } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import type { MicroCache } from '../../infra/cache.js';
import { getMyAvailability, listAvailableDays, listSlots, saveMyAvailability, type BusyIntervals } from './availability-service.js';
import { getMyExpertProfile, listExpertVideos, updateMyExpertProfile } from './profile-service.js';
import { getExpertProfile, listExpertLanguages, searchExperts } from './service.js';
import { slotCache, type SlotCache } from './slot-cache.js';
import { answerKept, jsonBytes, plainJson, sendJson } from '../../http/plain-json.js';

const noBusyIntervals: BusyIntervals = () => sql`'[]'::json`;

/**
 * The raw URL of `request` as a cache key, when it is at most 512 characters (else null: the caller keys by the
 * validated query). Unknown query parameters are dropped by validation, so without the bound one could fill the
 * cache with long URLs that all name the same answer.
 */
const urlKey = (request: FastifyRequest): string | null => (request.url.length <= 512 ? request.url : null);

/**
 * `catalogue` caches the public, anonymous catalogue reads (search, profile, languages, videos) for a few
 * seconds; app.ts clears it whenever this process answers a write, so a change shows at once here and within
 * the cache's TTL on other servers. `slots` caches the slot and available-day answers the same way for a
 * shorter time, also forgetting an expert's answers when a session of theirs is booked or cancelled here
 * (slot-cache.ts); by default nothing is cached. Nothing per-user is cached.
 */
export const expertRoutes: FastifyPluginAsyncZod<{ db: Db; catalogue: MicroCache; slots?: SlotCache; busyIntervals?: BusyIntervals }> = async (
  app,
  { db, catalogue, slots = slotCache({ ttlMs: 0, max: 0 }), busyIntervals = noBusyIntervals },
) => {
  const tags = ['experts'];

  /** Search published experts: `{ experts: ExpertCard[], total, page, pageSize, matched }`. 400 on bad parameters. */
  // The cache keeps the JSON bytes of an answer per URL, so a hit costs no validation or serialisation at all.
  app.get(
    '/api/experts',
    {
      schema: { tags, querystring: expertListQuery, response: { 200: expertList, 400: errorResponse } },
      serializerCompiler: plainJson,
      onRequest: answerKept((request) => urlKey(request) && catalogue.peek(`search:${request.url}`)),
    },
    async (request, reply) =>
      sendJson(
        reply,
        catalogue.get(`search:${urlKey(request) ?? JSON.stringify(request.query)}`, async () =>
          jsonBytes(await searchExperts(db, request.query, catalogue.get)),
        ),
      ),
  );

  /** Languages spoken by published experts, A–Z, for the results filter. */
  app.get('/api/expert-languages', { schema: { tags, response: { 200: expertLanguages } } }, async () =>
    catalogue.get('languages', async () => ({ languages: await listExpertLanguages(db) })),
  );

  /** Intro videos of published experts for the landing carousel: `{ videos: ExpertVideo[] }` (at most 13). */
  app.get('/api/experts/videos', { schema: { tags, response: { 200: expertVideosResponse } } }, async () =>
    catalogue.get('videos', async () => ({ videos: await listExpertVideos(db) })),
  );

  /** One published expert by uuid or slug; 404 'Expert Not Found'. */
  app.get(
    '/api/experts/:idOrSlug',
    {
      schema: { tags, params: expertParams, response: { 200: expertProfile, 404: errorResponse } },
      serializerCompiler: plainJson,
      onRequest: answerKept<{ idOrSlug: string }>((request) => catalogue.peek(`profile:${request.params.idOrSlug}`)),
    },
    async (request, reply) =>
      sendJson(
        reply,
        catalogue.get(`profile:${request.params.idOrSlug}`, async () => jsonBytes(await getExpertProfile(db, request.params.idOrSlug))),
      ),
  );

  /** Bookable UTC start times on the client's `date` in zone `tz` for `duration` minutes. 400 bad input; 404 unknown expert. */
  // Cached for SLOTS_CACHE_MS as JSON bytes (slot-cache.ts), like the catalogue reads above.
  app.get(
    '/api/experts/:idOrSlug/slots',
    {
      schema: { tags, params: expertParams, querystring: slotsQuery, response: { 200: slotsResponse, 400: errorResponse, 404: errorResponse } },
      serializerCompiler: plainJson,
      onRequest: answerKept<{ idOrSlug: string }>((request) => urlKey(request) && slots.peek(request.params.idOrSlug, request.url)),
    },
    async (request, reply) => {
      const { idOrSlug } = request.params;
      const { date, duration, tz } = request.query;
      return sendJson(
        reply,
        slots.get(idOrSlug, urlKey(request) ?? `slots ${date} ${duration} ${tz}`, async () => {
          const answer = await listSlots(db, idOrSlug, { date, duration, tz }, new Date(), busyIntervals);
          return { expertId: answer.expertId, body: jsonBytes({ slots: answer.slots }) };
        }),
      );
    },
  );

  /** Client dates `from`..`to` (≤ 62 days, zone `tz`) with at least one slot of `duration` minutes. 400 / 404. */
  app.get(
    '/api/experts/:idOrSlug/availability-days',
    {
      schema: {
        tags,
        params: expertParams,
        querystring: availabilityDaysQuery,
        response: { 200: availabilityDaysResponse, 400: errorResponse, 404: errorResponse },
      },
      serializerCompiler: plainJson,
      onRequest: answerKept<{ idOrSlug: string }>((request) => urlKey(request) && slots.peek(request.params.idOrSlug, request.url)),
    },
    async (request, reply) => {
      const { idOrSlug } = request.params;
      const { from, to, duration, tz } = request.query;
      return sendJson(
        reply,
        slots.get(idOrSlug, urlKey(request) ?? `days ${from} ${to} ${duration} ${tz}`, async () => {
          const answer = await listAvailableDays(db, idOrSlug, { from, to, duration, tz }, new Date(), busyIntervals);
          return { expertId: answer.expertId, body: jsonBytes({ days: answer.days }) };
        }),
      );
    },
  );

  /** The signed-in expert's availability settings. 401 signed out; 403 not an expert with a profile. */
  app.get(
    '/api/me/availability',
    { config: { signIn: 'required' }, schema: { tags, response: { 200: availabilitySettings, 401: errorResponse, 403: errorResponse } } },
    async (request) => getMyAvailability(db, await requireRole(request, ['expert'])),
  );

  /** Replaces the signed-in expert's zone, weekly ranges and exceptions. 400 invalid (nothing changes); 401; 403. */
  app.put(
    '/api/me/availability',
    {
      config: { signIn: 'required' },
      schema: { tags, body: availabilityInput, response: { 200: availabilitySettings, 400: errorResponse, 401: errorResponse, 403: errorResponse } },
    },
    async (request) => saveMyAvailability(db, await requireRole(request, ['expert']), request.body),
  );

  /** The signed-in expert's editable profile (docs/product.md "Expert profiles"). 401 signed out; 403 not an expert with a profile. */
  app.get(
    '/api/me/expert-profile',
    { config: { signIn: 'required' }, schema: { tags, response: { 200: myExpertProfile, 401: errorResponse, 403: errorResponse } } },
    async (request) => getMyExpertProfile(db, await requireRole(request, ['expert'])),
  );

  /** Replaces the signed-in expert's profile fields, photo and video (rate in dollars). 400 invalid (nothing changes); 401; 403. */
  app.put(
    '/api/me/expert-profile',
    {
      config: { signIn: 'required' },
      schema: { tags, body: expertProfileInput, response: { 200: myExpertProfile, 400: errorResponse, 401: errorResponse, 403: errorResponse } },
    },
    async (request) => updateMyExpertProfile(db, await requireRole(request, ['expert']), request.body),
  );
};
