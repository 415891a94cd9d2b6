/**
 * Access programmes and booking with credit (docs/product.md "Access programmes", "Booking with credit"): managers
 * create, pause and end programmes and invite a list, and the team pauses, reopens or ends one from the console; members join by code, domain or invitation; a booking is
 * covered in full (no card) or in part (the card pays the rest), its credit reserved in the booking's transaction,
 * spent on confirmation and returned in proportion on a refund; refusals change nothing; 50 members booking at once
 * against the last $200 overdraw nothing. After every operation the ledger's sums equal the balance row.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, creditLedger, emailOutbox, organisations, paymentEvents, payments, programmeBookings, sessions } from '../../src/server/db/schema.js';
import { describeAudit } from '../../src/shared/audit-actions.js';
import { messages } from '../../src/shared/messages.js';
import { programmeMessages as pm, splitRefund } from '../../src/shared/programmes.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';
import { fundedOrganisation } from '../helpers/partners.js';

const json = { origin, 'content-type': 'application/json' };
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

describe('splitRefund', () => {
  it('splits a refund between credit and card in proportion, in whole cents that add up, never above either part', () => {
    expect(splitRefund(4_500, 9_000, 5_000)).toEqual({ creditCents: 2_500, cardCents: 2_000 });
    expect(splitRefund(1_001, 3_001, 1_000)).toEqual({ creditCents: 333, cardCents: 668 });
    expect(splitRefund(9_000, 9_000, 9_000)).toEqual({ creditCents: 9_000, cardCents: 0 });
    for (let refund = 0; refund <= 997; refund += 7) {
      const s = splitRefund(refund, 997, 331);
      expect(s.creditCents + s.cardCents).toBe(refund);
      expect(s.creditCents).toBeLessThanOrEqual(331);
      expect(s.cardCents).toBeLessThanOrEqual(666);
    }
  });
});

describe('access programmes and booking with credit', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let manager: Awaited<ReturnType<typeof createUser>>;
  let otherManager: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let orgId: string;
  let otherOrgId: string;

  // Each call comes from an address of its own: joining is limited to 10 a minute per address.
  let calls = 0;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: `127.3.${Math.floor(++calls / 250) % 250}.${(calls % 250) + 1}`,
      headers: { ...(payload ? json : { origin }), ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const programmes = (org = orgId) => `/api/partner/organisations/${org}/programmes`;

  /** The ledger's sums equal the organisation's balance row (decision 031). */
  const expectLedgerMatches = async (id = orgId) => {
    const [o] = await ctx.database.db.select().from(organisations).where(eq(organisations.id, id));
    const entries = await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.organisationId, id));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(o!.balanceCents);
    expect(entries.reduce((s, e) => s + e.reservedChangeCents, 0)).toBe(o!.reservedCents);
    return o!;
  };
  const entriesOf = (sessionId: string) =>
    ctx.database.db
      .select({ kind: creditLedger.kind, amountCents: creditLedger.amountCents, reservedChangeCents: creditLedger.reservedChangeCents })
      .from(creditLedger)
      .where(eq(creditLedger.sessionId, sessionId))
      .orderBy(creditLedger.createdAt);

  const programme = async (body: object, org = orgId, who = manager) => {
    const made = await call('POST', programmes(org), who.cookie, { name: 'Career sprint', startsOn: today(), endsOn: inDays(60), joinRule: 'code', ...body });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: string; code: string };
  };
  const member = async (email: string, code: string) => {
    const u = await createUser(ctx, { email, firstName: 'Sam', lastName: email.split('@')[0]! });
    const joined = await call('POST', '/api/me/programmes/join', u.cookie, { code });
    expect(joined.statusCode, joined.body).toBe(200);
    return u;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ PLATFORM_FEE_PERCENT: '10' });
    admin = await createUser(ctx, { email: 'programmes-admin@example.com', role: 'admin' });
    manager = await createUser(ctx, { email: 'careers@north.example', firstName: 'Robin', lastName: 'Hale' });
    otherManager = await createUser(ctx, { email: 'hr@other.example', firstName: 'Bea', lastName: 'Other' });
    expert = await createExpert(ctx, { email: 'programmes-expert@example.com', rateCents: 9_000, policy: 'flexible' });
    orgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'North', manager, cents: 100_000, domains: ['north.example'] });
    otherOrgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Other', manager: otherManager, cents: 10_000 });
  });
  afterAll(() => ctx?.close());

  it('a manager creates, lists, pauses and ends programmes of their organisation only; bad input changes nothing', async () => {
    const made = await programme({ sessionLimit: 2, maxPriceCents: 5_000, coversIntros: true });
    expect(made).toMatchObject({ name: 'Career sprint', status: 'active', sessionLimit: 2, maxPriceCents: 5_000, members: 0, creditUsedCents: 0 });
    expect(made.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    for (const bad of [
      { name: ' ' },
      { coversSessions: false, coversWorkshops: false },
      { sessionLimit: 0 },
      { maxPriceCents: 12.5 },
      { endsOn: '2020-01-01' },
      { joinRule: 'everyone' },
      { expertId: randomUUID() },
    ]) {
      const r = await call('POST', programmes(), manager.cookie, { name: 'X', startsOn: today(), endsOn: inDays(5), joinRule: 'code', ...bad });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const noDomains = await call('POST', programmes(otherOrgId), otherManager.cookie, { name: 'Y', startsOn: today(), endsOn: inDays(5), joinRule: 'domain' });
    expect(noDomains.json().error.message).toBe(pm.noDomains);
    expect((await call('GET', programmes(), manager.cookie)).json().items).toHaveLength(1);

    // Another organisation's manager, a client and a visitor see nothing and change nothing.
    expect((await call('GET', programmes(), otherManager.cookie)).statusCode).toBe(404);
    expect((await call('GET', `${programmes()}/${made.id}`, otherManager.cookie)).statusCode).toBe(404);
    expect((await call('GET', `${programmes(otherOrgId)}/${made.id}`, otherManager.cookie)).statusCode).toBe(404);
    expect((await call('POST', `${programmes()}/${made.id}/status`, otherManager.cookie, { status: 'ended' })).statusCode).toBe(404);
    expect((await call('GET', programmes(), null)).statusCode).toBe(401);

    const paused = await call('POST', `${programmes()}/${made.id}/status`, manager.cookie, { status: 'paused' });
    expect(paused.json().status).toBe('paused');
    expect((await call('POST', `${programmes()}/${made.id}/status`, manager.cookie, { status: 'active' })).json().status).toBe('active');
    const ended = await programme({ name: 'Old pilot' });
    await call('POST', `${programmes()}/${ended.id}/status`, manager.cookie, { status: 'ended' });
    const reopen = await call('POST', `${programmes()}/${ended.id}/status`, manager.cookie, { status: 'active' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error.message).toBe(pm.statusChange);
    const late = await createUser(ctx, { email: 'late@north.example' });
    expect((await call('POST', '/api/me/programmes/join', late.cookie, { code: ended.code })).statusCode).toBe(404);
  });

  it('the team lists the programmes and pauses, reopens or ends one from the console with a reason, audited; what is booked stays funded', async () => {
    const p = await programme({ name: 'Console sprint' });
    const m = await member('console@north.example', p.code);
    const booked = await book(ctx, m.cookie, { expertId: expert.expert.id, startsAt: slotIn(90), durationMinutes: 30, card: undefined, programmeId: p.id });
    expect(booked.statusCode, booked.body).toBe(201);
    const sessionId = booked.json().session.id as string;
    const team = `/api/admin/organisations/${orgId}/programmes`;
    const setStatus = (status: string, cookie: string | null = admin.cookie, body: object = { reason: 'Asked by the careers office' }, id = p.id) =>
      call('POST', `${team}/${id}/status`, cookie, { status, ...body });
    const audit = () =>
      ctx.database.db
        .select({ action: adminAuditLog.action, detail: adminAuditLog.detail })
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, orgId), sql`${adminAuditLog.action} like 'programme.%'`))
        .orderBy(adminAuditLog.createdAt);

    const listed = await call('GET', team, admin.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.find((x: { id: string }) => x.id === p.id)).toMatchObject({ name: 'Console sprint', status: 'active', members: 1 });
    expect((await call('GET', `/api/admin/organisations/${randomUUID()}/programmes`, admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', team, manager.cookie)).statusCode).toBe(403);

    // Refused, changing nothing: no reason, not the team, another organisation's programme.
    expect((await setStatus('paused', admin.cookie, { reason: '' })).statusCode).toBe(400);
    expect((await setStatus('paused', manager.cookie)).statusCode).toBe(403);
    expect((await setStatus('paused', null)).statusCode).toBe(401);
    const elsewhere = await call('POST', `/api/admin/organisations/${otherOrgId}/programmes/${p.id}/status`, admin.cookie, { status: 'paused', reason: 'x' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe(pm.notFound);
    expect(await audit()).toEqual([]);

    const paused = await setStatus('paused');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'paused', bookings: [expect.objectContaining({ sessionId, status: 'booked', creditCents: 4_500 })] });
    const refused = await book(ctx, m.cookie, { expertId: expert.expert.id, startsAt: slotIn(94), durationMinutes: 30, card: undefined, programmeId: p.id });
    expect(refused.json().error.message).toBe(pm.paused);
    // Paused again: nothing changes, nothing more in the log.
    expect((await setStatus('paused')).statusCode).toBe(200);
    expect((await setStatus('active')).json().status).toBe('active');
    expect((await setStatus('ended', admin.cookie, { reason: 'Pilot over' })).json().status).toBe('ended');
    const reopen = await setStatus('active');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error.message).toBe(pm.statusChange);

    // What was booked stays funded: the session and its reservation are untouched.
    const [session] = await ctx.database.db.select({ status: sessions.status }).from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.status).toBe('booked');
    expect(await entriesOf(sessionId)).toEqual([{ kind: 'reservation', amountCents: -4_500, reservedChangeCents: 4_500 }]);
    await expectLedgerMatches();
    expect(await audit()).toEqual([
      { action: 'programme.pause', detail: { programmeId: p.id, name: 'Console sprint', reason: 'Asked by the careers office' } },
      { action: 'programme.reopen', detail: { programmeId: p.id, name: 'Console sprint', reason: 'Asked by the careers office' } },
      { action: 'programme.end', detail: { programmeId: p.id, name: 'Console sprint', reason: 'Pilot over' } },
    ]);
    const [latest] = (await call('GET', `/api/admin/organisations/${orgId}/audit`, admin.cookie)).json().items;
    expect(describeAudit(latest)).toBe("ended an organisation's access programme (Console sprint): “Pilot over”");
    // The managers see it ended too.
    expect((await call('GET', `${programmes()}/${p.id}`, manager.cookie)).json().status).toBe('ended');
  });

  it('members join by code (any case, again harmlessly), by verified domain, or as invited; the wallet stays hidden from them', async () => {
    const open = await programme({ name: 'Open door', sessionLimit: 2 });
    const m = await member('first@anywhere.example', open.code.toLowerCase());
    expect((await call('POST', '/api/me/programmes/join', m.cookie, { code: open.code })).statusCode).toBe(200);
    const mine = (await call('GET', '/api/me/programmes', m.cookie)).json().items;
    expect(mine).toEqual([
      expect.objectContaining({
        name: 'Open door',
        organisationName: 'North',
        line: 'Sessions funded by North: 2 of 2 left this term',
        privacyNotice: 'North’s managers see who booked with whom and when, never your topics, messages or feedback.',
      }),
    ]);
    expect(JSON.stringify(mine)).not.toMatch(/balance/i);
    expect((await call('GET', `/api/partner/organisations/${orgId}`, m.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/me/programmes/join', m.cookie, { code: 'NOPE-NOPE' })).json().error.message).toBe(pm.codeInvalid);

    const domain = await programme({ name: 'Domain only', joinRule: 'domain' });
    const outsider = await createUser(ctx, { email: 'someone@elsewhere.example' });
    const refused = await call('POST', '/api/me/programmes/join', outsider.cookie, { code: domain.code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(pm.domainOnly(['north.example']));
    await member('student@cs.north.example', domain.code);

    const invited = await programme({ name: 'Invited cohort', joinRule: 'invited' });
    const csv = 'email\ninvitee@north.example\nINVITEE@north.example\nnot an address\nsecond@north.example\n';
    const sent = await call('POST', `${programmes()}/${invited.id}/invitations`, manager.cookie, { csv });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ invited: 2, duplicates: ['invitee@north.example'], alreadyInvited: [], invalid: [{ line: 4, text: 'not an address' }] });
    const again = await call('POST', `${programmes()}/${invited.id}/invitations`, manager.cookie, { csv: 'second@north.example\nthird@north.example' });
    expect(again.json()).toMatchObject({ invited: 1, alreadyInvited: ['second@north.example'] });
    expect((await call('POST', `${programmes()}/${invited.id}/invitations`, manager.cookie, { csv: 'x'.repeat(300_000) })).statusCode).toBe(400);
    expect((await call('POST', `${programmes()}/${open.id}/invitations`, manager.cookie, { csv: 'a@north.example' })).statusCode).toBe(409);
    expect((await call('POST', `${programmes()}/${invited.id}/invitations`, otherManager.cookie, { csv: 'a@north.example' })).statusCode).toBe(404);

    const [mail] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'invitee@north.example'));
    expect(mail!.text).toContain('never your topics, messages or feedback');
    const token = /\/programmes\/join\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect((await call('POST', '/api/me/programmes/join', outsider.cookie, { code: invited.code })).json().error.message).toBe(pm.invitedOnly);
    expect((await call('POST', '/api/me/programmes/accept', outsider.cookie, { token })).statusCode).toBe(403);
    const invitee = await createUser(ctx, { email: 'invitee@north.example' });
    const accepted = await call('POST', '/api/me/programmes/accept', invitee.cookie, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().items.map((i: { name: string }) => i.name)).toEqual(['Invited cohort']);
    // An invited address may also join by the code.
    const second = await createUser(ctx, { email: 'second@north.example' });
    expect((await call('POST', '/api/me/programmes/join', second.cookie, { code: invited.code })).statusCode).toBe(200);
    const detail = (await call('GET', `${programmes()}/${invited.id}`, manager.cookie)).json();
    expect(detail.members).toBe(2);
    expect(detail.invitations.filter((i: { acceptedAt: string | null }) => i.acceptedAt)).toHaveLength(2);
  });

  it('a session covered in full asks no card; one over the maximum is split with the card; cancelling returns credit in proportion; confirming spends it', async () => {
    const p = await programme({ name: 'Split', sessionLimit: 3, maxPriceCents: 5_000 });
    const m = await member('split@north.example', p.code);
    const before = await expectLedgerMatches();

    const cover = await call('GET', `/api/me/programmes/cover?expertId=${expert.expert.id}&durationMinutes=30`, m.cookie);
    expect(cover.json().items).toEqual([
      expect.objectContaining({ ok: true, coveredCents: 4_500, youPayCents: 0, message: 'Covered by North: $45.00 · You pay: $0.00' }),
    ]);

    // 30 minutes at $90/h = $45, within the $50 maximum: no card.
    const full = await book(ctx, m.cookie, { expertId: expert.expert.id, startsAt: slotIn(30), durationMinutes: 30, card: undefined, programmeId: p.id });
    expect(full.statusCode, full.body).toBe(201);
    const fullId = full.json().session.id as string;
    expect(full.json().session.payment).toMatchObject({ status: 'held', amountCents: 4_500, creditCents: 4_500, provider: 'credit', cardLast4: null });
    expect(await entriesOf(fullId)).toEqual([{ kind: 'reservation', amountCents: -4_500, reservedChangeCents: 4_500 }]);
    expect(await expectLedgerMatches()).toMatchObject({ balanceCents: before.balanceCents - 4_500, reservedCents: before.reservedCents + 4_500 });

    // 60 minutes = $90: $50 covered, $40 on the card; without a card it is refused and nothing is written.
    const slot = slotIn(5);
    const noCard = await book(ctx, m.cookie, { expertId: expert.expert.id, startsAt: slot, card: undefined, programmeId: p.id });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().error.message).toBe(messages.payment.cardRequired);
    const split = await book(ctx, m.cookie, { expertId: expert.expert.id, startsAt: slot, programmeId: p.id });
    expect(split.statusCode, split.body).toBe(201);
    const splitId = split.json().session.id as string;
    expect(split.json().session.payment).toMatchObject({ amountCents: 9_000, creditCents: 5_000, cardLast4: '4242' });
    const receipt = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, m.email), sql`${emailOutbox.subject} like 'Receipt: $90.00 paid%'`));
    expect(receipt[0]!.text).toContain("Covered by your organisation's credit: $50.00");
    expect(receipt[0]!.text).toContain('Visa ending 4242, $40.00');
    await expectLedgerMatches();

    // Cancelled 5 h before under the flexible policy: 50% back, $45 = $25 to the wallet and $20 to the card.
    const cancelled = await call('POST', `/api/sessions/${splitId}/cancel`, m.cookie, { reason: 'Exam moved' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await entriesOf(splitId)).toEqual([
      { kind: 'reservation', amountCents: -5_000, reservedChangeCents: 5_000 },
      { kind: 'return', amountCents: 2_500, reservedChangeCents: -2_500 },
      { kind: 'spend', amountCents: 0, reservedChangeCents: -2_500 },
    ]);
    const [refund] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, m.email), sql`${emailOutbox.subject} like 'Receipt: $45.00 refunded%'`));
    expect(refund!.text).toContain("Returned to your organisation's credit: $25.00");
    expect(refund!.text).toContain('Refunded to: Visa ending 4242, $20.00');
    const pdf = await call('GET', `/api/sessions/${splitId}/receipt.pdf`, m.cookie);
    const pdfText = (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text;
    expect(pdfText).toContain("Covered by your organisation's credit: $50.00");
    expect(pdfText).toContain('Card: Visa ending 4242, $40.00');
    expect(pdfText).toContain("Returned to your organisation's credit: $25.00");
    expect(pdfText).toContain('Refunded to Visa ending 4242: $20.00');
    const [pb] = await ctx.database.db.select().from(programmeBookings).where(eq(programmeBookings.sessionId, splitId));
    expect(pb).toMatchObject({ creditCents: 5_000, returnedCents: 2_500 });
    await expectLedgerMatches();

    // Confirmed after it took place: the reservation is spent; the expert gets $45 less the 10% commission.
    await shift(ctx, fullId, -40);
    expect((await call('POST', `/api/sessions/${fullId}/confirm`, m.cookie)).statusCode).toBe(200);
    expect((await entriesOf(fullId)).map((e) => e.kind)).toEqual(['reservation', 'spend']);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, fullId));
    const events = await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id));
    expect(events.map((e) => [e.type, e.amountCents]).sort()).toEqual([
      ['fee', 450],
      ['hold', 4_500],
      ['release', 4_050],
    ]);
    expect(await expectLedgerMatches()).toMatchObject({ balanceCents: before.balanceCents - 4_500 - 2_500, reservedCents: before.reservedCents });

    // A cancellation 24 h or more ahead returns it all; the cancelled sessions count no more against the limit.
    const early = await book(ctx, m.cookie, { expertId: expert.expert.id, startsAt: slotIn(50), durationMinutes: 30, card: undefined, programmeId: p.id });
    const earlyId = early.json().session.id as string;
    await call('POST', `/api/sessions/${earlyId}/cancel`, m.cookie, { reason: 'Changed plans' });
    expect((await entriesOf(earlyId)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['reservation', -4_500],
      ['return', 4_500],
    ]);
    const mine = (await call('GET', '/api/me/programmes', m.cookie)).json().items;
    expect(mine.find((i: { name: string }) => i.name === 'Split').line).toBe('Sessions funded by North: 2 of 3 left this term');
    await expectLedgerMatches();

    const seen = (await call('GET', `${programmes()}/${p.id}`, manager.cookie)).json();
    expect(seen.bookings).toHaveLength(3);
    expect(JSON.stringify(seen)).not.toContain('Career change');
  });

  it('refusals in the product’s words change nothing: paused, ended, limit, expert, removed member, wallet short', async () => {
    const other = await createExpert(ctx, { email: 'programmes-other-expert@example.com', rateCents: 6_000 });
    const p = await programme({ name: 'Strict', sessionLimit: 1, expertId: expert.expert.id });
    const m = await member('strict@north.example', p.code);
    const attempt = (expertId: string, hours: number) =>
      book(ctx, m.cookie, { expertId, startsAt: slotIn(hours), durationMinutes: 30, card: undefined, programmeId: p.id });
    const expectRefused = async (r: Awaited<ReturnType<typeof book>>, status: number, message: string) => {
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json().error.message).toBe(message);
    };
    const countBefore = (await ctx.database.db.select().from(sessions)).length;
    const ledgerBefore = (await ctx.database.db.select().from(creditLedger)).length;

    await expectRefused(await attempt(other.expert.id, 70), 409, pm.expertNotCovered);
    await call('POST', `${programmes()}/${p.id}/status`, manager.cookie, { status: 'paused' });
    await expectRefused(await attempt(expert.expert.id, 70), 409, pm.paused);
    await call('POST', `${programmes()}/${p.id}/status`, manager.cookie, { status: 'active' });
    expect((await attempt(expert.expert.id, 70)).statusCode).toBe(201);
    await expectRefused(await attempt(expert.expert.id, 72), 409, pm.limitReached);
    expect((await ctx.database.db.select().from(sessions)).length).toBe(countBefore + 1);
    expect((await ctx.database.db.select().from(creditLedger)).length).toBe(ledgerBefore + 1);

    // A removed member books no more with it; what they booked stays funded.
    const removed = await call('DELETE', `${programmes()}/${p.id}/members/${m.id}`, manager.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().bookings[0].status).toBe('booked');
    await expectRefused(await attempt(expert.expert.id, 74), 403, pm.notMember);
    expect((await call('POST', '/api/me/programmes/join', m.cookie, { code: p.code })).statusCode).toBe(403);
    expect((await call('DELETE', `${programmes()}/${p.id}/members/${m.id}`, otherManager.cookie)).statusCode).toBe(404);

    const poor = await programme({ name: 'Poor' }, otherOrgId, otherManager);
    const pm2 = await member('poor@other.example', poor.code);
    await call('POST', `/api/admin/organisations/${otherOrgId}/adjustments`, admin.cookie, { amountCents: -9_000, reason: 'Test' });
    const short = await book(ctx, pm2.cookie, { expertId: expert.expert.id, startsAt: slotIn(76), card: undefined, programmeId: poor.id });
    await expectRefused(short, 409, pm.creditUsedUp('hr@other.example'));
    await call('POST', `${programmes(otherOrgId)}/${poor.id}/status`, otherManager.cookie, { status: 'ended' });
    const ended = await book(ctx, pm2.cookie, { expertId: expert.expert.id, startsAt: slotIn(76), card: undefined, programmeId: poor.id });
    await expectRefused(ended, 409, pm.ended);
    await expectLedgerMatches(otherOrgId);
  });

  it('a programme that covers workshop seats pays a seat with no card; one that does not refuses; a cancelled seat returns the credit', async () => {
    const day = new Date(Date.now() + 20 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
    const made = await call('POST', '/api/me/workshops', expert.cookie, {
      title: 'Negotiating your first offer',
      description: 'How to answer an offer, with practice rounds.',
      topic: 'Job Interview Mastery',
      startsAtLocal: `${day}T10:00`,
      durationMinutes: 90,
      capacity: 5,
      priceCents: 1_500,
      minAttendance: null,
      publish: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const seats = `/api/workshops/${made.json().id}/seats`;
    const seat = (cookie: string, programmeId: string) =>
      ctx.app.inject({ method: 'POST', url: seats, headers: { ...json, cookie, 'idempotency-key': randomUUID() }, payload: { programmeId } });
    const workshopsOnly = await programme({ name: 'Workshops', coversSessions: false, coversWorkshops: true });
    const sessionsOnly = await programme({ name: 'Sessions only' });
    const m = await member('seat@north.example', workshopsOnly.code);
    expect((await call('POST', '/api/me/programmes/join', m.cookie, { code: sessionsOnly.code })).statusCode).toBe(200);

    // The workshop page's "Covered by …" line for each programme of the member, in the product's words.
    const cover = await call('GET', `/api/me/programmes/cover?workshopId=${made.json().id}`, m.cookie);
    expect(cover.statusCode, cover.body).toBe(200);
    expect(cover.json().items).toEqual([
      { programmeId: sessionsOnly.id, organisationName: 'North', ok: false, coveredCents: 0, youPayCents: 1_500, message: pm.kindNotCovered('workshop') },
      {
        programmeId: workshopsOnly.id,
        organisationName: 'North',
        ok: true,
        coveredCents: 1_500,
        youPayCents: 0,
        message: 'Covered by North: $15.00 · You pay: $0.00',
      },
    ]);
    expect((await call('GET', `/api/me/programmes/cover?workshopId=${randomUUID()}`, m.cookie)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/me/programmes/cover?workshopId=${made.json().id}&expertId=${expert.expert.id}&durationMinutes=30`, m.cookie)).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/me/programmes/cover', m.cookie)).statusCode).toBe(400);

    const refused = await seat(m.cookie, sessionsOnly.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(pm.kindNotCovered('workshop'));
    const taken = await seat(m.cookie, workshopsOnly.id);
    expect(taken.statusCode, taken.body).toBe(201);
    const seatId = taken.json().session.id as string;
    expect(taken.json().session.payment).toMatchObject({ amountCents: 1_500, creditCents: 1_500, provider: 'credit' });
    expect(await entriesOf(seatId)).toEqual([{ kind: 'reservation', amountCents: -1_500, reservedChangeCents: 1_500 }]);
    expect((await call('POST', `/api/sessions/${seatId}/cancel`, m.cookie, { reason: 'Cannot come' })).statusCode).toBe(200);
    expect((await entriesOf(seatId)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['reservation', -1_500],
      ['return', 1_500],
    ]);
    await expectLedgerMatches();
  });

  it('50 members booking at once against the last $200 of a wallet: four are covered, every other is refused cleanly, nothing overdrawn', async () => {
    const raceManager = await createUser(ctx, { email: 'race-manager@race.example' });
    const race = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Race', manager: raceManager, cents: 20_000 });
    const made = await call('POST', programmes(race), raceManager.cookie, { name: 'Race', startsOn: today(), endsOn: inDays(30), joinRule: 'code' });
    expect(made.statusCode, made.body).toBe(201);
    const code = made.json().code as string;
    const members = await Promise.all(Array.from({ length: 50 }, (_, i) => member(`racer${i}@race.example`, code)));
    // Five experts, so that the bookings meet at the wallet rather than wait for one expert's calendar lock.
    const experts = await Promise.all(Array.from({ length: 5 }, (_, i) => createExpert(ctx, { email: `race-expert-${i}@example.com`, rateCents: 9_000 })));
    // 30 minutes at $90/h = $45 each: $200 covers four.
    const answers = await Promise.all(
      members.map((m, i) =>
        book(ctx, m.cookie, {
          expertId: experts[i % 5]!.expert.id,
          startsAt: slotIn(100 + Math.floor(i / 5)),
          durationMinutes: 30,
          card: undefined,
          programmeId: made.json().id,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(46);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error.message).toBe(pm.creditUsedUp('race-manager@race.example'));
    expect(await expectLedgerMatches(race)).toMatchObject({ balanceCents: 2_000, reservedCents: 18_000 });
    const covered = await ctx.database.db.select().from(programmeBookings).where(eq(programmeBookings.organisationId, race));
    expect(covered).toHaveLength(4);
  }, 180_000);
});
