/**
 * Long lists come a page at a time, every row reachable (docs/product.md "Partners", "People", "Earnings"): a
 * manager's purchases of credit past the 200 the list once stopped at, with the 201st purchase's receipt; an
 * organisation's credit ledger past the 200 entries its pages once stopped at, for its managers and the team, its CSV
 * still whole; an expert's earnings ledger past the 200 entries it stopped at, its totals over all of them; the team's
 * actions about a person, and the person's sessions, past the 50 their page once stopped at; the team's actions about
 * an organisation on its console page, and the organisations a manager manages on their person page. Runs on PGlite,
 * or PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, partnerEnquiries, paymentEvents, payments, sessions } from '../../src/server/db/schema.js';
import { simulatedProvider } from '../../src/server/infra/payments/simulated.js';
import { settleExpiredPackages } from '../../src/server/modules/packages/use-cases/expire-packages.js';
import { moveCredit } from '../../src/server/modules/partners/wallet-service.js';
import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
import { partnerMessages } from '../../src/shared/partners.js';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, slotIn, visa } from '../helpers/marketplace.js';
import { fundedOrganisation } from '../helpers/partners.js';

const json = { origin, 'content-type': 'application/json' };
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
type Action = { action: string; actor: { name: string | null }; targetType: string; targetId: string; detail: Record<string, unknown> | null };

describe('paged lists of purchases, the ledgers, sessions and the team’s actions', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let manager: Awaited<ReturnType<typeof createUser>>;
  let n = 0;
  const get = (url: string, cookie = admin.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = async (url: string, payload: object, cookie = admin.cookie, method: 'POST' | 'PUT' = 'POST') => {
    const res = await ctx.app.inject({ method, url, remoteAddress: `127.12.0.${(++n % 250) + 1}`, headers: { ...json, cookie }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  /** Every page of `url` at `pageSize`, in order, checking each page's total and number. */
  const allPages = async <T>(url: string, pageSize: number, cookie = admin.cookie) => {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const res = await get(`${url}?page=${page}&pageSize=${pageSize}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Page<T>;
      expect(body).toMatchObject({ page, pageSize });
      items.push(...body.items);
      if (body.items.length < pageSize) return { items, total: body.total };
    }
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx, { email: 'paging-admin@example.com', role: 'admin', firstName: 'Alex', lastName: 'Admin' });
    manager = await createUser(ctx, { email: 'paging-manager@example.com', firstName: 'Mina', lastName: 'Manager' });
  });
  afterAll(() => ctx?.close());

  it('pages a manager’s 201 purchases of credit, newest first, 20 at a time: the 201st is listed and its receipt downloads', async () => {
    const orgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Pagewell', manager, cents: 10_000 });
    const outsider = await createUser(ctx, { email: 'paging-outsider@example.com' });
    // 200 later bank transfers, each a minute apart, on top of the first one the team recorded through the console.
    await ctx.database.db.execute(sql`
      insert into credit_purchases (organisation_id, amount_cents, method, invoice_reference, idempotency_key, request_hash, status, paid_at, created_at)
      select ${orgId}::uuid, 1000 + g, 'invoice', 'INV-PAGE-' || g, 'invoice:inv-page-' || g, 'seeded', 'paid', now() + g * interval '1 minute', now() + g * interval '1 minute'
      from generate_series(1, 200) g`);
    const url = `/api/partner/organisations/${orgId}/credit-purchases`;
    type Purchase = { purchaseId: string; amountCents: number; receiptNumber: string | null; paidWith: string };

    const first = (await get(url, manager.cookie)).json() as Page<Purchase>;
    expect(first).toMatchObject({ total: 201, page: 1, pageSize: 20 });
    expect(first.items.map((p) => p.amountCents)).toEqual(Array.from({ length: 20 }, (_, i) => 1200 - i));

    const { items, total } = await allPages<Purchase>(url, 100, manager.cookie);
    expect(total).toBe(201);
    expect(new Set(items.map((p) => p.purchaseId)).size).toBe(201);
    const oldest = items[200]!;
    expect(oldest).toMatchObject({ amountCents: 10_000, paidWith: expect.stringMatching(/^bank transfer, reference INV-/) });
    const receipt = await get(`${url}/${oldest.purchaseId}/receipt.pdf`, manager.cookie);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-disposition']).toBe(`attachment; filename="mentora-receipt-${oldest.receiptNumber}.pdf"`);

    // Past the last page: nothing more, with the total to link back to.
    expect((await get(`${url}?page=12`, manager.cookie)).json()).toMatchObject({ items: [], total: 201, page: 12 });
    const tooMany = await get(`${url}?pageSize=101`, manager.cookie);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('Page size must be a whole number from 1 to 100');
    expect((await get(`${url}?page=2`, outsider.cookie)).json().error.message).toBe(partnerMessages.organisationNotFound);
  });

  it('pages an organisation’s 201 ledger entries, newest first, for its managers and the team; the CSV keeps them all', async () => {
    const orgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Ledgerly', manager, cents: 10_000 });
    const otherManager = await createUser(ctx, { email: 'paging-ledger-other@example.com' });
    await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Otherly', manager: otherManager, cents: 5_000 });
    // 200 adjustments after the bank transfer, in one transaction: they share their time, so only the id orders them.
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 1; i <= 200; i++) await moveCredit(tx, { organisationId: orgId, kind: 'adjustment', amountCents: i, note: `Goodwill ${i}`, actorId: null });
    });
    type Entry = { id: string; kind: string; amountCents: number; balanceAfterCents: number; paidWith: string | null; actorName: string | null };
    const managers = `/api/partner/organisations/${orgId}/ledger`;
    const team = `/api/admin/organisations/${orgId}/ledger`;

    const first = (await get(managers, manager.cookie)).json() as Page<Entry>;
    expect(first).toMatchObject({ total: 201, page: 1, pageSize: 20 });
    expect(first.items.every((e) => e.kind === 'adjustment')).toBe(true);
    for (const [url, cookie] of [
      [managers, manager.cookie],
      [team, admin.cookie],
    ] as const) {
      const { items, total } = await allPages<Entry>(url, 100, cookie);
      expect(total).toBe(201);
      expect(new Set(items.map((e) => e.id)).size).toBe(201);
      expect(
        items
          .slice(0, 200)
          .map((e) => e.amountCents)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      // The 201st, oldest: the bank transfer, with how it was paid and who recorded it.
      expect(items[200]).toMatchObject({ kind: 'purchase', amountCents: 10_000, balanceAfterCents: 10_000, actorName: 'Alex Admin' });
      expect(items[200]!.paidWith).toMatch(/^bank transfer, reference INV-/);
    }
    expect((await get(`${team}?page=11`)).json()).toMatchObject({ items: [{ kind: 'purchase' }], total: 201, page: 11, pageSize: 20 });
    expect((await get(`${team}?page=12`)).json()).toMatchObject({ items: [], total: 201, page: 12 });
    // The organisation's page no longer carries a ledger; the CSV export still has every entry.
    expect((await get(`/api/partner/organisations/${orgId}`, manager.cookie)).json()).not.toHaveProperty('ledger');
    expect((await get(`/api/admin/organisations/${orgId}`)).json()).not.toHaveProperty('ledger');
    const csv = await get(`/api/partner/organisations/${orgId}/ledger.csv`, manager.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1 + 201);

    const tooMany = await get(`${managers}?pageSize=101`, manager.cookie);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('Page size must be a whole number from 1 to 100');
    // Nobody else reads it: another organisation's manager and the team through the managers' API are told it does
    // not exist; a manager is refused the console's; a visitor is asked to sign in.
    for (const cookie of [otherManager.cookie, admin.cookie]) {
      const refused = await get(`${managers}?page=2`, cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(partnerMessages.organisationNotFound);
    }
    expect((await get(team, manager.cookie)).statusCode).toBe(403);
    expect((await get(managers, '')).statusCode).toBe(401);
    expect((await get(team, '')).statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await get(`/api/admin/organisations/${id}/ledger`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(partnerMessages.organisationNotFound);
    }
  });

  it('pages an expert’s 201 earnings entries, newest first, past the 200 the ledger stopped at; the totals count them all; nobody else reads them', async () => {
    const expert = await createExpert(ctx, { email: 'paging-earner@example.com', rateCents: 6000 });
    const client = await createUser(ctx, { email: 'paging-payer@example.com', firstName: 'Pat', lastName: 'Payer' });
    const otherExpert = await createExpert(ctx, { email: 'paging-other-earner@example.com' });
    // The oldest entry: a booking's payment, still held.
    const booked = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(48) });
    expect(booked.statusCode, booked.body).toBe(201);
    const firstId = booked.json().session.id as string;
    // A package whose unused sessions are released to the expert at its expiry: two entries of the prepaid kind.
    const offered = await post(
      '/api/me/packages',
      { sessionCount: 2, durationMinutes: 60, priceCents: 20_000, validityMonths: 1, expiryRule: 'release' },
      expert.cookie,
    );
    const bought = await ctx.app.inject({
      method: 'POST',
      url: `/api/packages/${offered.id}/purchases`,
      headers: { ...json, cookie: client.cookie, 'idempotency-key': randomUUID() },
      payload: { card: visa },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const purchase = bought.json().purchase as { id: string; expiresAt: string };
    expect(await settleExpiredPackages(sessionDeps(ctx.config, ctx.database.db, simulatedProvider()), new Date(Date.parse(purchase.expiresAt) + 1000))).toBe(1);
    // 99 later sessions of the pair, a day apart, each paid and released: 198 more entries, each a minute apart.
    const [s] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, firstId));
    const { id: _id, ...copy } = s!;
    const day = 86_400_000;
    const later = await ctx.database.db
      .insert(sessions)
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          ...copy,
          startsAt: new Date(s!.startsAt.getTime() + (i + 1) * day),
          endsAt: new Date(s!.endsAt.getTime() + (i + 1) * day),
          idempotencyKey: `paging-earning-${i}`,
        })),
      )
      .returning({ id: sessions.id });
    const paid = await ctx.database.db
      .insert(payments)
      .values(
        later.map(({ id }, i) => ({
          sessionId: id,
          amountCents: 6000,
          status: 'released',
          provider: 'simulated',
          providerRef: `paging-earning-${i}`,
          idempotencyKey: `paging-earning-${i}`,
        })),
      )
      .returning({ id: payments.id });
    const minute = 60_000;
    const now = Date.now();
    await ctx.database.db.insert(paymentEvents).values(
      paid.flatMap(({ id }, i) => [
        { paymentId: id, type: 'hold', amountCents: 6000, createdAt: new Date(now + (2 * i + 1) * minute) },
        { paymentId: id, type: 'fee', amountCents: 0, createdAt: new Date(now + (2 * i + 2) * minute) },
        { paymentId: id, type: 'release', amountCents: i + 1, createdAt: new Date(now + (2 * i + 2) * minute) },
      ]),
    );
    type Entry = { id: string; at: string; type: string; amountCents: number; sessionId: string | null; packagePurchaseId: string | null };
    const url = '/api/me/earnings/ledger';

    const first = (await get(url, expert.cookie)).json() as Page<Entry>;
    expect(first).toMatchObject({ total: 201, page: 1, pageSize: 20 });
    const { items, total } = await allPages<Entry>(url, 100, expert.cookie);
    expect(total).toBe(201);
    expect(new Set(items.map((e) => e.id)).size).toBe(201);
    expect(items.slice(0, 20)).toEqual(first.items);
    expect(items.map((e) => e.at)).toEqual(
      items
        .map((e) => e.at)
        .toSorted()
        .reverse(),
    );
    expect(items.filter((e) => e.packagePurchaseId === purchase.id).map((e) => [e.type, e.sessionId])).toEqual([
      ['released', null],
      ['released', null],
    ]);
    // The commission is not the expert's movement.
    expect(
      items
        .filter((e) => e.type === 'released' && e.sessionId)
        .map((e) => e.amountCents)
        .toSorted((a, b) => a - b),
    ).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    // The 201st, oldest: the first booking's payment, held.
    expect(items[200]).toMatchObject({
      sessionId: firstId,
      type: 'held',
      amountCents: 6000,
      clientName: 'Pat Payer',
      sessionStartsAt: s!.startsAt.toISOString(),
    });
    expect((await get(`${url}?page=11`, expert.cookie)).json()).toMatchObject({ items: [{ sessionId: firstId, type: 'held' }], total: 201, page: 11 });
    expect((await get(`${url}?page=12`, expert.cookie)).json()).toEqual({ items: [], total: 201, page: 12, pageSize: 20 });

    // The totals are over every entry, not a page: what was released is the sum of every 'released' entry.
    const totals = (await get('/api/me/earnings', expert.cookie)).json();
    expect(totals).toEqual({ currency: 'USD', totalEarnedCents: 4950 + 20_000, heldCents: 6000, refundedCents: 0 });
    expect(items.filter((e) => e.type === 'released').reduce((sum, e) => sum + e.amountCents, 0)).toBe(totals.totalEarnedCents);

    const tooMany = await get(`${url}?pageSize=101`, expert.cookie);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('Page size must be a whole number from 1 to 100');
    // Each expert reads their own only; a client and the team are refused, a visitor asked to sign in.
    expect((await get(url, otherExpert.cookie)).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    for (const cookie of [client.cookie, admin.cookie]) expect((await get(`${url}?page=2`, cookie)).statusCode).toBe(403);
    expect((await get(url, '')).statusCode).toBe(401);
  });

  it('pages a person’s 51 sessions, the latest start first, as client and as expert: the 51st with its payment; only the team reads them', async () => {
    const expert = await createExpert(ctx, { email: 'paging-expert@example.com', rateCents: 6000 });
    const client = await createUser(ctx, { email: 'paging-client@example.com', firstName: 'Pia', lastName: 'Pager' });
    const booked = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(48) });
    expect(booked.statusCode, booked.body).toBe(201);
    const firstId = booked.json().session.id as string;
    // 50 later sessions of the pair, a day apart, copied from the booked one.
    const [s] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, firstId));
    const { id: _id, ...copy } = s!;
    const day = 86_400_000;
    await ctx.database.db.insert(sessions).values(
      Array.from({ length: 50 }, (_, i) => ({
        ...copy,
        startsAt: new Date(s!.startsAt.getTime() + (i + 1) * day),
        endsAt: new Date(s!.endsAt.getTime() + (i + 1) * day),
        idempotencyKey: `paging-copy-${i}`,
      })),
    );
    type Row = { id: string; side: string; otherParty: string; startsAt: string; payment: { status: string; amountCents: number } | null };

    const url = `/api/admin/users/${client.id}/sessions`;
    const first = (await get(url)).json() as Page<Row>;
    expect(first).toMatchObject({ total: 51, page: 1, pageSize: 20 });
    expect(first.items[0]!.startsAt).toBe(new Date(s!.startsAt.getTime() + 50 * day).toISOString());
    const { items, total } = await allPages<Row>(url, 20);
    expect(total).toBe(51);
    expect(new Set(items.map((r) => r.id)).size).toBe(51);
    expect(items.map((r) => r.startsAt)).toEqual([...items.map((r) => r.startsAt)].sort().reverse());
    // The 51st, on the third page: the session booked first, with its payment held.
    expect(items[50]).toMatchObject({ id: firstId, side: 'client', otherParty: 'Erin Expert', payment: { status: 'held', amountCents: 6000 } });
    const expertSide = (await get(`/api/admin/users/${expert.id}/sessions?page=3&pageSize=25`)).json() as Page<Row>;
    expect(expertSide).toMatchObject({ total: 51, page: 3, pageSize: 25 });
    expect(expertSide.items.map((r) => [r.id, r.side, r.otherParty])).toEqual([[firstId, 'expert', 'Pia Pager']]);
    // The person's page no longer carries the sessions.
    expect((await get(`/api/admin/users/${client.id}`)).json()).not.toHaveProperty('sessions');

    expect((await get(`${url}?page=0`)).statusCode).toBe(400);
    const unknown = await get('/api/admin/users/no-such-account/sessions');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(messages.admin.userNotFound);
    expect((await get(url, client.cookie)).statusCode).toBe(403);
    expect((await get(url, expert.cookie)).statusCode).toBe(403);
    expect((await get(url, '')).statusCode).toBe(401);
  });

  it('pages the team’s actions about a person past the 50 once shown, newest first, and only the team reads them', async () => {
    const person = await createUser(ctx, { email: 'paging-person@example.com' });
    const other = await createUser(ctx, { email: 'paging-other@example.com' });
    // 61 actions on the account over the years: 60 role changes an hour apart, then a suspension through the console.
    await ctx.database.db.execute(sql`
      insert into admin_audit_log (actor_id, action, target_type, target_id, detail, created_at)
      select ${admin.id}, 'user.role', 'user', ${person.id}, jsonb_build_object('from', 'client', 'to', 'expert', 'n', g), now() - (61 - g) * interval '1 hour'
      from generate_series(1, 60) g`);
    await post(`/api/admin/users/${person.id}/suspend`, { reason: 'Chargeback fraud' });
    const url = `/api/admin/users/${person.id}/audit`;

    const first = (await get(url)).json() as Page<Action>;
    expect(first).toMatchObject({ total: 61, page: 1, pageSize: 20 });
    expect(first.items[0]).toMatchObject({ action: 'user.suspend', actor: { name: 'Alex Admin' }, targetType: 'user', detail: { reason: 'Chargeback fraud' } });
    const { items, total } = await allPages<Action>(url, 20);
    expect(total).toBe(61);
    expect(items.map((a) => a.detail?.n ?? null)).toEqual([null, ...Array.from({ length: 60 }, (_, i) => 60 - i)]);

    expect((await get(`/api/admin/users/${other.id}/audit`)).json()).toMatchObject({ items: [], total: 0 });
    const unknown = await get('/api/admin/users/no-such-account/audit');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(messages.admin.userNotFound);
    expect((await get(url, person.cookie)).statusCode).toBe(401);
    expect((await get(url, other.cookie)).statusCode).toBe(403);
  });

  it('lists the team’s actions about an organisation and its enquiry, newest first and paged, and links a manager’s page to what they manage', async () => {
    const robin = await createUser(ctx, { email: 'robin@paging-uni.example', firstName: 'Robin', lastName: 'Hale' });
    const [enquiry] = await ctx.database.db
      .insert(partnerEnquiries)
      .values({ name: 'Robin Hale', email: robin.email, businessType: 'University', description: 'Careers office.' })
      .returning();
    await post(`/api/admin/inbox/partner/${enquiry!.id}/handled`, { handled: true }, admin.cookie, 'PUT');
    const org = await post('/api/admin/organisations', {
      name: 'Paging University',
      kind: 'university',
      billingEmail: 'finance@paging-uni.example',
      enquiryId: enquiry!.id,
    });
    const elsewhere = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Elsewhere', manager: robin, cents: 5_000 });
    await post(`/api/admin/organisations/${org.id}/invitations`, { email: robin.email });
    await post(`/api/admin/organisations/${org.id}/invoice-payments`, { amountCents: 200_000, reference: 'INV-2026-7' });
    await post(`/api/admin/organisations/${org.id}/grants`, {
      amountCents: 50_000,
      expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      note: 'Spring pilot',
    });
    await post(`/api/admin/organisations/${org.id}/adjustments`, { amountCents: -2_500, reason: 'Duplicate transfer fee' });

    const url = `/api/admin/organisations/${org.id}/audit`;
    const { items, total } = await allPages<Action>(url, 2);
    expect(total).toBe(6);
    expect(items.map((a) => [a.action, a.actor.name, a.targetType])).toEqual([
      ['credit.adjust', 'Alex Admin', 'organisation'],
      ['credit.grant', 'Alex Admin', 'organisation'],
      ['credit.invoice', 'Alex Admin', 'organisation'],
      ['organisation.invite', 'Alex Admin', 'organisation'],
      ['organisation.create', 'Alex Admin', 'organisation'],
      ['inbox.handled', 'Alex Admin', 'partner'],
    ]);
    expect(items.slice(0, 4).map((a) => a.detail)).toEqual([
      expect.objectContaining({ amountCents: -2_500, reason: 'Duplicate transfer fee' }),
      expect.objectContaining({ amountCents: 50_000, note: 'Spring pilot' }),
      expect.objectContaining({ amountCents: 200_000, reference: 'INV-2026-7' }),
      expect.objectContaining({ email: robin.email }),
    ]);
    // Another organisation's actions stay on its own page.
    const theirs = (await get(`/api/admin/organisations/${elsewhere}/audit`)).json() as Page<Action>;
    expect(theirs.items.map((a) => a.action)).toEqual(['credit.invoice', 'organisation.invite', 'organisation.create']);
    expect(theirs.items.every((a) => a.targetId === elsewhere)).toBe(true);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await get(`/api/admin/organisations/${id}/audit`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(partnerMessages.organisationNotFound);
    }
    expect((await get(url, robin.cookie)).statusCode).toBe(403);

    // Robin accepts; their page in the console names both organisations they manage, by name.
    const [mail] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, robin.email)).orderBy(desc(emailOutbox.createdAt));
    const link = /\/partner\/invitations\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    await post('/api/partner/invitations/accept', { token: link }, robin.cookie);
    expect((await get(`/api/admin/users/${robin.id}`)).json().organisations).toEqual([
      { id: elsewhere, name: 'Elsewhere' },
      { id: org.id, name: 'Paging University' },
    ]);
    expect((await get(`/api/admin/users/${admin.id}`)).json().organisations).toEqual([]);
  });
});
