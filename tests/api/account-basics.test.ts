/**
 * Account basics (docs/product.md "Account"; docs/security.md "Account export", "Account deletion"): name, phone and
 * photo edits seen at once through the kept session check, the data export, and account deletion — what it refuses,
 * what goes and what stays for the other party.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { authAccount, experts, files, sessions, user } from '../../src/server/db/schema.js';
import { deleteUnusedUploads } from '../../src/server/modules/files/cleanup.js';
import { storageDriver } from '../../src/server/infra/storage/select.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, signIn } from '../helpers/auth.js';
import { book, createExpert, slotIn } from '../helpers/marketplace.js';
import { tinyPng, upload } from '../helpers/uploads.js';

const json = { origin, 'content-type': 'application/json' };

describe('account basics', () => {
  let ctx: TestContext;
  let address = 0;

  const send = (method: 'PUT' | 'POST', url: string, cookie: string, payload: object) =>
    ctx.app.inject({ method, url, headers: { ...json, cookie }, payload, remoteAddress: `127.9.0.${++address % 250}` });
  const meOf = async (cookie: string) => (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json().user;
  const uploadPhoto = async (cookie: string) => {
    const res = await upload(ctx, cookie, 'photo', 'me.png', tinyPng, `127.8.0.${++address % 250}`);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().file as { id: string; url: string };
  };
  const stored = async (fileId: string) => {
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, fileId));
    return row ? existsSync(path.join(ctx.config.dataDir, 'uploads', row.storageKey)) : false;
  };

  beforeAll(async () => {
    // Session checks are kept for a minute: every answer below that changes must come from the notified change.
    ctx = await createTestApp({ SIGNED_IN_CACHE_MS: '60000' });
  });
  afterAll(() => ctx?.close());

  it('saves name and phone, shown at once although the session check is kept; an expert’s public name follows', async () => {
    const expert = await createExpert(ctx, { email: 'basics-expert@example.com' });
    expect((await meOf(expert.cookie)).fullName).toBe('Erin Expert');
    expect((await meOf(expert.cookie)).fullName).toBe('Erin Expert');
    const res = await send('PUT', '/api/me/details', expert.cookie, { firstName: 'Erica', lastName: 'Stone', phone: '+44 20 7946 0000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await meOf(expert.cookie)).toMatchObject({ fullName: 'Erica Stone', phone: '+44 20 7946 0000' });
    const profile = await ctx.app.inject({ url: `/api/experts/${expert.expert.slug}` });
    expect(profile.json().name).toBe('Erica Stone');

    const bad = await send('PUT', '/api/me/details', expert.cookie, { firstName: 'Erica', lastName: 'Stone', phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please enter a valid phone number');
    expect((await meOf(expert.cookie)).phone).toBe('+44 20 7946 0000');
  });

  it('sets and removes a client’s photo (kept by the cleanup job while in use, private to its owner); an expert’s is also the profile photo', async () => {
    const client = await createUser(ctx, { email: 'basics-photo@example.com' });
    const other = await createUser(ctx, { email: 'basics-photo-other@example.com' });
    const photo = await uploadPhoto(client.cookie);
    const res = await send('PUT', '/api/me/photo', client.cookie, { fileId: photo.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await meOf(client.cookie)).profilePictureUrl).toBe(photo.url);
    expect((await ctx.app.inject({ url: photo.url, headers: { cookie: client.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: photo.url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    await deleteUnusedUploads(ctx.database.db, storageDriver(ctx.config), { now: new Date(Date.now() + 3 * 86_400_000) });
    expect(await stored(photo.id)).toBe(true);

    const foreign = await send('PUT', '/api/me/photo', other.cookie, { fileId: photo.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(messages.profile.photoNotFound);

    expect((await send('PUT', '/api/me/photo', client.cookie, { fileId: null })).statusCode).toBe(200);
    expect((await meOf(client.cookie)).profilePictureUrl).toBeNull();

    const expert = await createExpert(ctx, { email: 'basics-photo-expert@example.com' });
    const expertPhoto = await uploadPhoto(expert.cookie);
    expect((await send('PUT', '/api/me/photo', expert.cookie, { fileId: expertPhoto.id })).statusCode).toBe(200);
    const [row] = await ctx.database.db.select({ imageUrl: experts.imageUrl }).from(experts).where(eq(experts.id, expert.expert.id));
    expect(row?.imageUrl).toBe(expertPhoto.url);
  });

  it('exports the account’s data as a JSON download, without secrets or the other party’s e-mail', async () => {
    const expert = await createExpert(ctx, { email: 'basics-export-expert@example.com' });
    const client = await createUser(ctx, { email: 'basics-export@example.com', firstName: 'Xena', lastName: 'Export' });
    const booked = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(40), topic: 'Export topic' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await ctx.app.inject({ url: '/api/me/export' })).statusCode).toBe(401);

    const res = await ctx.app.inject({ url: '/api/me/export', headers: { cookie: client.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mentora-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json();
    expect(data.account).toMatchObject({ email: 'basics-export@example.com', fullName: 'Xena Export' });
    expect(data.sessions).toEqual([expect.objectContaining({ as: 'client', otherParty: 'Erin Expert', topic: 'Export topic', status: 'booked' })]);
    expect(data.payments).toEqual([expect.objectContaining({ amountCents: 9000, cardLast4: '4242' })]);
    const [hash] = await ctx.database.db.select({ password: authAccount.password }).from(authAccount).where(eq(authAccount.userId, client.id));
    expect(res.body).not.toContain(hash!.password!);
    expect(res.body).not.toContain('basics-export-expert@example.com');
    expect(res.body).not.toMatch(/password|token|secret|idempotency/i);

    // The expert sees the session and its amount, never the client's card or e-mail.
    const theirs = (await ctx.app.inject({ url: '/api/me/export', headers: { cookie: expert.cookie } })).json();
    expect(theirs.sessions).toEqual([expect.objectContaining({ as: 'expert', otherParty: 'Xena Export' })]);
    expect(theirs.payments[0]).not.toHaveProperty('cardLast4');
    expect(JSON.stringify(theirs)).not.toContain('basics-export@example.com');
  });

  it('refuses deletion without the right password, and while a session is booked, changing nothing', async () => {
    const expert = await createExpert(ctx, { email: 'basics-blocked-expert@example.com' });
    const client = await createUser(ctx, { email: 'basics-blocked@example.com' });
    const booked = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(50) });
    expect(booked.statusCode, booked.body).toBe(201);

    // Said before the password is asked for; an account with nothing pending has nothing to wait for.
    for (const who of [client, expert])
      expect((await ctx.app.inject({ url: '/api/me/deletion', headers: { cookie: who.cookie } })).json()).toEqual({
        blockers: [messages.account.upcomingSession, messages.account.moneyHeld],
      });
    const lone = await createUser(ctx, { email: 'basics-blocked-lone@example.com' });
    expect((await ctx.app.inject({ url: '/api/me/deletion', headers: { cookie: lone.cookie } })).json()).toEqual({ blockers: [] });

    const missing = await send('POST', '/api/me/delete', client.cookie, {});
    expect([missing.statusCode, missing.json().error.message]).toEqual([400, messages.account.passwordRequired]);
    const wrong = await send('POST', '/api/me/delete', client.cookie, { password: 'not-my-password' });
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([400, messages.account.wrongPassword]);
    for (const who of [client, expert]) {
      const refused = await send('POST', '/api/me/delete', who.cookie, { password: 'mentora-demo' });
      expect([refused.statusCode, refused.json().error.message]).toEqual([409, messages.account.upcomingSession]);
      expect((await meOf(who.cookie))?.email).toBe(who.email);
    }
  });

  it('deletes a client: signed out everywhere, cannot sign in, files gone; the session stays for the expert under “Deleted user”', async () => {
    const expert = await createExpert(ctx, { email: 'basics-gone-expert@example.com', policy: 'flexible' });
    const client = await createUser(ctx, { email: 'basics-gone@example.com', firstName: 'Gina', lastName: 'Gone' });
    const photo = await uploadPhoto(client.cookie);
    await send('PUT', '/api/me/photo', client.cookie, { fileId: photo.id });
    const booked = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(60) });
    const sessionId = booked.json().session.id as string;
    const cancel = await send('POST', `/api/sessions/${sessionId}/cancel`, client.cookie, { reason: 'Plans changed' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await meOf(client.cookie)).not.toBeNull();

    const res = await send('POST', '/api/me/delete', client.cookie, { password: 'mentora-demo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect(await meOf(client.cookie)).toBeNull();
    await expect(signIn(ctx, 'basics-gone@example.com')).rejects.toThrow(/sign-in failed for basics-gone@example.com: 401/);
    expect(await stored(photo.id)).toBe(false);

    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, client.id));
    expect(row).toMatchObject({ name: 'Deleted user', firstName: null, phone: null, image: null });
    expect(row?.email).not.toContain('basics-gone');
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session?.clientName).toBe('Deleted user');
    const listed = (await ctx.app.inject({ url: '/api/sessions', headers: { cookie: expert.cookie } })).json().sessions as { id: string }[];
    expect(listed.map((s) => s.id)).toContain(sessionId);
    expect(JSON.stringify(listed)).not.toContain('Gina');

    // The e-mail is free again: the person may sign up anew.
    expect((await createUser(ctx, { email: 'basics-gone@example.com' })).id).not.toBe(client.id);
  });

  it('deletes an account nothing refers to outright, and an expert with past sessions leaves the catalogue', async () => {
    const lone = await createUser(ctx, { email: 'basics-lone@example.com' });
    expect((await send('POST', '/api/me/delete', lone.cookie, { password: 'mentora-demo' })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(user).where(eq(user.id, lone.id))).toEqual([]);

    const expert = await createExpert(ctx, { email: 'basics-gone-pro@example.com', policy: 'flexible' });
    const client = await createUser(ctx, { email: 'basics-gone-pro-client@example.com' });
    const id = (await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(70) })).json().session.id as string;
    expect((await send('POST', `/api/sessions/${id}/cancel`, client.cookie, { reason: 'Plans changed' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/experts/${expert.expert.slug}` })).statusCode).toBe(200);

    expect((await send('POST', '/api/me/delete', expert.cookie, { password: 'mentora-demo' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/experts/${expert.expert.slug}` })).statusCode).toBe(404);
    const [kept] = await ctx.database.db.select().from(experts).where(eq(experts.id, expert.expert.id));
    expect(kept).toMatchObject({ name: 'Deleted user', status: 'suspended', imageUrl: null });
    const theirs = (await ctx.app.inject({ url: '/api/sessions', headers: { cookie: client.cookie } })).json().sessions as { id: string }[];
    expect(JSON.stringify(theirs.find((s) => s.id === id))).toContain('Deleted user');
  });
});

const redisUrl = process.env.REDIS_TEST_URL;

describe.skipIf(!redisUrl)('account deletion with sign-in sessions in Redis (set REDIS_TEST_URL)', () => {
  let ctx: TestContext;
  const keyPrefix = `mentora-test-basics-${Date.now()}:`;
  beforeAll(async () => {
    ctx = await createTestApp({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: keyPrefix, SIGNED_IN_CACHE_MS: '60000' });
  });
  afterAll(() => ctx?.close());

  it('signs out every device, although Redis held the sessions and the account row stays for its session', async () => {
    const expert = await createExpert(ctx, { email: 'basics-redis-expert@example.com', policy: 'flexible' });
    const client = await createUser(ctx, { email: 'basics-redis@example.com' });
    const otherDevice = await signIn(ctx, 'basics-redis@example.com');
    const id = (await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(80) })).json().session.id as string;
    const headers = { ...json, cookie: client.cookie };
    expect((await ctx.app.inject({ method: 'POST', url: `/api/sessions/${id}/cancel`, headers, payload: { reason: 'Plans changed' } })).statusCode).toBe(200);
    const me = async (cookie: string) => (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json().user;
    expect(await me(otherDevice)).not.toBeNull();

    expect((await ctx.app.inject({ method: 'POST', url: '/api/me/delete', headers, payload: { password: 'mentora-demo' } })).statusCode).toBe(200);
    expect(await me(client.cookie)).toBeNull();
    expect(await me(otherDevice)).toBeNull();
    expect((await ctx.database.db.select({ deletedAt: user.deletedAt }).from(user).where(eq(user.id, client.id)))[0]?.deletedAt).toBeInstanceOf(Date);
  });
});
