/**
 * Request ids (docs/security.md "Request ids"): every request gets one, pino binds it to each of the request's log
 * lines (`reqId`), and the answer carries it in `X-Request-Id`, so a user's report ("it failed, id …") finds its lines
 * on whichever server answered. An incoming X-Request-Id is kept only behind a trusted proxy (TRUST_PROXY: the TCP
 * peer is a trusted proxy, which sets it) and only when it is 1–128 characters of letters, digits and `. _ : -`; otherwise, and always without
 * a proxy, the id is a random UUID, so a client can neither pose as another request nor write free text into the logs.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ProxyTrust } from './trusted-proxy.js';

const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId` for a server that trusts the proxies `proxies` (trusted-proxy.ts) or none (false). */
export function requestIdGenerator(proxies: ProxyTrust | false): (request: IncomingMessage) => string {
  if (!proxies) return () => randomUUID();
  return (request) => {
    const given = request.headers['x-request-id'];
    const fromProxy = request.socket.remoteAddress !== undefined && proxies(request.socket.remoteAddress, 0);
    return fromProxy && typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
  };
}

/** Sends each request's id back in `X-Request-Id`, set first so every answer carries it, errors and kept answers too. */
export const requestIdHeader = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
});
