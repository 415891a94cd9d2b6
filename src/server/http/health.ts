/**
 * Health endpoints for load balancers and scripts/check-services.mjs: GET /healthz (the process answers) and
 * GET /readyz (its database, and Redis when configured, answer, and the catalogue has been loaded).
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Database } from '../db/client.js';
import { redisAnswers } from '../infra/redis.js';
import type { CatalogueIndex } from '../modules/catalogue/search-service.js';

export async function healthRoutes(
  app: FastifyInstance,
  opts: { config: Config; database: Database; redis?: Redis; changeFeed: ChangeFeed; catalogue: CatalogueIndex; payments: string },
) {
  const { config, database, redis, changeFeed, catalogue } = opts;
  /** 200 `{ status: 'ok' }` while the process answers, from the moment it listens. */
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  /**
   * 200 when the database (and Redis, when configured) answer and the catalogue index has been read whole once, else
   * 503. Lists the services this server uses:
   * `{ status: 'ready' | 'starting' | 'unavailable', database, services: { database, redis, changeFeed, catalogue, mail, storage, payments } }`;
   * a part that does not answer is named `down` in `services` (`database` at the top level keeps its kind).
   * `starting`: the catalogue is `loading` (the first search would wait for it). A change feed that is `down` (it
   * reconnects every second) leaves the server ready: kept answers are not kept meanwhile and search reads a
   * catalogue at most a few seconds old (docs/deploy.md "Connection poolers and the change feed").
   */
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [dbUp, redisUp] = await Promise.all([
      database.ping().then(
        () => true,
        () => false,
      ),
      redis ? redisAnswers(redis) : true,
    ]);
    const loaded = catalogue.loaded();
    const services = {
      database: dbUp ? database.kind : 'down',
      redis: redis ? (redisUp ? 'up' : 'down') : 'off',
      changeFeed: changeFeed.live() ? 'live' : 'down',
      catalogue: loaded ? 'loaded' : 'loading',
      mail: config.smtpUrl ? 'smtp' : 'files',
      storage: config.s3 ? 's3' : 'local',
      payments: opts.payments,
    };
    const status = !dbUp || !redisUp ? 'unavailable' : loaded ? 'ready' : 'starting';
    return reply.status(status === 'ready' ? 200 : 503).send({ status, database: database.kind, services });
  });
}
