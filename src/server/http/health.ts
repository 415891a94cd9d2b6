/**
 * Health endpoints for load balancers and scripts/check-services.mjs: GET /healthz (the process answers) and
 * GET /readyz (its database, and Redis when configured, answer).
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { redisAnswers } from '../infra/redis.js';

export async function healthRoutes(app: FastifyInstance, opts: { config: Config; database: Database; redis?: Redis; payments: string }) {
  const { config, database, redis } = opts;
  /** 200 `{ status: 'ok' }` while the process answers. */
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  /**
   * 200 when the database (and Redis, when configured) answer, else 503. Lists the services this server
   * uses: `{ status: 'ready' | 'unavailable', database, services: { database, redis, mail, storage, payments } }`;
   * a part that does not answer is named `down` in `services` (`database` at the top level keeps its kind).
   */
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [dbUp, redisUp] = await Promise.all([
      database.ping().then(
        () => true,
        () => false,
      ),
      redis ? redisAnswers(redis) : true,
    ]);
    const services = {
      database: dbUp ? database.kind : 'down',
      redis: redis ? (redisUp ? 'up' : 'down') : 'off',
      mail: config.smtpUrl ? 'smtp' : 'files',
      storage: config.s3 ? 's3' : 'local',
      payments: opts.payments,
    };
    const status = dbUp && redisUp ? 'ready' : 'unavailable';
    return reply.status(status === 'ready' ? 200 : 503).send({ status, database: database.kind, services });
  });
}
