/** API answers are never stored by browsers or proxies, unless their route says otherwise (`Cache-Control: no-store`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from './api-path.js';

export const apiNoStore = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && isApiRequest(request)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
