/** Expert application endpoints (docs/product.md "Expert applications"). Rules live in service.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.js';
import { createdApplication, applicationInput, myApplicationResponse, suggestionsInput, suggestionsResponse } from '../../../shared/schemas/applications.js';
import { errorResponse } from '../../../shared/schemas/common.js';
import { requireRole, requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import type { StorageDriver } from '../../infra/storage/driver.js';
import { latestApplication, submitApplication, suggestExpertise } from './service.js';

type Deps = { db: Db; storage: StorageDriver; baseUrl: string; adminEmails: readonly string[] };

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse } as const;

export const applicationRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, storage, baseUrl, adminEmails }) => {
  const tags = ['applications'];

  /** The caller's latest application, newest first, or `{ application: null }`. 401 signed out. */
  app.get(
    '/api/applications/mine',
    { config: { signIn: 'required' }, schema: { tags, response: { 200: myApplicationResponse, 401: errorResponse } } },
    async (request) => ({
      application: await latestApplication(db, (await requireUser(request)).id),
    }),
  );

  /**
   * Submits an application (expert accounts only; docs/product.md "Expert applications"): 201 `{ application, emailQueued }` with status
   * `submitted`. 400 in the wizard's words; 401 'Please sign in to submit your application'; 403 for other
   * roles; 404 when `cvFileId` is not the caller's CV; 409 while another application is open.
   */
  app.post(
    '/api/applications',
    {
      schema: { tags, body: applicationInput, response: { 201: createdApplication, 409: errorResponse, ...errors } },
      config: { signIn: 'required', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await requireUser(request, messages.application.signInToSubmit);
      const applicant = await requireRole(request, ['expert'], messages.application.expertOnly);
      const result = await submitApplication({ db, baseUrl, adminEmails }, applicant, request.body);
      if (!result.emailQueued) request.log.error({ applicationId: result.application.id }, 'application e-mails could not be queued');
      return reply.status(201).send(result);
    },
  );

  /**
   * Suggests up to 3 catalogue areas from the caller's own uploaded CV (`fileId`), leaving out `selected`.
   * 404 for a file that is not the caller's CV; 422 when no text can be read or the document is over the
   * reading limits (cv-text.ts); 503 when too many CVs are being read. Never fetches a URL.
   */
  app.post(
    '/api/expertise-suggestions',
    {
      schema: { tags, body: suggestionsInput, response: { 200: suggestionsResponse, 422: errorResponse, 503: errorResponse, ...errors } },
      config: { signIn: 'required', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => suggestExpertise(db, storage, await requireUser(request), request.body),
  );
};
