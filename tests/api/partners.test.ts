/**
 * Partners (docs/product.md "Partners"): the team creates organisations (from a partner enquiry or directly) and
 * invites managers; managers accept, invite and remove managers, and buy credit by card; the team records invoice
 * payments, grants free credit, adjusts balances and removes managers. After every operation the ledger's sums equal the balance row;
 * the database refuses an overdraft under concurrency; the expiry job warns and retires a grant's unspent part once.
 * Authorisation: a manager of A sees nothing of B, an ordinary client nothing at all, the console only the team.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  creditGrants,
  creditLedger,
  creditPurchases,
  emailOutbox,
  organisationManagers,
  organisations,
  partnerEnquiries,
} from '../../src/server/db/schema.js';
import { retireExpiredGrants, warnExpiringGrants } from '../../src/server/modules/partners/grant-expiry.js';
import { moveCredit } from '../../src/server/modules/partners/wallet-service.js';
import { seedDemo } from '../../src/server/demo/seed.js';
import { describeAudit } from '../../src/shared/audit-actions.js';
import { partnerMessages } from '../../src/shared/partners.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, signIn } from '../helpers/auth.js';
import { visa } from '../helpers/marketplace.js';
import { pdfText } from '../helpers/pdf-text.js';

const json = { origin, 'content-type': 'application/json' };
const declined = { ...visa, number: '4000 0000 0000 0002' };
const dayMs = 86_400_000;
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('partners: organisations, managers and the credit wallet', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let managerA: Awaited<ReturnType<typeof createUser>>;
  let managerB: Awaited<ReturnType<typeof createUser>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  let orgA: string;
  let orgB: string;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { ...(payload ? json : { origin }), ...(cookie ? { cookie } : {}), ...headers }, ...(payload ? { payload } : {}) });
  const get = (url: string, cookie: string | null) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  /** The ledger's sums equal the organisation's balance row, and each entry's balance after is the running sum. */
  const expectLedgerMatches = async (id: string) => {
    const [o] = await ctx.database.db.select().from(organisations).where(eq(organisations.id, id));
    const entries = await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.organisationId, id));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(o!.balanceCents);
    expect(entries.reduce((s, e) => s + e.reservedChangeCents, 0)).toBe(o!.reservedCents);
    expect(o!.balanceCents).toBeGreaterThanOrEqual(0);
    return o!;
  };

  /** The token of the newest invitation e-mailed to `to`. */
  const invitationToken = async (to: string) => {
    const mails = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, to))
      .orderBy(sql`${emailOutbox.createdAt} desc`);
    const match = mails.map((m) => /\/partner\/invitations\/([A-Za-z0-9_-]+)/.exec(m.text)).find(Boolean);
    expect(match, `an invitation e-mail to ${to}`).toBeTruthy();
    return match![1]!;
  };

  /** The team makes an organisation and `manager` accepts the team's invitation to manage it. */
  const organisationManagedBy = async (name: string, manager: { email: string; cookie: string }) => {
    const made = await call('POST', '/api/admin/organisations', admin.cookie, { name, kind: 'company', billingEmail: `billing@${name.toLowerCase()}.example` });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    expect((await call('POST', `/api/admin/organisations/${id}/invitations`, admin.cookie, { email: manager.email })).statusCode).toBe(201);
    const accepted = await call('POST', '/api/partner/invitations/accept', manager.cookie, { token: await invitationToken(manager.email) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx, { email: 'partners-admin@example.com', role: 'admin', firstName: 'Alex', lastName: 'Admin' });
    managerA = await createUser(ctx, { email: 'robin@uni.example', firstName: 'Robin', lastName: 'Hale' });
    managerB = await createUser(ctx, { email: 'bea@company.example', firstName: 'Bea', lastName: 'Other' });
    client = await createUser(ctx, { email: 'partners-client@example.com', firstName: 'Casey', lastName: 'Client' });
  });
  afterAll(() => ctx?.close());

  it('the team creates an organisation from a partner enquiry, keeping the link, audited; once per enquiry; bad input changes nothing', async () => {
    const [enquiry] = await ctx.database.db
      .insert(partnerEnquiries)
      .values({ name: 'Robin Hale', email: 'robin@uni.example', businessType: 'University', description: 'Careers office, 300 students.' })
      .returning();
    const body = {
      name: 'Northfield University',
      kind: 'university',
      billingEmail: 'Finance@Uni.example',
      emailDomains: ['Uni.example'],
      enquiryId: enquiry!.id,
    };
    const made = await call('POST', '/api/admin/organisations', admin.cookie, body);
    expect(made.statusCode, made.body).toBe(201);
    orgA = made.json().id;
    expect(made.json()).toMatchObject({
      name: 'Northfield University',
      kind: 'university',
      billingEmail: 'finance@uni.example',
      emailDomains: ['uni.example'],
      enquiryId: enquiry!.id,
      balanceCents: 0,
      reservedCents: 0,
      managers: [],
    });
    expect((await get(`/api/admin/organisations/${orgA}/ledger`, admin.cookie)).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    const [audit] = await ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, orgA));
    expect(audit).toMatchObject({ actorId: admin.id, action: 'organisation.create', targetType: 'organisation' });

    const again = await call('POST', '/api/admin/organisations', admin.cookie, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(partnerMessages.enquiryTaken);
    const before = await ctx.database.db.select().from(organisations);
    for (const bad of [
      { ...body, enquiryId: undefined, name: '  ' },
      { ...body, enquiryId: undefined, kind: 'charity' },
      { ...body, enquiryId: undefined, billingEmail: 'not-an-address' },
      { ...body, enquiryId: undefined, emailDomains: ['not a domain'] },
    ])
      expect((await call('POST', '/api/admin/organisations', admin.cookie, bad)).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/organisations', admin.cookie, { ...body, enquiryId: randomUUID() })).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(organisations)).toHaveLength(before.length);

    const listed = (await get('/api/admin/organisations', admin.cookie)).json();
    expect(listed.items.map((o: { id: string }) => o.id)).toContain(orgA);
  });

  it('an invited person accepts with the invited address only, once, and then manages the organisation at /partner', async () => {
    const invited = await call('POST', `/api/admin/organisations/${orgA}/invitations`, admin.cookie, { email: 'ROBIN@uni.example' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().invitations).toEqual([expect.objectContaining({ email: 'robin@uni.example' })]);
    const token = await invitationToken('robin@uni.example');

    const wrong = await call('POST', '/api/partner/invitations/accept', client.cookie, { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(partnerMessages.invitationOtherEmail);
    expect((await call('POST', '/api/partner/invitations/accept', null, { token })).statusCode).toBe(401);
    expect((await call('POST', '/api/partner/invitations/accept', managerA.cookie, { token: 'nonsense' })).statusCode).toBe(404);

    const accepted = await call('POST', '/api/partner/invitations/accept', managerA.cookie, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ organisationId: orgA, name: 'Northfield University' });
    const used = await call('POST', '/api/partner/invitations/accept', managerA.cookie, { token });
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toBe(partnerMessages.invitationUsed);

    expect((await get('/api/partner/organisations', managerA.cookie)).json().items).toEqual([expect.objectContaining({ id: orgA, balanceCents: 0 })]);
    const detail = (await get(`/api/partner/organisations/${orgA}`, managerA.cookie)).json();
    expect(detail.managers).toEqual([expect.objectContaining({ email: 'robin@uni.example', name: 'Robin Hale' })]);
    expect(detail.invitations).toEqual([]);
    const again = await call('POST', `/api/admin/organisations/${orgA}/invitations`, admin.cookie, { email: 'robin@uni.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(partnerMessages.alreadyManager);
  });

  it('authorisation: a manager of A sees nothing of B, an ordinary client nothing, the console only the team', async () => {
    orgB = await organisationManagedBy('Bexley', managerB);
    const routesOf = (id: string) =>
      [
        ['GET', `/api/partner/organisations/${id}`, undefined],
        ['POST', `/api/partner/organisations/${id}/invitations`, { email: 'someone@example.com' }],
        ['DELETE', `/api/partner/organisations/${id}/managers/${managerB.id}`, undefined],
        ['POST', `/api/partner/organisations/${id}/credit-purchases`, { amountCents: 5000, card: visa }],
      ] as const;
    const ledgerBefore = await ctx.database.db.select().from(creditLedger);
    for (const [actor, cookie] of [
      ['manager of A', managerA.cookie],
      ['client', client.cookie],
      ['team member', admin.cookie],
    ] as const)
      for (const [method, url, body] of routesOf(orgB)) {
        const res = await call(method, url, cookie, body, { 'idempotency-key': randomUUID() });
        expect(res.statusCode, `${method} ${url} as ${actor}`).toBe(404);
        expect(res.body).not.toContain('Bexley');
      }
    for (const [method, url, body] of routesOf(orgB)) expect((await call(method, url, null, body, { 'idempotency-key': randomUUID() })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(creditLedger)).toHaveLength(ledgerBefore.length);
    expect((await get(`/api/partner/organisations/${orgB}`, managerB.cookie)).statusCode).toBe(200);
    expect((await get('/api/partner/organisations', client.cookie)).json()).toEqual({ items: [] });
    expect((await get('/api/partner/organisations', managerA.cookie)).json().items.map((o: { id: string }) => o.id)).toEqual([orgA]);

    const console = [
      ['GET', '/api/admin/organisations', undefined],
      ['POST', '/api/admin/organisations', { name: 'Sneaky', kind: 'other', billingEmail: 'x@example.com' }],
      ['GET', `/api/admin/organisations/${orgB}`, undefined],
      ['POST', `/api/admin/organisations/${orgB}/invitations`, { email: 'robin@uni.example' }],
      ['POST', `/api/admin/organisations/${orgB}/invoice-payments`, { amountCents: 1000, reference: 'INV-X' }],
      ['POST', `/api/admin/organisations/${orgB}/grants`, { amountCents: 1000, expiresOn: utcDate(Date.now() + 30 * dayMs), note: 'Pilot' }],
      ['POST', `/api/admin/organisations/${orgB}/adjustments`, { amountCents: 1000, reason: 'Because' }],
    ] as const;
    for (const [method, url, body] of console) {
      expect((await call(method, url, managerB.cookie, body)).statusCode, `${method} ${url} as a manager`).toBe(403);
      expect((await call(method, url, client.cookie, body)).statusCode, `${method} ${url} as a client`).toBe(403);
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} signed out`).toBe(401);
    }
    expect(await ctx.database.db.select().from(creditLedger)).toHaveLength(ledgerBefore.length);
  });

  it('a manager buys credit by card: balance and ledger follow, receipts e-mailed; a decline changes nothing; a replay charges once', async () => {
    const buy = (amountCents: number, key: string, card = visa) =>
      call('POST', `/api/partner/organisations/${orgA}/credit-purchases`, managerA.cookie, { amountCents, card }, { 'idempotency-key': key });
    const no = await buy(50_000, randomUUID(), declined);
    expect(no.statusCode).toBe(402);
    expect((await expectLedgerMatches(orgA)).balanceCents).toBe(0);
    expect((await buy(999, randomUUID())).json().error.message).toBe(partnerMessages.purchaseAmount);

    const key = randomUUID();
    const bought = await buy(50_000, key);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({ balanceCents: 50_000 });
    expect((await get(`/api/partner/organisations/${orgA}/ledger`, managerA.cookie)).json()).toMatchObject({
      items: [{ kind: 'purchase', amountCents: 50_000, balanceAfterCents: 50_000, paidWith: 'Visa ending 4242', actorName: 'Robin Hale' }],
      total: 1,
    });
    const replay = await buy(50_000, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().balanceCents).toBe(50_000);
    expect((await buy(60_000, key)).statusCode).toBe(422);
    expect((await expectLedgerMatches(orgA)).balanceCents).toBe(50_000);

    const receipts = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} like 'Receipt MEN-%: $500.00 of Mentora credit%'`);
    expect(receipts.map((r) => r.to).sort()).toEqual(['finance@uni.example', 'robin@uni.example']);
    expect(receipts[0]!.text).toContain('paid with Visa ending 4242');
    // The receipt's number is of the one series every charge has (decision 037), on the e-mail and its PDF.
    const [purchase] = await ctx.database.db.select().from(creditPurchases).where(eq(creditPurchases.organisationId, orgA));
    expect(purchase!.receiptNumber).toMatch(/^MEN-\d{4}-\d{6}$/);
    expect(receipts[0]!.text).toContain(`Receipt number: ${purchase!.receiptNumber}`);
    const [pdf] = receipts[0]!.attachments!;
    expect(pdf).toMatchObject({ filename: `mentora-receipt-${purchase!.receiptNumber}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(Buffer.from(pdf!.content as string, 'base64'));
    expect(text).toContain(purchase!.receiptNumber);
    expect(text).toContain('$500.00');
  });

  it('the team records an invoice payment once per reference, grants credit until a date and adjusts, never below what is available; audited', async () => {
    const post = (path: string, body: object) => call('POST', `/api/admin/organisations/${orgA}/${path}`, admin.cookie, body);
    const invoice = await post('invoice-payments', { amountCents: 20_000, reference: 'INV-2026-17' });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(invoice.json().balanceCents).toBe(70_000);
    expect((await get(`/api/admin/organisations/${orgA}/ledger`, admin.cookie)).json().items[0]).toMatchObject({
      kind: 'purchase',
      amountCents: 20_000,
      paidWith: 'bank transfer, reference INV-2026-17',
    });
    const twice = await post('invoice-payments', { amountCents: 20_000, reference: 'inv-2026-17' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(partnerMessages.invoiceRecorded);
    expect((await expectLedgerMatches(orgA)).balanceCents).toBe(70_000);

    expect((await post('grants', { amountCents: 10_000, expiresOn: utcDate(Date.now()), note: 'Spring pilot' })).statusCode).toBe(400);
    const granted = await post('grants', { amountCents: 10_000, expiresOn: utcDate(Date.now() + 40 * dayMs), note: 'Spring pilot' });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json().grants[0]).toMatchObject({ amountCents: 10_000, remainingCents: 10_000, note: 'Spring pilot', retiredAt: null });
    expect((await expectLedgerMatches(orgA)).balanceCents).toBe(80_000);

    const tooMuch = await post('adjustments', { amountCents: -80_001, reason: 'Correction' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(partnerMessages.belowReserved(80_000));
    expect((await post('adjustments', { amountCents: 0, reason: 'Nothing' })).statusCode).toBe(400);
    expect((await post('adjustments', { amountCents: 500, reason: '' })).statusCode).toBe(400);
    const taken = await post('adjustments', { amountCents: -4_000, reason: 'Duplicate grant corrected' });
    expect(taken.statusCode, taken.body).toBe(201);
    // Granted credit is spent first: the grant's unspent part went down.
    expect(taken.json().grants[0]).toMatchObject({ remainingCents: 6_000 });
    expect((await expectLedgerMatches(orgA)).balanceCents).toBe(76_000);

    const actions = await ctx.database.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, orgA), eq(adminAuditLog.actorId, admin.id)));
    expect(actions.map((a) => a.action).sort()).toEqual(['credit.adjust', 'credit.grant', 'credit.invoice', 'organisation.create', 'organisation.invite']);
    const console = (await get(`/api/admin/organisations/${orgA}/ledger`, admin.cookie)).json();
    expect(console.items.map((e: { kind: string }) => e.kind)).toEqual(['adjustment', 'grant', 'purchase', 'purchase']);
  });

  it('managers invite and remove other managers, never themselves', async () => {
    const third = await createUser(ctx, { email: 'sam@uni.example', firstName: 'Sam', lastName: 'Third' });
    const invited = await call('POST', `/api/partner/organisations/${orgA}/invitations`, managerA.cookie, { email: 'sam@uni.example' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await call('POST', '/api/partner/invitations/accept', third.cookie, { token: await invitationToken('sam@uni.example') })).statusCode).toBe(200);
    expect((await get(`/api/partner/organisations/${orgA}`, third.cookie)).statusCode).toBe(200);

    const self = await call('DELETE', `/api/partner/organisations/${orgA}/managers/${third.id}`, third.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(partnerMessages.removeSelf);
    const removed = await call('DELETE', `/api/partner/organisations/${orgA}/managers/${third.id}`, managerA.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().managers.map((x: { email: string }) => x.email)).toEqual(['robin@uni.example']);
    expect((await get(`/api/partner/organisations/${orgA}`, third.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/partner/organisations/${orgA}/managers/${third.id}`, managerA.cookie)).statusCode).toBe(404);
  });

  it("the team removes a manager from the console with a reason, audited; the managers' refusals hold; the last manager may go", async () => {
    const pat = await createUser(ctx, { email: 'pat@carrow.example', firstName: 'Pat', lastName: 'Carrow' });
    const carrow = await organisationManagedBy('Carrow', pat);
    const removal = (userId: string, cookie: string | null, body: object = { reason: 'Left the college' }, id = carrow) =>
      call('POST', `/api/admin/organisations/${id}/managers/${userId}/removal`, cookie, body);
    const managers = async () => (await get(`/api/admin/organisations/${carrow}`, admin.cookie)).json().managers.map((x: { email: string }) => x.email);
    const audit = () => ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, carrow));
    const auditBefore = (await audit()).length;

    // A team member who manages the organisation too cannot remove themselves, as no manager can.
    await ctx.database.db.insert(organisationManagers).values({ organisationId: carrow, userId: admin.id });
    const self = await removal(admin.id, admin.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(partnerMessages.removeSelf);
    await ctx.database.db.delete(organisationManagers).where(and(eq(organisationManagers.organisationId, carrow), eq(organisationManagers.userId, admin.id)));

    const noReason = await removal(pat.id, admin.cookie, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect((await removal(pat.id, pat.cookie)).statusCode).toBe(403);
    expect((await removal(pat.id, null)).statusCode).toBe(401);
    const unknown = await removal(pat.id, admin.cookie, undefined, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(partnerMessages.organisationNotFound);
    const notManager = await removal(client.id, admin.cookie);
    expect(notManager.statusCode).toBe(404);
    expect(notManager.json().error.message).toBe(partnerMessages.managerNotFound);
    expect(await managers()).toEqual(['pat@carrow.example']);
    expect(await audit()).toHaveLength(auditBefore);

    // Pat is the last manager: the team may still remove them, leaving the organisation as it was created.
    const removed = await removal(pat.id, admin.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().managers).toEqual([]);
    expect((await get(`/api/partner/organisations/${carrow}`, pat.cookie)).statusCode).toBe(404);
    expect((await get('/api/partner/organisations', pat.cookie)).json()).toEqual({ items: [] });
    expect((await removal(pat.id, admin.cookie)).statusCode).toBe(404);
    const [entry] = (await get(`/api/admin/organisations/${carrow}/audit`, admin.cookie)).json().items;
    expect(entry).toMatchObject({ action: 'organisation.remove_manager', actor: { id: admin.id } });
    expect(describeAudit(entry)).toBe('removed a manager of a partner organisation (pat@carrow.example): “Left the college”');
    // No e-mail tells anyone, as when a manager removes another.
    expect(
      await ctx.database.db
        .select()
        .from(emailOutbox)
        .where(sql`${emailOutbox.subject} ilike '%removed%'`),
    ).toEqual([]);
    // A new invitation makes the organisation managed again.
    expect((await call('POST', `/api/admin/organisations/${carrow}/invitations`, admin.cookie, { email: pat.email })).statusCode).toBe(201);
  });

  it('the database refuses an overdraft: concurrent adjustments never take the balance below zero', async () => {
    await call('POST', `/api/admin/organisations/${orgB}/invoice-payments`, admin.cookie, { amountCents: 10_000, reference: 'RACE-1' });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => call('POST', `/api/admin/organisations/${orgB}/adjustments`, admin.cookie, { amountCents: -1_000, reason: 'Race' })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect((await expectLedgerMatches(orgB)).balanceCents).toBe(0);
    // Without the service's lock and check, the balance row's CHECK still refuses the overdraft under concurrency.
    await call('POST', `/api/admin/organisations/${orgB}/invoice-payments`, admin.cookie, { amountCents: 10_000, reference: 'RACE-2' });
    const raw = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        ctx.database.db.transaction((tx) => moveCredit(tx, { organisationId: orgB, kind: 'adjustment', amountCents: -1_000, note: 'Race', actorId: null })),
      ),
    );
    expect(raw.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect((await expectLedgerMatches(orgB)).balanceCents).toBe(0);
    await expect(ctx.database.db.update(organisations).set({ balanceCents: -1 }).where(eq(organisations.id, orgB))).rejects.toThrow();
  });

  it('the expiry job warns managers 14 and 3 days before, then retires the unspent part of a grant once, even run twice at once', async () => {
    const now = Date.now();
    const granted = await call('POST', `/api/admin/organisations/${orgB}/grants`, admin.cookie, {
      amountCents: 5_000,
      expiresOn: utcDate(now + 20 * dayMs),
      note: 'Autumn pilot',
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const grantId = granted.json().grants[0].id as string;
    const [grant] = await ctx.database.db.select().from(creditGrants).where(eq(creditGrants.id, grantId));
    const at = (daysBefore: number) => new Date(grant!.expiresAt.getTime() - daysBefore * dayMs);
    const warnings = () =>
      ctx.database.db
        .select()
        .from(emailOutbox)
        .where(sql`${emailOutbox.subject} like '%Bexley''s credit expires%'`);

    expect(await warnExpiringGrants(ctx.database.db, ctx.config.baseUrl, at(15))).toBe(0);
    expect(await warnExpiringGrants(ctx.database.db, ctx.config.baseUrl, at(13))).toBe(1);
    expect(await warnExpiringGrants(ctx.database.db, ctx.config.baseUrl, at(12))).toBe(0);
    expect((await warnings()).map((w) => w.to)).toEqual(['bea@company.example']);
    expect(await warnExpiringGrants(ctx.database.db, ctx.config.baseUrl, at(2))).toBe(1);
    expect(await warnings()).toHaveLength(2);
    expect((await warnings())[0]!.subject).toBe(
      "$50.00 of Bexley's credit expires on " +
        new Date(grant!.expiresAt.getTime() - 1).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }),
    );

    // 2 000 of it spent (drawn from the grant first), so 3 000 expires.
    expect(
      (await call('POST', `/api/admin/organisations/${orgB}/adjustments`, admin.cookie, { amountCents: -2_000, reason: 'Spent elsewhere' })).statusCode,
    ).toBe(201);
    expect(await retireExpiredGrants(ctx.database.db, at(1))).toBe(0);
    const runs = await Promise.all([retireExpiredGrants(ctx.database.db, at(0)), retireExpiredGrants(ctx.database.db, at(0))]);
    expect(runs[0]! + runs[1]!).toBe(1);
    const expiries = await ctx.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.grantId, grantId), eq(creditLedger.kind, 'expiry')));
    expect(expiries).toEqual([expect.objectContaining({ amountCents: -3_000, note: 'Autumn pilot' })]);
    expect(await retireExpiredGrants(ctx.database.db, new Date(at(0).getTime() + dayMs))).toBe(0);
    expect((await expectLedgerMatches(orgB)).balanceCents).toBe(0);
    const view = (await get(`/api/partner/organisations/${orgB}`, managerB.cookie)).json();
    expect((await get(`/api/partner/organisations/${orgB}/ledger`, managerB.cookie)).json().items[0]).toMatchObject({ kind: 'expiry', amountCents: -3_000 });
    expect(view.grants[0]).toMatchObject({ remainingCents: 0, retiredAt: at(0).toISOString() });
  });

  it('a fresh demo has Northfield University, managed by partner@example.com with the demo password, with credit, a programme with funded sessions, and a ledger that agree', async () => {
    const demo = await createTestApp();
    try {
      expect(await seedDemo(demo.database.db, demo.app.auth)).toBe(true);
      const cookie = await signIn(demo, 'partner@example.com');
      const [mine] = (await demo.app.inject({ method: 'GET', url: '/api/partner/organisations', headers: { cookie } })).json().items;
      expect(mine).toMatchObject({ name: 'Northfield University', kind: 'university' });
      const ledger = (await demo.app.inject({ method: 'GET', url: `/api/partner/organisations/${mine.id}/ledger`, headers: { cookie } })).json().items;
      const kinds = ledger.map((e: { kind: string }) => e.kind).sort();
      expect(kinds).toEqual(['grant', 'purchase', 'reservation', 'reservation', 'spend']);
      const sum = (key: 'amountCents' | 'reservedChangeCents') => ledger.reduce((t: number, e: Record<string, number>) => t + e[key]!, 0);
      expect(sum('amountCents')).toBe(mine.balanceCents);
      expect(sum('reservedChangeCents')).toBe(mine.reservedCents);
      expect(mine.reservedCents).toBeGreaterThan(0);
      const programmes = (await demo.app.inject({ method: 'GET', url: `/api/partner/organisations/${mine.id}/programmes`, headers: { cookie } })).json();
      expect(programmes.items[0]).toMatchObject({ name: 'Careers sprint', code: 'NORTH-SPRING', members: 2 });
      const client = await signIn(demo, 'client@example.com');
      const funded = (await demo.app.inject({ method: 'GET', url: '/api/me/programmes', headers: { cookie: client } })).json();
      expect(funded.items[0].line).toBe('Sessions funded by Northfield University: 1 of 2 left this term');
    } finally {
      await demo.close();
    }
  });
});
