/** GET /api/me, PUT /api/me/profile and PUT /api/me/time-zone. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me, meResponse, profileInput, timeZoneInput } from '../../../shared/schemas/profile.js';
import { errorResponse } from '../../../shared/schemas/common.js';
import { requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { saveProfile, saveTimeZone, toMe } from './service.js';

export const meRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The signed-in account, or `{ user: null }` for a visitor. */
  app.get('/api/me', { config: { signIn: 'optional' }, schema: { tags: ['account'], response: { 200: meResponse } } }, async (request) => {
    const current = await request.getUser();
    return { user: current ? toMe(current) : null };
  });

  /** Completes or edits the profile: first and last name required, phone optional, role client|expert. 400 in the product's words. */
  app.put(
    '/api/me/profile',
    {
      config: { signIn: 'required' },
      schema: { tags: ['account'], body: profileInput, response: { 200: me, 400: errorResponse, 401: errorResponse, 409: errorResponse } },
    },
    async (request) => saveProfile(db, await requireUser(request), request.body),
  );

  /** Sets the account's IANA time zone (e-mails, reminders, invites are written in it). 400 unknown zone. */
  app.put(
    '/api/me/time-zone',
    {
      config: { signIn: 'required' },
      schema: { tags: ['account'], body: timeZoneInput, response: { 200: me, 400: errorResponse, 401: errorResponse } },
    },
    async (request) => saveTimeZone(db, await requireUser(request), request.body),
  );
};
