/**
 * GET /metrics: the Prometheus text format (infra/metrics.ts; names and alerts in docs/deploy.md "Metrics and
 * alerts"), outside /api and the API document. Who may read it (docs/security.md "Metrics and backups"): with
 * METRICS_TOKEN set, a request bearing it (`Authorization: Bearer <token>`, compared in constant time), anything else
 * 401 with `WWW-Authenticate: Bearer` (RFC 6750 §3); without it, only a request from this machine (the dev mailbox's
 * rule, `fromThisMachine`), anything else the API's ordinary 404. `requestMetrics` times every answer into the same
 * metrics; it is registered first so that no answer escapes it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash, timingSafeEqual } from 'node:crypto';
import { messages } from '../../shared/messages.js';
import type { Config } from '../config.js';
import { fromThisMachine } from '../dev/mailbox.js';
import type { ErrorBody } from '../errors.js';
import type { Metrics } from '../infra/metrics.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when the request's `Authorization` header is `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or content of the guess.
 */
export function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = /^Bearer (\S+)$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(sha256(given), sha256(token));
}

/** The API's 404 body, for a request that may not know the endpoint exists. */
export const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.common.notFound } } satisfies ErrorBody);

/** Times every answer into `metrics` by method, route pattern and status (at the root, so it sees every route). */
export const requestMetrics = fp(async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
  // A callback hook: no promise per request for work that never waits.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
});

/** The GET /metrics route. */
export async function metricsRoute(app: FastifyInstance, { config, metrics }: { config: Config; metrics: Metrics }) {
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: (request, reply, done) => {
        if (config.metricsToken ? bearerMatches(request, config.metricsToken) : fromThisMachine(request)) return done();
        if (!config.metricsToken) return void notFound(reply);
        reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ error: { code: 'UNAUTHENTICATED', message: messages.common.notSignedIn } } satisfies ErrorBody);
      },
    },
    async (_request, reply) => {
      const { contentType, text } = await metrics.scrape();
      return reply.type(contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
