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
import { anyRowOf, rowsOf, type Dependency } from '../../cache/dependencies.js';
import type { Db } from '../../db/client.js';
import { plainJson } from '../../http/plain-json.js';
import { getMyAvailability, listAvailableDays, listSlots, saveMyAvailability, type BusyIntervals } from './availability-service.js';
import { getMyExpertProfile, listExpertVideos, updateMyExpertProfile } from './profile-service.js';
import { expertKey, getExpertProfile, listExpertLanguages } from './service.js';
import { searchExperts } from '../catalogue/search-service.js';
import { clock } from '../../clock.js';

const noBusyIntervals: BusyIntervals = () => sql`'[]'::json`;

/** What the public catalogue reads (search, languages, videos) depend on: any expert. */
const anyExpert = anyRowOf('experts');

/** The rows of the expert a request names by uuid or slug (the key migration 0016's notifications carry), in `tables`. */
const expertNamed = (request: FastifyRequest, ...tables: Parameters<typeof anyRowOf>): Dependency[] =>
  rowsOf(`expert:${expertKey((request.params as { idOrSlug: string }).idOrSlug).value}`, ...tables);

/**
 * The public catalogue reads (search, profile, languages, videos) and the bookable times are kept in memory
 * (src/server/cache/plugin.ts), each until the database reports a change of the rows it read; the bookable times
 * also for at most SLOTS_CACHE_MS, as they depend on the clock. Nothing per-user is kept here.
 */
export const expertRoutes: FastifyPluginAsyncZod<{ db: Db; busyIntervals?: BusyIntervals }> = async (app, { db, busyIntervals = noBusyIntervals }) => {
  const tags = ['experts'];
  // The server's one index (app.ts), read whole once the server is ready (catalogue-load.ts).
  const index = app.catalogue;

  /** Search published experts: `{ experts: ExpertCard[], total, page, pageSize, matched }`. 400 on bad parameters. */
  app.get(
    '/api/experts',
    {
      schema: { tags, querystring: expertListQuery, response: { 200: expertList, 400: errorResponse } },
      serializerCompiler: plainJson,
      config: { kept: { lifetime: 'catalogue', dependsOn: () => anyExpert } },
    },
    async (request) => searchExperts(db, index, request.query),
  );

  /** Languages spoken by published experts, A–Z, for the results filter. */
  app.get(
    '/api/expert-languages',
    { schema: { tags, response: { 200: expertLanguages } }, config: { kept: { lifetime: 'catalogue', dependsOn: () => anyExpert } } },
    async () => ({ languages: await listExpertLanguages(db) }),
  );

  /** Intro videos of published experts for the landing carousel: `{ videos: ExpertVideo[] }` (at most 13). */
  app.get(
    '/api/experts/videos',
    { schema: { tags, response: { 200: expertVideosResponse } }, config: { kept: { lifetime: 'catalogue', dependsOn: () => anyExpert } } },
    async () => ({ videos: await listExpertVideos(db) }),
  );

  /** One published expert by uuid or slug; 404 'Expert Not Found'. */
  app.get(
    '/api/experts/:idOrSlug',
    {
      schema: { tags, params: expertParams, response: { 200: expertProfile, 404: errorResponse } },
      serializerCompiler: plainJson,
      config: { kept: { lifetime: 'catalogue', dependsOn: (request) => expertNamed(request, 'experts') } },
    },
    async (request) => getExpertProfile(db, request.params.idOrSlug),
  );

  /** What bookable times read: the expert's row (zone, publication), weekly rules, exceptions, workshops and sessions (busy times). */
  const slotsKept = {
    lifetime: 'slots',
    dependsOn: (request: FastifyRequest) => expertNamed(request, 'experts', 'availability_rules', 'availability_exceptions', 'workshops', 'sessions'),
  } as const;

  /** Bookable UTC start times on the client's `date` in zone `tz` for `duration` minutes. 400 bad input; 404 unknown expert. */
  app.get(
    '/api/experts/:idOrSlug/slots',
    {
      schema: { tags, params: expertParams, querystring: slotsQuery, response: { 200: slotsResponse, 400: errorResponse, 404: errorResponse } },
      serializerCompiler: plainJson,
      config: { kept: slotsKept },
    },
    async (request) => {
      const { date, duration, tz } = request.query;
      return { slots: (await listSlots(db, request.params.idOrSlug, { date, duration, tz }, clock.now(), busyIntervals)).slots };
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
      config: { kept: slotsKept },
    },
    async (request) => {
      const { from, to, duration, tz } = request.query;
      return { days: (await listAvailableDays(db, request.params.idOrSlug, { from, to, duration, tz }, clock.now(), busyIntervals)).days };
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
