/**
 * GET /api/messages/stream: the signed-in account's live updates as Server-Sent Events (docs/decisions/020-message-stream.md;
 * WHATWG HTML "Server-sent events"), written with @fastify/sse. Each event's `id` is its number in the account's
 * stream: a browser reconnecting with `Last-Event-ID: N` gets every event after N, once and in order, read from the
 * database. A connection without it starts with a `hello` event (the page re-reads what it shows) and then gets
 * every later event. The stream ends as soon as its sign-in no longer holds (stream-hub.ts).
 */
import fastifySse from '@fastify/sse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import type { StreamEvent } from '../../../shared/schemas/conversations.js';
import { requireUser } from '../../auth/guards.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { lastEventId, unreadTotal } from './stream-events.js';
import { mayResumeAfter } from './prune-stream-events.js';
import { streamHub } from './stream-hub.js';

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const heartbeatMs = 25_000;

/** The event id a browser sent back (digits only), or null: anything else starts afresh. */
const resumeFrom = (header: string | string[] | undefined): number | null => (typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null);

export const messageStreamRoutes: FastifyPluginAsyncZod<{ db: Db; changeFeed: ChangeFeed; testHooks: boolean }> = async (
  app,
  { db, changeFeed, testHooks },
) => {
  await app.register(fastifySse, { heartbeatInterval: heartbeatMs });
  const hub = streamHub(db, changeFeed, (err) => app.log.warn({ err }, 'message stream read failed'));
  app.metrics.addGauge('mentora_realtime_connections', 'Message streams (Server-Sent Events) open on this server', hub.connections);
  // Open streams never end by themselves: the server ends them so it can close.
  app.addHook('preClose', async () => hub.closeAll());

  app.get(
    '/api/messages/stream',
    {
      sse: { kind: 'only' },
      config: {
        signIn: 'required',
        // A browser reconnects on its own after a drop; more than this many connections a minute is not a browser.
        rateLimit: { max: 30, timeWindow: '1 minute' },
        openapi: {
          description:
            'A `text/event-stream` (Server-Sent Events). Events `message`, `read`, `block` and `hello`, each with a JSON `data` (schema StreamEvent in src/shared/schemas/conversations.ts) and an `id`; send `Last-Event-ID` to resume after an event.',
          answers: { 200: 'text/event-stream' },
        },
      },
      schema: {
        tags: ['messages'],
        response: {
          200: z.string().describe('The event stream'),
          401: errorResponse,
          // @fastify/sse's own answer to an Accept header that refuses text/event-stream.
          406: z.object({ statusCode: z.literal(406), error: z.string(), message: z.string() }).describe('The Accept header refuses text/event-stream'),
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const me = await requireUser(request);
      const asked = resumeFrom(request.headers['last-event-id']);
      // Events older than a week are pruned: a cursor before them starts afresh.
      const resumed = asked !== null && (await mayResumeAfter(db, asked)) ? asked : null;
      const cursor = resumed ?? (await lastEventId(db, me.id));
      // Private to the account, like every API answer (the plugin's own default is no-cache).
      reply.header('cache-control', 'no-store');
      reply.sse.keepAlive();
      const send = async (id: number, event: StreamEvent) => {
        if (reply.sse.isConnected) await reply.sse.send({ id: String(id), event: event.kind, data: event });
      };
      if (resumed === null) await send(cursor, { kind: 'hello', unread: await unreadTotal(db, me.id) });
      else reply.sse.sendHeaders();
      // The sign-in this stream was opened with, asked again before each event (docs/security.md "Messages").
      const signedIn = async () => (await app.signedInNow(request))?.id === me.id;
      const disconnect = hub.connect(me.id, cursor, send, () => reply.sse.close(), signedIn);
      reply.sse.onClose(disconnect);
      if (!reply.sse.isConnected) disconnect();
    },
  );

  if (testHooks) {
    /** Test only (TEST_HOOKS=1, never in production): ends the caller's open streams on this server, as a dropped connection would. */
    app.post('/api/test/messages/streams/drop', { config: { signIn: 'required' }, schema: { hide: true } }, async (request) => {
      hub.closeUser((await requireUser(request)).id);
      return { ok: true };
    });
  }
};
