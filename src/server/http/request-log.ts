/**
 * One log line per request that changed something, failed or took a second or more (docs/decisions/015-request-log-lines.md).
 * Fast successful reads are left to the load balancer's access log (docs/deploy.md): a line each was a measurable
 * share of a kept catalogue read's CPU (docs/performance.md). Refused authorisations are 4xx, so they are always logged.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from '../auth/auth-log.js';

export const requestLog = fp(async (app: FastifyInstance) => {
  // A callback hook: no promise per request for work that never waits.
  app.addHook('onResponse', (request, reply, done) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || reply.statusCode >= 400 || reply.elapsedTime >= 1000) {
      request.log.info({ method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    }
    done();
  });
});
