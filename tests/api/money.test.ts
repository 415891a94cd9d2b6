/**
 * Money shown right (docs/product.md "Payments", "Earnings"): the expert's earnings ledger and its one total (every
 * release: a confirmation, a dispute decision, the kept part of a partial refund), the client's receipt e-mails for
 * the payment and every refund in their own zone, and the PDF receipt read back with an independent parser (unpdf).
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, experts, user } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };

describe('earnings ledger, receipt e-mails and PDF receipts', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const post = (url: string, payload: object, cookie: string) => ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie }, payload });
  const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const earnings = async () => {
    const res = await get('/api/me/earnings', expert.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const receipts = async () =>
    (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'payer@example.com'))).filter((m) => m.subject.startsWith('Receipt:'));
  const booked = async (hoursAhead: number) => {
    const res = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(hoursAhead) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().session.id as string;
  };
  const pdfText = async (body: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;

  beforeAll(async () => {
    ctx = await createTestApp();
    expert = await createExpert(ctx, { email: 'payee@example.com', rateCents: 9000, policy: 'flexible' });
    client = await createUser(ctx, { email: 'payer@example.com', firstName: 'Casey', lastName: 'Client' });
    other = await createUser(ctx, { email: 'other@example.com' });
    admin = await createUser(ctx, { email: 'team@example.com', role: 'admin' });
    await ctx.database.db.update(user).set({ timeZone: 'Asia/Tokyo' }).where(eq(user.id, client.id));
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(emailOutbox);
  });

  it('e-mails the client a receipt for the payment, in their own zone, with the card', async () => {
    const id = await booked(30);
    const [mail] = await receipts();
    expect(mail?.subject).toBe('Receipt: $90.00 paid for your session with Erin Expert');
    expect(mail?.text).toContain('Amount paid: $90.00');
    expect(mail?.text).toContain('Card: Visa ending 4242');
    expect(mail?.text).toMatch(/Date: \w{3}, \w{3} \d+, \d{4} at \d+:\d\d [AP]M GMT\+9 \(Asia\/Tokyo\)/);
    expect(mail?.text).toContain(`/session/${id}`);
  });

  it('totals every release — a confirmation, a partial refund’s remainder, a dispute decision — and lists each movement with its date', async () => {
    expect(await earnings()).toMatchObject({ currency: 'USD', totalEarnedCents: 0, heldCents: 9000, refundedCents: 0 });

    // Confirmed: $90.00 released.
    const confirmed = await booked(40);
    await shift(ctx, confirmed, -44);
    expect((await post(`/api/sessions/${confirmed}/confirm`, {}, client.cookie)).statusCode).toBe(200);

    // Cancelled by the client 10 hours ahead (flexible: 50 %): $45.00 refunded, $45.00 released.
    const cancelled = await booked(10);
    await ctx.database.db.delete(emailOutbox);
    expect((await post(`/api/sessions/${cancelled}/cancel`, { reason: 'Plans changed' }, client.cookie)).statusCode).toBe(200);
    const [refundMail] = await receipts();
    expect(refundMail?.subject).toBe('Receipt: $45.00 refunded for your session with Erin Expert');
    expect(refundMail?.text).toContain('Refunded so far: $45.00 of $90.00 paid');
    expect(refundMail?.text).toContain('(Asia/Tokyo)');

    // Disputed, decided for the client with $30.00 back: $60.00 released.
    const disputed = await booked(50);
    await shift(ctx, disputed, -52);
    expect((await post(`/api/sessions/${disputed}/dispute`, { description: 'The expert joined forty minutes late.' }, client.cookie)).statusCode).toBe(200);
    const [dispute] = (await get('/api/admin/disputes?status=open', admin.cookie)).json().items;
    await ctx.database.db.delete(emailOutbox);
    const decided = await post(`/api/admin/disputes/${dispute.id}/resolve`, { decision: 'client', refundCents: 3000, note: 'Partly refunded.' }, admin.cookie);
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await receipts()).map((m) => m.subject)).toEqual(['Receipt: $30.00 refunded for your session with Erin Expert']);

    // 9000 + 4500 + 6000; the first test's booking is still held.
    expect(await earnings()).toMatchObject({ totalEarnedCents: 19_500, heldCents: 9000, refundedCents: 7500 });
    const ledger = await get('/api/me/earnings/ledger', expert.cookie);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const entries = ledger.json().items;
    const of = (sessionId: string) =>
      entries
        .filter((e: { sessionId: string }) => e.sessionId === sessionId)
        .map((e: { type: string; amountCents: number }) => `${e.type} ${e.amountCents}`)
        .sort();
    expect(of(confirmed)).toEqual(['held 9000', 'released 9000']);
    expect(of(cancelled)).toEqual(['held 9000', 'refunded 4500', 'released 4500']);
    expect(of(disputed)).toEqual(['held 9000', 'refunded 3000', 'released 6000']);
    for (const e of entries) {
      expect(e.clientName).toBe('Casey Client');
      expect(Number.isNaN(Date.parse(e.at))).toBe(false);
    }

    // The dashboard's figure is this total: nobody else sums earnings.
    expect((await get('/api/me/earnings', client.cookie)).statusCode).toBe(403);
    expect((await get('/api/me/earnings')).statusCode).toBe(401);
  });

  it('gives the client a PDF receipt with amount, expert, date, card and refunds; the expert and others get none', async () => {
    const id = await booked(12);
    expect((await post(`/api/sessions/${id}/cancel`, { reason: 'Plans changed' }, client.cookie)).statusCode).toBe(200);
    const res = await get(`/api/sessions/${id}/receipt.pdf`, client.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mentora-receipt-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Amount paid: $90.00');
    expect(text).toContain('Expert: Erin Expert');
    expect(text).toContain('Billed to: Casey Client');
    expect(text).toContain('Card: Visa ending 4242');
    expect(text).toMatch(/Paid on: \w{3}, \w{3} \d+, \d{4} at \d+:\d\d [AP]M GMT\+9 \(Asia\/Tokyo\)/);
    expect(text).toMatch(/\(Asia\/Tokyo\): \$45\.00 refunded to Visa ending 4242/);
    expect(text).toContain('Total refunded: $45.00');
    expect(text).toContain('Net paid: $45.00');

    expect((await get(`/api/sessions/${id}/receipt.pdf`, expert.cookie)).json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Only the client who paid can download the receipt' },
    });
    expect((await get(`/api/sessions/${id}/receipt.pdf`, other.cookie)).statusCode).toBe(403);
    expect((await get(`/api/sessions/${id}/receipt.pdf`)).statusCode).toBe(401);
    expect((await get('/api/sessions/00000000-0000-4000-8000-000000000000/receipt.pdf', client.cookie)).statusCode).toBe(404);

    const intro = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(60), kind: 'intro', durationMinutes: 15, card: undefined });
    expect(intro.statusCode, intro.body).toBe(201);
    expect((await get(`/api/sessions/${intro.json().session.id}/receipt.pdf`, client.cookie)).json().error.message).toBe(
      'This session has no payment, so there is no receipt',
    );
  });
  it('prints names in any script as typed: Chinese, Japanese, Cyrillic, Greek, Arabic and accented Latin, in embedded subset fonts', async () => {
    const names = { client: 'Sarah 陳美玲 Ёлкина', expert: 'Ελένη Łukasiewicz さくら محمد' };
    await ctx.database.db.update(user).set({ firstName: 'Sarah', lastName: '陳美玲 Ёлкина' }).where(eq(user.id, client.id));
    await ctx.database.db.update(experts).set({ name: names.expert }).where(eq(experts.id, expert.expert.id));
    await ctx.app.changeFeed.sync();
    try {
      const id = await booked(14);
      const res = await get(`/api/sessions/${id}/receipt.pdf`, client.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(`Billed to: ${names.client}`);
      expect(text).toContain('Expert: Ελένη Łukasiewicz さくら');
      expect(text).toContain('محمد');
      // Each font is embedded as a subset of the glyphs used (pdfkit names subsets with a six-letter tag), never whole.
      const fonts = [...res.rawPayload.toString('latin1').matchAll(/\/BaseFont \/([A-Z]{6})\+([\w-]+)/g)].map((m) => m[2]);
      expect(new Set(fonts)).toEqual(new Set(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansHans-Regular', 'NotoNaskhArabic']));
      expect(res.rawPayload.length).toBeLessThan(150_000);
    } finally {
      await ctx.database.db.update(user).set({ firstName: 'Casey', lastName: 'Client' }).where(eq(user.id, client.id));
      await ctx.database.db.update(experts).set({ name: 'Erin Expert' }).where(eq(experts.id, expert.expert.id));
    }
  });
});
