/**
 * Cross-site request refusal (docs/security.md): a state-changing request (any method but
 * GET, HEAD, OPTIONS) to an API route whose `Origin` is not this server's own (own-origin.ts), or that the browser
 * marks `Sec-Fetch-Site: cross-site`, answers 403 and reaches no route. With BASE_URL set, the refusal names the
 * address to open instead ("Opened at another address"). "API route" is decided on the route that will
 * run and on the path in any spelling (api-path.ts isApiRequest), never on the raw URL alone, which
 * `/%61pi/...` would get past. Requests without either header come from
 * non-browser clients (which carry no ambient cookies) and pass; Better Auth checks its own routes the same
 * way through `trustedOrigins`. Signed webhooks from payment processors and one-click unsubscribes are exempt: their
 * signature is the check.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/messages.js';
import type { ErrorBody } from '../errors.js';
import { redactUrl } from '../auth/auth-log.js';
import { isApiRequest } from './api-path.js';
import { isOwnOrigin, type OwnOrigins } from './own-origin.js';

/** Methods that change nothing (RFC 9110 §9.2.1). */
export const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Route patterns exempt from the check. A payment processor's webhook is signed. A one-click unsubscribe is POSTed by
 * the recipient's mail program from its own site (RFC 8058 §3.2), carries no cookie it would need, and its signed
 * token names the one account and the one setting it may switch off (docs/security.md "Unsubscribe links").
 */
const exempt = new Set(['/api/payments/stripe/webhook', '/api/unsubscribe/:token']);

export const sameOrigin = fp(async (app: FastifyInstance, own: OwnOrigins) => {
  const refusal = own.fixed ? messages.common.otherAddress(own.base) : messages.common.forbidden;
  // A callback hook (no promise per request); a refusal answers without calling done, so no route runs.
  app.addHook('onRequest', (request, reply, done) => {
    if (safeMethods.has(request.method) || !isApiRequest(request) || exempt.has(request.routeOptions.url ?? '')) return done();
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if ((origin !== undefined && !isOwnOrigin(own, origin, request)) || site === 'cross-site') {
      request.log.warn({ method: request.method, url: redactUrl(request.url), origin }, 'refused cross-site request');
      reply.status(403).send({ error: { code: 'FORBIDDEN', message: refusal } } satisfies ErrorBody);
      return;
    }
    done();
  });
});
