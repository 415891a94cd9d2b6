/**
 * A server keeps each signed-in user's session check and session list in memory
 * (src/server/cache/), and it is never stale for what the user or anyone else changed:
 * - repeated reads are answered from memory (a change the database does not notify is not seen);
 * - a change made behind this server's back — by another server, a job, an admin — shows on the next read, as
 *   the database notifies it (migration 0016; PGlite at once, PostgreSQL within milliseconds);
 * - the user's own writes show at once; signing out, or changing the password with "sign out other devices",
 *   ends the sessions at once; a sign-in session deleted in the database is refused;
 * - (PostgreSQL) while the listening connection is down nothing is answered from memory.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, signIn } from '../helpers/auth.js';
import { book, createExpert, excellentFeedback, shift, slotIn } from '../helpers/marketplace.js';

type ListedSession = { id: string; topic: string; status: string; clientFeedbackSubmitted: boolean };

describe('per-user caches of signed-in reads', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let hours = 30;

  const list = async (cookie: string) => {
    const res = await ctx.app.inject({ url: '/api/sessions', headers: { cookie } });
    return { status: res.statusCode, sessions: res.statusCode === 200 ? (res.json().sessions as ListedSession[]) : [] };
  };
  const topicOf = async (cookie: string, id: string) => (await list(cookie)).sessions.find((s) => s.id === id)?.topic;
  /** Runs `statement` with migration 0016's notifications of sessions switched off: a change no server hears of. */
  const unnoticed = async (statement: ReturnType<typeof sql>) => {
    await ctx.database.db.execute(sql`alter table ${sessions} disable trigger sessions_changes`);
    try {
      await ctx.database.db.execute(statement);
    } finally {
      await ctx.database.db.execute(sql`alter table ${sessions} enable trigger sessions_changes`);
    }
  };

  beforeAll(async () => {
    ctx = await createTestApp({ SIGNED_IN_CACHE_MS: '60000' });
    expert = await createExpert(ctx, { email: 'cache-expert@example.com' });
  });
  afterAll(() => ctx?.close());

  it('answers repeated list reads from memory, and shows a change made elsewhere on the next read', async () => {
    const client = await createUser(ctx, { email: 'cache-client@example.com' });
    const id = (await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn((hours += 3)), topic: 'First topic' })).json().session
      .id as string;
    expect(await topicOf(client.cookie, id)).toBe('First topic');

    // Changed with notifications off: the list comes from memory, so the change is not seen.
    await unnoticed(sql`update ${sessions} set topic = 'Unnoticed topic' where id = ${id}`);
    expect(await topicOf(client.cookie, id)).toBe('First topic');

    // Changed as any other server or job would (notified): the next read shows it.
    await ctx.database.db.execute(sql`update ${sessions} set topic = 'Changed elsewhere' where id = ${id}`);
    await expect.poll(() => topicOf(client.cookie, id), { timeout: 2000, interval: 20 }).toBe('Changed elsewhere');
  });

  it("shows a booking in the expert's list and in the client's own list at once", async () => {
    const client = await createUser(ctx, { email: 'cache-booker@example.com' });
    const before = (await list(expert.cookie)).sessions.length;
    expect((await list(client.cookie)).sessions).toEqual([]);
    const id = (await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn((hours += 3)) })).json().session.id as string;
    // The client's own write: dropped before the booking's answer left.
    expect((await list(client.cookie)).sessions.map((s) => s.id)).toEqual([id]);
    // The expert's list: dropped as the database notifies the new session.
    await expect.poll(async () => (await list(expert.cookie)).sessions.length, { timeout: 2000, interval: 20 }).toBe(before + 1);
  });

  it('shows a cancellation, a dispute, a confirmation and feedback in the writer\'s kept list at once (docs/product.md "Sessions")', async () => {
    const client = await createUser(ctx, { email: 'cache-changer@example.com' });
    const booked = async () => (await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn((hours += 3)) })).json().session.id as string;
    const [cancelled, disputed, reviewed] = [await booked(), await booked(), await booked()];
    await shift(ctx, disputed, -(hours + 5));
    await shift(ctx, reviewed, -(hours + 10));
    const post = (id: string, action: string, payload: object = {}) =>
      ctx.app.inject({ method: 'POST', url: `/api/sessions/${id}/${action}`, headers: { cookie: client.cookie, origin }, payload });
    const mine = async (id: string) => (await list(client.cookie)).sessions.find((s) => s.id === id);
    // Read first, so each list below would come from memory if the write had not dropped it.
    expect((await mine(cancelled))?.status).toBe('booked');

    expect((await post(cancelled, 'cancel', { reason: 'Plans changed' })).statusCode).toBe(200);
    expect((await mine(cancelled))?.status).toBe('cancelled');
    expect((await post(disputed, 'dispute', { description: 'The expert never joined.' })).statusCode).toBe(200);
    expect((await mine(disputed))?.status).toBe('disputed');
    expect((await post(reviewed, 'confirm')).statusCode).toBe(200);
    expect((await mine(reviewed))?.status).toBe('confirmed');
    expect((await post(reviewed, 'feedback', excellentFeedback)).statusCode).toBe(201);
    expect(await mine(reviewed)).toMatchObject({ status: 'completed', clientFeedbackSubmitted: true });
  });

  it('ends a session at once when it signs out, even though its check was kept', async () => {
    const client = await createUser(ctx, { email: 'cache-signout@example.com' });
    expect((await list(client.cookie)).status).toBe(200);
    expect((await list(client.cookie)).status).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin, cookie: client.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await list(client.cookie)).status).toBe(401);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: client.cookie } })).json()).toEqual({ user: null });
  });

  it('signs out the other devices at once when the password changes with "sign out other sessions"', async () => {
    const u = await createUser(ctx, { email: 'cache-password@example.com', password: 'first-password-1' });
    const phone = await signIn(ctx, u.email, 'first-password-1');
    expect((await list(phone)).status).toBe(200);
    expect((await list(u.cookie)).status).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin, cookie: u.cookie, 'content-type': 'application/json' },
      payload: { currentPassword: 'first-password-1', newPassword: 'second-password-2', revokeOtherSessions: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await list(phone)).status).toBe(401);
  });

  it('refuses a kept session once its sign-in session is deleted in the database (signed out on another server)', async () => {
    const client = await createUser(ctx, { email: 'cache-revoked@example.com' });
    expect((await list(client.cookie)).status).toBe(200);
    await ctx.database.db.execute(sql`delete from auth_session where user_id = ${client.id}`);
    await expect.poll(async () => (await list(client.cookie)).status, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('shows a name or role changed elsewhere on the next request', async () => {
    const client = await createUser(ctx, { email: 'cache-profile@example.com', firstName: 'Before' });
    const me = async () => (await ctx.app.inject({ url: '/api/me', headers: { cookie: client.cookie } })).json().user as { firstName: string; role: string };
    expect((await me()).firstName).toBe('Before');
    // Made a team member who has two-factor sign-in (the console needs it).
    await ctx.database.db.execute(sql`update "user" set first_name = 'After', role = 'admin', two_factor_enabled = true where id = ${client.id}`);
    await expect.poll(async () => await me(), { timeout: 2000, interval: 20 }).toMatchObject({ firstName: 'After', role: 'admin' });
    // The role decides at once what the account may do.
    await expect
      .poll(async () => (await ctx.app.inject({ url: '/api/admin/summary', headers: { cookie: client.cookie } })).statusCode, { timeout: 2000, interval: 20 })
      .toBe(200);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('(PostgreSQL) answers nothing from memory while the listening connection is down', async () => {
    const client = await createUser(ctx, { email: 'cache-listener@example.com' });
    const id = (await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn((hours += 3)), topic: 'Kept topic' })).json().session
      .id as string;
    expect(await topicOf(client.cookie, id)).toBe('Kept topic');
    await ctx.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN mentora_changes'`,
    );
    // Unnoticed changes are seen once the server knows it may have missed notifications.
    await unnoticed(sql`update ${sessions} set topic = 'Seen without notification' where id = ${id}`);
    await expect.poll(() => topicOf(client.cookie, id), { timeout: 2000, interval: 20 }).toBe('Seen without notification');
    // Listening again within a few seconds: answers are kept again.
    await expect
      .poll(
        async () => {
          await topicOf(client.cookie, id);
          await unnoticed(sql`update ${sessions} set topic = 'Unnoticed again' where id = ${id}`);
          const topic = await topicOf(client.cookie, id);
          await ctx.database.db.execute(sql`update ${sessions} set topic = 'Seen without notification' where id = ${id}`);
          return topic;
        },
        { timeout: 5000, interval: 200 },
      )
      .toBe('Seen without notification');
  });
});
