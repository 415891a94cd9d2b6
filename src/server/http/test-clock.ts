/**
 * Test only (TEST_HOOKS=1, which config.ts refuses in production): a request with the header
 * `X-Test-Now: <ISO 8601 instant>` is handled with the server's clock (src/server/clock.ts) at that instant, so a
 * browser journey's slot lists, booking notice and session rules all read one instant however long the journey takes
 * (docs/decisions/035-a-test-clock-per-request.md). A header that is not an instant with its offset answers 400
 * VALIDATION 'Invalid request'. Such a request is neither answered from nor kept as a kept answer (cache/plugin.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { messages } from '../../shared/messages.js';
import { clock } from '../clock.js';
import { AppError } from '../errors.js';

const instant = z.iso.datetime({ offset: true });
const pins = new WeakMap<FastifyRequest, Date>();

/** The instant a test pinned `request` to (X-Test-Now), or undefined. */
export const pinnedInstant = (request: FastifyRequest): Date | undefined => pins.get(request);

export const testClock = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.headers['x-test-now'];
    if (raw === undefined) return done();
    const parsed = instant.safeParse(raw);
    if (!parsed.success) return done(new AppError('VALIDATION', messages.common.invalidRequest));
    pins.set(request, new Date(parsed.data));
    done();
  });
  // After the body is read: the handler, and all it starts, runs inside the pin (the last hook calls it synchronously).
  app.addHook('preHandler', (request, _reply, done) => {
    const at = pins.get(request);
    if (at) clock.pinnedAt(at, done);
    else done();
  });
});
