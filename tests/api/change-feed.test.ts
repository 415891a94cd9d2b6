/**
 * The change feed's sync (src/server/db/change-feed.ts; docs/decisions/017-one-cache-owner.md): a write is answered
 * once its server has heard every change committed before the answer. Concurrent writes share the sync
 * notifications, and a sync still never resolves before a change committed ahead of its call has been delivered.
 * A sent message is answered on its own notification instead (a barrier token), with no sync of its own.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyStreamsSql, openChangeFeed, type Change, type ChangeFeed } from '../../src/server/db/change-feed.js';
import { experts } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';

describe('change feed sync', () => {
  let ctx: TestContext;
  let feed: ChangeFeed;
  let stopCounting: () => Promise<void>;
  let syncNotifications = 0;
  let barrierNotifications = 0;
  const seen: Change[] = [];
  let onMarker: ((payload: string) => void) | undefined;
  /**
   * Resolves once the counting listener has heard a marker notified now: notifications arrive in commit order, so it
   * has then counted every one committed before (the feed ignores the marker).
   */
  const countedSoFar = async () => {
    const token = randomUUID();
    const heard = new Promise<void>((resolve) => (onMarker = (payload) => payload.includes(token) && resolve()));
    await ctx.database.db.execute(sql`select pg_notify('mentora_changes', ${JSON.stringify({ marker: token })})`);
    await heard;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    feed = await openChangeFeed(ctx.database);
    feed.subscribe((change) => seen.push(change));
    stopCounting = await ctx.database.listen(
      'mentora_changes',
      (payload) => {
        if (payload.includes('"sync"')) syncNotifications++;
        if (payload.includes('"barrier"')) barrierNotifications++;
        onMarker?.(payload);
      },
      () => {},
    );
    for (let waited = 0; !feed.live() && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
  });
  afterAll(async () => {
    await stopCounting?.();
    await feed?.close();
    await ctx?.close();
  });

  it('answers twenty writes at once with at most two sync notifications, each sent after its call', async () => {
    syncNotifications = 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => feed.sync()));
    expect(results).toEqual(Array.from({ length: 20 }, () => true));
    await countedSoFar();
    expect(syncNotifications).toBeGreaterThanOrEqual(1);
    expect(syncNotifications).toBeLessThanOrEqual(2);
  });

  it('does not resolve a sync called while another is in flight before a change committed ahead of the call arrives', async () => {
    const expert = await createExpert(ctx, { email: 'feed-expert@example.com', slug: 'feed-expert' });
    const count = seen.length;
    const first = feed.sync(); // in flight: sent before the change below
    await ctx.database.db
      .update(experts)
      .set({ about: sql`${experts.about} || '!'` })
      .where(eq(experts.id, expert.expert.id));
    const second = feed.sync();
    expect(await second).toBe(true);
    expect(seen.slice(count).some((c) => c.kind === 'table' && c.table === 'experts')).toBe(true);
    expect(await first).toBe(true);
  });

  it('resolves a write barrier once its own notification arrives, after the changes committed before it', async () => {
    const expert = await createExpert(ctx, { email: 'barrier-expert@example.com', slug: 'barrier-expert' });
    const count = seen.length;
    const barrier = feed.barrier();
    await ctx.database.db
      .update(experts)
      .set({ about: sql`${experts.about} || '!'` })
      .where(eq(experts.id, expert.expert.id));
    await ctx.database.db.execute(sql`select ${notifyStreamsSql(sql`array[${expert.id}]`, barrier.token)}`);
    expect(await barrier.heard()).toBe(true);
    expect(seen.slice(count).some((c) => c.kind === 'table' && c.table === 'experts')).toBe(true);
    expect(seen.slice(count).some((c) => c.kind === 'streams' && c.users.includes(expert.id))).toBe(true);
  });

  it('answers a sent message on its own notification, with no sync notification; a retry of it with one', async () => {
    const [client, expert] = [
      await createUser(ctx, { email: 'barrier-client@example.com' }),
      await createExpert(ctx, { email: 'barrier-writer@example.com', slug: 'barrier-writer' }),
    ];
    const headers = { origin, 'content-type': 'application/json', cookie: client.cookie };
    const started = await ctx.app.inject({ method: 'POST', url: '/api/conversations', headers, payload: { expertId: expert.expert.id } });
    const message = { id: randomUUID(), body: 'Hello' };
    const send = () => ctx.app.inject({ method: 'POST', url: `/api/conversations/${started.json().conversation.id}/messages`, headers, payload: message });
    await countedSoFar();
    [syncNotifications, barrierNotifications] = [0, 0];

    expect((await send()).statusCode).toBe(201);
    await countedSoFar();
    expect([syncNotifications, barrierNotifications]).toEqual([0, 1]);

    // A retry commits no notification: its answer waits for a sync.
    expect((await send()).statusCode).toBe(200);
    await countedSoFar();
    expect([syncNotifications, barrierNotifications]).toEqual([1, 1]);
  });
});
