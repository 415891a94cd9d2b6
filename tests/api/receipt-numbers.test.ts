/**
 * Receipt numbers (docs/product.md "Payments"; docs/decisions/037-receipt-numbers.md): 'MEN-<year>-<000123>',
 * consecutive per UTC year over every charge — sessions and packages here — with no gaps and no repeats however many
 * charges commit at once (a real race on PostgreSQL with TEST_DATABASE_URL), shown in the receipt e-mail, the PDF and
 * the client's views; a new year starts again at 000001.
 */
import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, slotIn, visa } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };
const receipt = /^MEN-(\d{4})-(\d{6})$/;
const parts = (n: string) => receipt.exec(n)!.slice(1).map(Number) as [number, number];

describe('receipt numbers', () => {
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let n = 0;
  const post = (url: string, payload: object, cookie: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `127.8.0.${(++n % 250) + 1}`,
      headers: { ...json, cookie, 'idempotency-key': randomUUID(), ...headers },
      payload,
    });
  const mailsTo = (email: string) => ctx.database.db.select().from(emailOutbox).where(like(emailOutbox.to, email));

  beforeAll(async () => {
    ctx = await createTestApp({ TEST_HOOKS: '1' });
    expert = await createExpert(ctx, { email: 'receipts-expert@example.com' });
  });
  afterAll(() => ctx?.close());

  it('gives charges made at once distinct consecutive numbers, named in the e-mail, the PDF and the session', async () => {
    const clients = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => createUser(ctx, { email: `receipts-${i}@example.com` })));
    const booked = await Promise.all(clients.map((c, i) => book(ctx, c.cookie, { expertId: expert.expert.slug, startsAt: slotIn(30 + 2 * i) })));
    const numbers = booked.map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json().session.payment.receiptNumber as string;
    });
    const year = new Date().getUTCFullYear();
    expect(numbers.every((x) => receipt.test(x) && parts(x)[0] === year)).toBe(true);
    expect(
      numbers
        .map((x) => parts(x)[1])
        .sort((a, b) => a - b)
        .map((x, i, all) => x - all[0]! - i),
    ).toEqual([0, 0, 0, 0, 0, 0]);

    const [first, s] = [clients[0]!, booked[0]!.json().session as { id: string }];
    const [mail] = (await mailsTo(first.email)).filter((m) => m.subject.startsWith('Receipt:'));
    expect(mail!.text).toContain(`Receipt number: ${numbers[0]}`);
    expect(JSON.stringify(await ctx.database.db.select().from(emailOutbox))).not.toContain('{{receipt-number}}');
    const view = await ctx.app.inject({ url: `/api/sessions/${s.id}`, headers: { cookie: first.cookie } });
    expect(view.json().payment.receiptNumber).toBe(numbers[0]);
    const pdf = await ctx.app.inject({ url: `/api/sessions/${s.id}/receipt.pdf`, headers: { cookie: first.cookie } });
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true })).text;
    expect(text).toContain(`Receipt number: ${numbers[0]}`);

    // A refund names the receipt it refunds.
    expect((await post(`/api/sessions/${s.id}/cancel`, { reason: 'Plans changed' }, first.cookie)).statusCode).toBe(200);
    const refund = (await mailsTo(first.email)).find((m) => m.subject.includes('refunded'));
    expect(refund!.text).toContain(`Refund of receipt ${numbers[0]}`);
  });

  it('numbers a package purchase in the same sequence, and starts again at 000001 in a new year', async () => {
    const buyer = await createUser(ctx, { email: 'receipts-buyer@example.com' });
    const offer = await post('/api/me/packages', { sessionCount: 4, durationMinutes: 60, priceCents: 34000, validityMonths: 3 }, expert.cookie);
    expect(offer.statusCode, offer.body).toBe(201);
    const buy = (now?: string) => post(`/api/packages/${offer.json().id}/purchases`, { card: visa }, buyer.cookie, now ? { 'x-test-now': now } : {});
    const last = async () => {
      const res = await buy();
      expect(res.statusCode, res.body).toBe(201);
      return res.json().purchase.receiptNumber as string;
    };
    const year = new Date().getUTCFullYear();
    expect(await last()).toBe(`MEN-${year}-000007`);

    const newYear = await buy(`${year + 1}-01-01T00:00:05Z`);
    expect(newYear.statusCode, newYear.body).toBe(201);
    expect(newYear.json().purchase.receiptNumber).toBe(`MEN-${year + 1}-000001`);
    expect((await buy(`${year + 1}-01-01T00:00:09Z`)).json().purchase.receiptNumber).toBe(`MEN-${year + 1}-000002`);
    // This year's numbers carry on where they were.
    expect(await last()).toBe(`MEN-${year}-000008`);
    const mail = (await mailsTo(buyer.email)).find((m) => m.text.includes(`MEN-${year + 1}-000001`));
    expect(mail!.text).toContain(`Receipt number: MEN-${year + 1}-000001`);
  });
});
