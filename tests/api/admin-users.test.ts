/**
 * People in the team console (docs/product.md "Team console", "People"): the user list and search, a user's page,
 * suspension (signed out at once, sign-in refused, out of the catalogue), cancelling a suspended account's booked
 * sessions with full refunds, reinstatement, and role changes that need the acting admin's authenticator code.
 * Runs on PGlite, or PostgreSQL (and Redis for sign-in sessions) with TEST_DATABASE_URL / REDIS_TEST_URL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, emailOutbox, payments, sessions, user } from '../../src/server/db/schema.js';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, forgetUsedCode, origin, totpSecretOf } from '../helpers/auth.js';
import { book, createExpert, slotIn } from '../helpers/marketplace.js';
import { totp } from '../helpers/totp.js';

const json = { origin, 'content-type': 'application/json' };
const redisUrl = process.env.REDIS_TEST_URL;

describe('people in the team console', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const get = (url: string, cookie = admin.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object, cookie = admin.cookie) => ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie }, payload });
  const signInStatus = async (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: json, payload: { email, password: 'mentora-demo' } });
  const mailsTo = (to: string) => ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  const audit = (targetId: string, action: string) =>
    ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, targetId), eq(adminAuditLog.action, action)));

  beforeAll(async () => {
    ctx = await createTestApp(redisUrl ? { REDIS_URL: redisUrl } : {});
    admin = await createUser(ctx, { email: 'people-admin@example.com', role: 'admin', firstName: 'Alex', lastName: 'Admin' });
  });
  afterAll(() => ctx?.close());

  it('finds accounts by a part of the name or e-mail, and filters by role and state', async () => {
    await createUser(ctx, { email: 'quinn.searchable@example.com', firstName: 'Quinn', lastName: 'Searchable' });
    await createExpert(ctx, { email: 'searchable-expert@example.com' });

    const byName = await get('/api/admin/users?q=SEARCHABLE');
    expect(byName.statusCode, byName.body).toBe(200);
    expect(
      byName
        .json()
        .items.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['quinn.searchable@example.com', 'searchable-expert@example.com']);
    const experts = (await get('/api/admin/users?q=searchable&role=expert')).json();
    expect(experts.items.map((u: { email: string }) => u.email)).toEqual(['searchable-expert@example.com']);
    expect(experts.total).toBe(1);
    expect((await get('/api/admin/users?q=searchable&state=suspended')).json().total).toBe(0);
    // A % or _ typed in the search is a character, not a wildcard.
    expect((await get('/api/admin/users?q=%25')).json().total).toBe(0);
    const bad = await get('/api/admin/users?role=owner');
    expect(bad.statusCode).toBe(400);
  });

  it("a user's page shows the profile, sign-in sessions, sessions with their payments, and 404 for an unknown id", async () => {
    const expert = await createExpert(ctx, { email: 'detail-expert@example.com', rateCents: 6000 });
    const client = await createUser(ctx, { email: 'detail-client@example.com', firstName: 'Dana', lastName: 'Detail' });
    expect((await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(72) })).statusCode).toBe(201);

    const page = await get(`/api/admin/users/${client.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const d = page.json();
    expect(d).toMatchObject({ email: 'detail-client@example.com', firstName: 'Dana', state: 'active', role: 'client', suspension: null, expert: null });
    expect(d.signIns.length).toBeGreaterThanOrEqual(1);
    const sessionsPage = (await get(`/api/admin/users/${client.id}/sessions`)).json();
    expect(sessionsPage).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    const [session] = sessionsPage.items;
    expect(session).toMatchObject({ side: 'client', otherParty: 'Erin Expert', status: 'booked', totalAmountCents: 6000 });
    expect(session.payment).toMatchObject({ status: 'held', amountCents: 6000, refundedCents: 0 });
    expect(d.bookedSessionIds).toEqual([session.id]);
    expect((await get(`/api/admin/users/${expert.id}`)).json().expert).toMatchObject({ id: expert.expert.id, status: 'published' });
    // A conversation the client reports names the expert's account: it is on the expert's page, not the client's.
    const conversation = (await post('/api/conversations', { expertId: expert.expert.id }, client.cookie)).json().conversation.id as string;
    const report = await post(`/api/conversations/${conversation}/report`, { reason: 'Asked me to pay outside Mentora' }, client.cookie);
    expect(report.statusCode, report.body).toBe(201);
    expect((await get(`/api/admin/users/${expert.id}`)).json().reports).toEqual([
      expect.objectContaining({ reason: 'Asked me to pay outside Mentora', status: 'open' }),
    ]);
    expect(d.reports).toEqual([]);

    expect((await get('/api/admin/users/no-such-user')).statusCode).toBe(404);
  });

  it('suspending an expert ends their sign-in sessions at once, refuses sign-in, takes the profile out of the catalogue and e-mails them', async () => {
    const expert = await createExpert(ctx, { email: 'suspend-expert@example.com', slug: 'suspend-expert', rateCents: 8000 });
    const client = await createUser(ctx, { email: 'suspend-client@example.com', firstName: 'Sam', lastName: 'Client' });
    const booked = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(96) });
    expect(booked.statusCode).toBe(201);
    // Read twice: the profile, the search and the expert's session check are now kept.
    for (let i = 0; i < 2; i++) {
      expect((await get(`/api/experts/${expert.expert.slug}`, '')).statusCode).toBe(200);
      expect((await get('/api/experts?q=Erin', '')).json().experts.map((e: { id: string }) => e.id)).toContain(expert.expert.id);
      expect((await get('/api/me', expert.cookie)).json().user?.email).toBe('suspend-expert@example.com');
    }

    const noReason = await post(`/api/admin/users/${expert.id}/suspend`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(messages.admin.suspendReason);
    expect((await get('/api/me', expert.cookie)).json().user?.email).toBe('suspend-expert@example.com');

    const res = await post(`/api/admin/users/${expert.id}/suspend`, { reason: 'Repeated no-shows reported by clients' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'suspended', suspension: { reason: 'Repeated no-shows reported by clients' }, signIns: [] });
    expect(res.json().expert.status).toBe('suspended');
    expect(res.json().bookedSessionIds).toEqual([booked.json().session.id]);

    // Signed out at once: the kept session check is gone too.
    expect((await get('/api/me', expert.cookie)).json().user ?? null).toBeNull();
    expect((await get('/api/sessions', expert.cookie)).statusCode).toBe(401);
    const signIn = await signInStatus('suspend-expert@example.com');
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(messages.auth.suspended);
    // Out of the catalogue at once, kept answers included.
    expect((await get(`/api/experts/${expert.expert.slug}`, '')).statusCode).toBe(404);
    expect((await get('/api/experts?q=Erin', '')).json().experts.map((e: { id: string }) => e.id)).not.toContain(expert.expert.id);
    // E-mailed, audited; the session is untouched until the team cancels it.
    expect((await mailsTo('suspend-expert@example.com')).map((m) => m.subject)).toContain('Your Mentora account is suspended');
    expect(await audit(expert.id, 'user.suspend')).toHaveLength(1);
    const [s] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, booked.json().session.id));
    expect(s!.status).toBe('booked');

    const again = await post(`/api/admin/users/${expert.id}/suspend`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.admin.alreadySuspended);
  });

  it("the team cancels a suspended account's booked sessions with full refunds in one action, and both parties are e-mailed", async () => {
    const expert = await createExpert(ctx, { email: 'cancel-all-expert@example.com', rateCents: 5000, policy: 'strict' });
    const client = await createUser(ctx, { email: 'cancel-all-client@example.com', firstName: 'Cory', lastName: 'Client' });
    const ids: string[] = [];
    for (const hours of [30, 34]) {
      const res = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(hours) });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().session.id);
    }
    // Not suspended: refused, nothing cancelled.
    const early = await post(`/api/admin/users/${client.id}/cancel-booked-sessions`, { reason: 'Account closed by the team' });
    expect(early.statusCode).toBe(409);

    expect((await post(`/api/admin/users/${client.id}/suspend`, { reason: 'Payment fraud suspected' })).statusCode).toBe(200);
    const res = await post(`/api/admin/users/${client.id}/cancel-booked-sessions`, { reason: 'Account closed by the team' });
    expect(res.statusCode, res.body).toBe(200);
    // A strict policy refunds nothing this late to a client who cancels; the team's cancellation refunds everything.
    expect(res.json()).toEqual({ cancelled: 2, refundedCents: 10000 });
    for (const id of ids) {
      const [row] = await ctx.database.db
        .select({ s: sessions, p: payments })
        .from(sessions)
        .innerJoin(payments, eq(payments.sessionId, sessions.id))
        .where(eq(sessions.id, id));
      expect(row!.s).toMatchObject({ status: 'cancelled', cancelledBy: 'team', cancelReason: 'Account closed by the team' });
      expect(row!.p).toMatchObject({ status: 'refunded', refundedCents: 5000 });
    }
    expect((await mailsTo('cancel-all-expert@example.com')).length).toBeGreaterThanOrEqual(2);
    expect(await audit(client.id, 'user.cancel_booked_sessions')).toHaveLength(1);
    expect((await get(`/api/admin/users/${client.id}`)).json().bookedSessionIds).toEqual([]);
    // A repeat finds nothing left to cancel.
    expect((await post(`/api/admin/users/${client.id}/cancel-booked-sessions`, { reason: 'Again' })).json()).toEqual({ cancelled: 0, refundedCents: 0 });
  });

  it('a reinstated account signs in again and is e-mailed; the team cannot suspend itself', async () => {
    const person = await createUser(ctx, { email: 'reinstate@example.com', firstName: 'Riley', lastName: 'Back' });
    expect((await post(`/api/admin/users/${person.id}/reinstate`, { reason: 'Not suspended' })).statusCode).toBe(409);
    expect((await post(`/api/admin/users/${person.id}/suspend`, { reason: 'Abusive messages' })).statusCode).toBe(200);
    expect((await signInStatus('reinstate@example.com')).statusCode).toBe(403);
    const res = await post(`/api/admin/users/${person.id}/reinstate`, { reason: 'Appeal accepted' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'active', suspension: null });
    expect((await signInStatus('reinstate@example.com')).statusCode).toBe(200);
    expect((await mailsTo('reinstate@example.com')).map((m) => m.subject)).toContain('Your Mentora account is active again');

    const self = await post(`/api/admin/users/${admin.id}/suspend`, { reason: 'Oops' });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(messages.admin.suspendSelf);
  });

  it("a role change needs the acting admin's current authenticator code, and is audited", async () => {
    const person = await createUser(ctx, { email: 'new-team-member@example.com', firstName: 'Toni', lastName: 'Team' });
    const secret = totpSecretOf(ctx, 'people-admin@example.com')!;
    const wrongCode = totp(secret) === '000000' ? '111111' : '000000';

    const wrong = await post(`/api/admin/users/${person.id}/role`, { role: 'admin', code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(messages.admin.codeWrong);
    const noCode = await post(`/api/admin/users/${person.id}/role`, { role: 'admin' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.message).toBe(messages.admin.codeRequired);
    const [before] = await ctx.database.db.select({ role: user.role }).from(user).where(eq(user.id, person.id));
    expect(before!.role).toBe('client');

    const res = await post(`/api/admin/users/${person.id}/role`, { role: 'admin', code: totp(secret) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().role).toBe('admin');
    const [entry] = await audit(person.id, 'user.role');
    expect(entry!.detail).toMatchObject({ from: 'client', to: 'admin' });
    expect(entry!.actorId).toBe(admin.id);
    // The new team member's console still needs their own two-factor sign-in.
    expect((await get('/api/admin/users', person.cookie)).json().error.message).toBe(messages.auth.twoFactorRequired);

    // A code works once (tests/api/totp-once.test.ts); this asks again with a code as yet unused.
    await forgetUsedCode(ctx, admin.id);
    const same = await post(`/api/admin/users/${person.id}/role`, { role: 'admin', code: totp(secret) });
    expect(same.statusCode).toBe(409);
  });
});
