/**
 * The one-click unsubscribe of the e-mails about unread messages (docs/product.md "Messages"; RFC 8058, RFC 2369;
 * docs/security.md "Unsubscribe links"). No session: the signed token in the address names the account. The POST is
 * exempt from the cross-site refusal (http/same-origin.ts) because mail programs send it from elsewhere.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { oneClickUnsubscribe } from '../../../shared/schemas/conversations.js';
import type { Db } from '../../db/client.js';
import { saveMessageEmailSettings, unsubscribeLinkAccount } from './email-settings-service.js';
import { unsubscribePage, unsubscribePagePolicy } from './unsubscribe-page.js';

/** The form fields of a multipart/form-data body (RFC 7578), read by the platform's own parser; none when it is not one. */
async function formFields(contentType: string, body: Buffer): Promise<Record<string, string>> {
  try {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    return Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

export const unsubscribeRoutes: FastifyPluginAsyncZod<{ db: Db; secret: string }> = async (app, { db, secret }) => {
  const tags = ['account'];
  const params = z.object({ token: z.string().max(200) });
  const html = z.string().describe('A short HTML page');
  // A forged or malformed token is answered 404 before the body is read or validated.
  const preValidation = async (request: FastifyRequest) => void unsubscribeLinkAccount(secret, (request.params as { token: string }).token);

  // RFC 8058 §3.2 lets a mail program send the one-click body as multipart/form-data or as a URL-encoded form; a
  // browser's form sends the latter. Both are read here only, for these routes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 4096 }, (request, body, done) => {
    void formFields(String(request.headers['content-type']), body as Buffer).then((fields) => done(null, fields));
  });

  /** The link opened in a browser: 200 a page asking to confirm (opening it changes nothing); 404 a forged or malformed token. */
  app.get(
    '/api/unsubscribe/:token',
    {
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute' },
        openapi: { description: 'The answer is `text/html; charset=utf-8`.', answers: { 200: 'text/html' } },
      },
      preValidation,
      schema: { tags, params, response: { 200: html, 404: errorResponse, 429: errorResponse } },
    },
    async (_request, reply) => reply.type('text/html; charset=utf-8').header('content-security-policy', unsubscribePagePolicy).send(unsubscribePage('ask')),
  );

  /**
   * The one-click unsubscribe (RFC 8058), with body `List-Unsubscribe=One-Click`: switches the named account's e-mails
   * about unread messages off, without a session and from any site. 200 a page saying so; 400 another body; 404 a
   * forged or malformed token.
   */
  app.post(
    '/api/unsubscribe/:token',
    {
      config: {
        rateLimit: { max: 30, timeWindow: '1 minute' },
        openapi: { description: 'The answer is `text/html; charset=utf-8`.', answers: { 200: 'text/html' } },
      },
      preValidation,
      schema: {
        tags,
        params,
        body: oneClickUnsubscribe,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
        response: { 200: html, 400: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await saveMessageEmailSettings(db, unsubscribeLinkAccount(secret, request.params.token), { enabled: false });
      return reply.type('text/html; charset=utf-8').header('content-security-policy', unsubscribePagePolicy).send(unsubscribePage('done'));
    },
  );
};
