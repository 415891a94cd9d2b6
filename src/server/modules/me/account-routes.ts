/** Account basics (docs/product.md "Account"): PUT /api/me/details, PUT /api/me/photo, GET /api/me/export, GET /api/me/deletion, POST /api/me/delete. */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountExport, deleteAccountInput, detailsInput, photoInput } from '../../../shared/schemas/account.js';
import { errorResponse } from '../../../shared/schemas/common.js';
import { me } from '../../../shared/schemas/profile.js';
import { requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import type { StorageDriver } from '../../infra/storage/driver.js';
import { deleteAccount } from './delete-service.js';
import { accountDeletionBlockers } from './deletion-blockers.js';
import { saveDetails } from './details-service.js';
import { exportAccount } from './export-service.js';
import { saveAccountPhoto } from './photo-service.js';

export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; storage: StorageDriver }> = async (app, { db, storage }) => {
  const tags = ['account'];
  const refusals = { 400: errorResponse, 401: errorResponse };

  /** Sets the account's first name, last name and phone (empty phone removes it); an expert's public name follows. 200 the account; 400 in the product's words. */
  app.put('/api/me/details', { config: { signIn: 'required' }, schema: { tags, body: detailsInput, response: { 200: me, ...refusals } } }, async (request) =>
    saveDetails(db, await requireUser(request), request.body),
  );

  /** Sets the account's photo to an uploaded photo of its own (`fileId`), or removes it (`null`). 200 the account; 400 'Photo not found…'. */
  app.put('/api/me/photo', { config: { signIn: 'required' }, schema: { tags, body: photoInput, response: { 200: me, ...refusals } } }, async (request) =>
    saveAccountPhoto(db, await requireUser(request), request.body),
  );

  /** Everything Mentora holds about the account, as a JSON file (`Content-Disposition: attachment`), never kept by caches. */
  app.get(
    '/api/me/export',
    { config: { signIn: 'required', rateLimit: { max: 10, timeWindow: '1 minute' } }, schema: { tags, response: { 200: accountExport, 401: errorResponse } } },
    async (request, reply) => {
      const data = await exportAccount(db, await requireUser(request));
      reply
        .header('content-disposition', `attachment; filename="mentora-data-${data.exportedAt.slice(0, 10)}.json"`)
        .header('cache-control', 'private, no-store');
      return data;
    },
  );

  /**
   * What keeps the account from being deleted now: 200 `{ blockers: string[] }`, each in the product's words (a session
   * still to happen, an open report, money held), empty when it can be deleted. 401 signed out.
   */
  app.get(
    '/api/me/deletion',
    { config: { signIn: 'required' }, schema: { tags, response: { 200: z.object({ blockers: z.array(z.string()) }), 401: errorResponse } } },
    async (request) => accountDeletionBlockers(db, await requireUser(request)),
  );

  /**
   * Deletes the account (delete-service.ts): 200 `{ deleted: true }`, signed out on every device and the cookie cleared. 400 password
   * missing or wrong, 403 no password and no recent sign-in, 409 in the product's words while a session, report or
   * money still needs the account. Five tries a minute, so the password cannot be guessed here.
   */
  app.post(
    '/api/me/delete',
    {
      config: { signIn: 'required', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags,
        body: deleteAccountInput,
        response: { 200: z.object({ deleted: z.literal(true) }), ...refusals, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      const current = await requireUser(request);
      const signedInAt = async () => (await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) }))?.session.createdAt ?? null;
      const { sessionTokens, storageKeys } = await deleteAccount(db, current, request.body, signedInAt);
      const auth = await app.auth.$context;
      // The rows are gone; with Redis the sessions live there too, and are removed by Better Auth's own adapter.
      if (sessionTokens.length) await auth.internalAdapter.deleteSessions(sessionTokens);
      for (const key of storageKeys)
        await storage.delete(key).catch((err: unknown) => request.log.error({ err, key }, 'deleting a deleted account’s file failed'));
      const cookie = auth.authCookies.sessionToken;
      return reply
        .header('set-cookie', `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.attributes.secure ? '; Secure' : ''}`)
        .send({ deleted: true });
    },
  );
};
