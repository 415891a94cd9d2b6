/**
 * Partner reports (docs/product.md "Reports"): a manager reads the organisation's balances, the credit spent in all
 * and per UTC week, and per programme its members and sessions booked / completed / cancelled with the credit used —
 * never a topic. A manager of another organisation, a member and a visitor read nothing.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, emailOutbox, organisations, partnerStatements } from '../../src/server/db/schema.js';
import { sendMonthlyStatements } from '../../src/server/modules/partners/statement-service.js';
import { moveCredit } from '../../src/server/modules/partners/wallet-service.js';
import { formatMoney } from '../../src/shared/pricing.js';
import { reportWeeks, weekOf } from '../../src/shared/partner-reports.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';
import { fundedOrganisation } from '../helpers/partners.js';
import { pdfText } from '../helpers/pdf-text.js';

const json = { origin, 'content-type': 'application/json' };
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

describe('report weeks', () => {
  it('names a UTC week by its Monday, whatever the hour, and lists the last twelve, oldest first', () => {
    expect(weekOf(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23');
    expect(weekOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(weekOf(new Date('2026-03-01T12:00:00Z'))).toBe('2026-02-23');
    const weeks = reportWeeks(new Date('2026-01-02T08:00:00Z'));
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe('2025-12-29');
    expect(weeks[0]).toBe('2025-10-13');
  });
});

describe('partner reports', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let manager: Awaited<ReturnType<typeof createUser>>;
  let otherManager: Awaited<ReturnType<typeof createUser>>;
  let member: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let orgId: string;
  let otherOrgId: string;
  let programmeId: string;
  let completedId: string;

  let calls = 0;
  const call = (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: `127.4.${Math.floor(++calls / 250) % 250}.${(calls % 250) + 1}`,
      headers: { ...(payload ? json : { origin }), ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    ctx = await createTestApp({ PLATFORM_FEE_PERCENT: '10' });
    admin = await createUser(ctx, { email: 'reports-admin@example.com', role: 'admin' });
    manager = await createUser(ctx, { email: 'careers@south.example', firstName: 'Robin', lastName: 'Hale' });
    otherManager = await createUser(ctx, { email: 'hr@elsewhere.example', firstName: 'Bea', lastName: 'Other' });
    expert = await createExpert(ctx, { email: 'reports-expert@example.com', rateCents: 9_000, policy: 'flexible' });
    orgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'South', manager, cents: 100_000 });
    otherOrgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Elsewhere', manager: otherManager, cents: 10_000 });
    const made = await call('POST', `/api/partner/organisations/${orgId}/programmes`, manager.cookie, {
      name: 'Career sprint',
      startsOn: today(),
      endsOn: inDays(60),
      joinRule: 'code',
      sessionLimit: 5,
    });
    expect(made.statusCode, made.body).toBe(201);
    programmeId = made.json().id;
    // A name a spreadsheet would run as a formula, were it not defused in the CSV exports.
    member = await createUser(ctx, { email: 'sam@south.example', firstName: '=HYPERLINK("http://evil.example")', lastName: 'Sam' });
    expect((await call('POST', '/api/me/programmes/join', member.cookie, { code: made.json().code })).statusCode).toBe(200);

    // One covered session that took place and was confirmed (credit spent), one cancelled a day ahead (credit returned).
    const done = await book(ctx, member.cookie, { expertId: expert.expert.id, startsAt: slotIn(30), durationMinutes: 30, card: undefined, programmeId });
    expect(done.statusCode, done.body).toBe(201);
    completedId = done.json().session.id;
    await shift(ctx, completedId, -40);
    expect((await call('POST', `/api/sessions/${completedId}/confirm`, member.cookie)).statusCode).toBe(200);
    const early = await book(ctx, member.cookie, { expertId: expert.expert.id, startsAt: slotIn(50), durationMinutes: 30, card: undefined, programmeId });
    expect((await call('POST', `/api/sessions/${early.json().session.id}/cancel`, member.cookie, { reason: 'Changed plans' })).statusCode).toBe(200);
  });
  afterAll(() => ctx?.close());

  const report = (org = orgId, cookie: string | null = manager.cookie) => call('GET', `/api/partner/organisations/${org}/report`, cookie);

  it('shows the balances, the credit spent in all and per UTC week, and each programme’s members, sessions and credit used', async () => {
    const r = await report();
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ balanceCents: 100_000 - 4_500, reservedCents: 0, spentCents: 4_500 });
    expect(body.weeks.map((w: { weekStart: string }) => w.weekStart)).toEqual(reportWeeks(new Date()));
    expect(body.weeks.at(-1)).toEqual({ weekStart: weekOf(new Date()), spentCents: 4_500 });
    expect(body.programmes).toEqual([
      {
        id: programmeId,
        name: 'Career sprint',
        status: 'active',
        members: 1,
        sessionsBooked: 2,
        sessionsCompleted: 1,
        sessionsCancelled: 1,
        creditUsedCents: 4_500,
      },
    ]);
    // Counts and sums only: no member's topic reaches the manager.
    expect(r.body).not.toContain('Career change');

    // A spend two weeks ago is charted in its own week, and the total stays the same.
    await ctx.database.db
      .update(creditLedger)
      .set({ createdAt: new Date(Date.now() - 14 * 86_400_000) })
      .where(and(eq(creditLedger.sessionId, completedId), eq(creditLedger.kind, 'spend')));
    const later = (await report()).json();
    expect(later.spentCents).toBe(4_500);
    expect(later.weeks.at(-1).spentCents).toBe(0);
    expect(later.weeks.find((w: { weekStart: string }) => w.weekStart === weekOf(new Date(Date.now() - 14 * 86_400_000))).spentCents).toBe(4_500);
  });

  it('answers only the organisation’s managers: another organisation’s manager, a member and a visitor read nothing', async () => {
    expect((await report(orgId, otherManager.cookie)).statusCode).toBe(404);
    expect((await report(orgId, member.cookie)).statusCode).toBe(404);
    expect((await report(orgId, null)).statusCode).toBe(401);
    expect((await report(randomUUID())).statusCode).toBe(404);
    const other = (await report(otherOrgId, otherManager.cookie)).json();
    expect(other).toMatchObject({ balanceCents: 10_000, spentCents: 0, programmes: [] });
    expect(other.weeks.every((w: { spentCents: number }) => w.spentCents === 0)).toBe(true);
  });

  const csv = async (what: 'ledger' | 'sessions', cookie: string | null = manager.cookie, org = orgId) => {
    const r = await call('GET', `/api/partner/organisations/${org}/${what}.csv`, cookie);
    return { r, rows: r.statusCode === 200 ? (parse(r.body, { columns: true }) as Record<string, string>[]) : [] };
  };

  it('exports the ledger as CSV, streamed page after page: integer cents that add up to the balance, formulas defused', async () => {
    // 600 entries written in one transaction share their time: the pages must follow the id, never repeat or skip.
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 0; i < 600; i++)
        await moveCredit(tx, { organisationId: orgId, kind: 'adjustment', amountCents: 1, note: i === 0 ? '@SUM(A1:A9)' : 'Goodwill', actorId: null });
    });
    const { r, rows } = await csv('ledger');
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="mentora-ledger-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(r.headers['cache-control']).toBe('private, no-store');
    const [entries] = await ctx.database.db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.organisationId, orgId));
    expect(rows).toHaveLength(entries!.n);
    const [o] = await ctx.database.db.select().from(organisations).where(eq(organisations.id, orgId));
    for (const row of rows) {
      expect(row['Change (cents)']).toMatch(/^-?\d+$/);
      expect(row['Reserved change (cents)']).toMatch(/^-?\d+$/);
    }
    expect(rows.reduce((sum, row) => sum + Number(row['Change (cents)']), 0)).toBe(o!.balanceCents);
    expect(rows.reduce((sum, row) => sum + Number(row['Reserved change (cents)']), 0)).toBe(o!.reservedCents);
    expect(rows.at(-1)!.Entry).toBe('Adjustment');
    expect(rows.find((row) => row.Entry === 'Purchase')!['Paid with']).toMatch(/^bank transfer, reference INV-/);
    expect(rows.find((row) => row.Note?.includes('SUM'))!.Note).toBe("'@SUM(A1:A9)");
    const spent = rows.find((row) => row.Entry === 'Spent')!;
    expect(spent).toMatchObject({
      'Change (cents)': '0',
      'Reserved change (cents)': '-4500',
      Member: `'=HYPERLINK("http://evil.example") Sam`,
      Expert: 'Erin Expert',
    });
    expect(new Date(spent['Session starts (UTC)']!).toISOString()).toBe(spent['Session starts (UTC)']);
  });

  it('exports the funded sessions as CSV: who booked with whom and when, the credit used, never a topic', async () => {
    const { r, rows } = await csv('sessions');
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain('Career change');
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => [row.Status, row['Credit (cents)'], row['Returned (cents)'], row['Credit used (cents)'], row['Credit used']])).toEqual([
      ['Concluded', '4500', '0', '4500', '$45.00'],
      ['Cancelled', '4500', '4500', '0', '$0.00'],
    ]);
    expect(rows[0]).toMatchObject({
      Programme: 'Career sprint',
      Member: `'=HYPERLINK("http://evil.example") Sam`,
      'Member e-mail': 'sam@south.example',
      Expert: 'Erin Expert',
      Kind: 'One-to-one session',
      Minutes: '30',
    });
  });

  it('answers the exports to the organisation’s managers only', async () => {
    for (const what of ['ledger', 'sessions'] as const) {
      expect((await csv(what, otherManager.cookie)).r.statusCode).toBe(404);
      expect((await csv(what, member.cookie)).r.statusCode).toBe(404);
      expect((await csv(what, null)).r.statusCode).toBe(401);
      expect((await csv(what, otherManager.cookie, otherOrgId)).rows.length).toBe(what === 'ledger' ? 1 : 0);
    }
  });

  it('e-mails each organisation’s statement for last month, a PDF, to its managers and billing address, once across servers', async () => {
    // On the 1st of next month (UTC), this month is the statement's.
    const today = new Date();
    const firstOfNext = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1, 0, 5));
    const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(today);
    expect(await sendMonthlyStatements(ctx.database.db, 'http://mentora.test', today)).toBe(0); // last month: neither existed
    // Two servers at once send each statement once; a later run sends nothing.
    const sent = await Promise.all([0, 1].map(() => sendMonthlyStatements(ctx.database.db, 'http://mentora.test', firstOfNext)));
    expect(sent[0]! + sent[1]!).toBe(2);
    expect(await sendMonthlyStatements(ctx.database.db, 'http://mentora.test', firstOfNext)).toBe(0);
    expect(await ctx.database.db.select().from(partnerStatements).where(eq(partnerStatements.organisationId, orgId))).toHaveLength(1);

    const mails = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} = ${`South's Mentora statement for ${monthName}`}`);
    expect(mails.map((m) => m.to).sort()).toEqual(['billing@south.example', manager.email]);
    const [o] = await ctx.database.db.select().from(organisations).where(eq(organisations.id, orgId));
    expect(mails[0]!.text).toContain(`Closing balance: ${formatMoney(o!.balanceCents)} available, $0.00 reserved for bookings`);
    const [attachment] = mails[0]!.attachments!;
    expect(attachment).toMatchObject({
      filename: `mentora-statement-${today.toISOString().slice(0, 7)}.pdf`,
      contentType: 'application/pdf',
      encoding: 'base64',
    });
    // One space for each run of white space: a long line wraps where the page ends.
    const text = await pdfText(Buffer.from(attachment!.content, 'base64'));
    expect(text).toContain(`Statement for ${monthName} (UTC)`);
    expect(text).toContain('Organisation: South');
    expect(text).toContain(`Closing balance: ${formatMoney(o!.balanceCents)} available, $0.00 reserved for bookings`);
    expect(text).toContain('Purchase: $1,000.00 (1 entry)');
    expect(text).toContain('Adjustment: $6.00 (600 entries)');
    expect(text).toContain('Sessions and seats booked with your programmes: 2');
    expect(text).toContain('=HYPERLINK("http://evil.example") Sam with Erin Expert');
    expect(text).toContain('more: download the whole ledger as CSV');
    expect(text).not.toContain('Career change');

    // Later, the managers list the statements sent and download each again: the same statement, as a PDF.
    const month = today.toISOString().slice(0, 7);
    const list = await call('GET', `/api/partner/organisations/${orgId}/statements`, manager.cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ items: [{ month, monthName, sentAt: expect.any(String) }] });
    const download = await call('GET', `/api/partner/organisations/${orgId}/statements/${month}/statement.pdf`, manager.cookie);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="mentora-statement-${month}.pdf"`);
    expect(await pdfText(download.rawPayload)).toBe(text);
    // No statement for another month; another organisation's manager, a member and a visitor read nothing.
    const lastYear = `${today.getUTCFullYear() - 1}-01`;
    for (const path of [`${lastYear}/statement.pdf`, '2026-13/statement.pdf', 'latest/statement.pdf'])
      expect((await call('GET', `/api/partner/organisations/${orgId}/statements/${path}`, manager.cookie)).statusCode, path).toBe(404);
    for (const cookie of [otherManager.cookie, member.cookie]) {
      expect((await call('GET', `/api/partner/organisations/${orgId}/statements`, cookie)).statusCode).toBe(404);
      expect((await call('GET', `/api/partner/organisations/${orgId}/statements/${month}/statement.pdf`, cookie)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/partner/organisations/${orgId}/statements/${month}/statement.pdf`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/partner/organisations/${otherOrgId}/statements`, otherManager.cookie)).json().items).toHaveLength(1);
  });
});
