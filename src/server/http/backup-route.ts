/**
 * GET /backup/database: a consistent copy of the embedded database while the server runs (`Database.snapshot`,
 * PGlite's gzipped data-directory tarball), for `npm run backup` (scripts/backup.ts;
 * docs/decisions/019-metrics-and-backups.md). Registered on PGlite only: PostgreSQL is backed up with pg_dump.
 * Answered only to a request from this machine (`fromThisMachine`) that bears `backupToken(AUTH_SECRET)`: whoever
 * has the secret can already sign any session, and the loopback rule keeps it off the network even if the secret
 * leaks; every other request gets the API's ordinary 404 (docs/security.md "Metrics and backups").
 */
import type { FastifyInstance } from 'fastify';
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { fromThisMachine } from '../dev/mailbox.js';
import { bearerMatches, notFound } from './metrics-route.js';

/** The bearer token of GET /backup/database: an HMAC-SHA256 of a fixed label under AUTH_SECRET, base64url. */
export const backupToken = (authSecret: string): string => createHmac('sha256', authSecret).update('mentora backup').digest('base64url');

export async function backupRoute(app: FastifyInstance, { config, snapshot }: { config: Config; snapshot: NonNullable<Database['snapshot']> }) {
  const token = backupToken(config.authSecret);
  app.get(
    '/backup/database',
    {
      schema: { hide: true },
      onRequest: (request, reply, done) => {
        if (fromThisMachine(request) && bearerMatches(request, token)) return done();
        notFound(reply);
      },
    },
    async (_request, reply) => {
      const tarball = await snapshot();
      return reply
        .type('application/gzip')
        .header('cache-control', 'no-store')
        .header('content-length', tarball.size)
        .header('content-disposition', 'attachment; filename="pgdata.tar.gz"')
        .send(Readable.fromWeb(tarball.stream() as ReadableStream<Uint8Array>));
    },
  );
}
