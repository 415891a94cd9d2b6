/**
 * A card dispute of a package's charge (docs/product.md "Plans and packages"), with Stripe: the real SDK talks to the
 * local fake of the API (tests/helpers/fake-stripe.ts) and charge.dispute.created is signed with the SDK's
 * generateTestHeaderString. One charge pays every session of the package, so the dispute ends the package (its
 * sessions not booked counted as given back, nothing refunded through Stripe), disputes every session payment drawn
 * from it that still has its money, and tells the team; the ledger is summed against the payments after it. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, paymentEvents, payments } from '../../src/server/db/schema.js';
import type { TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert, shift, slotIn } from '../helpers/marketplace.js';
import { expectPrepaidLedgerBalanced } from '../helpers/prepaid-ledger.js';
import { createStripeTestApp, deliverStripeEvent } from '../helpers/stripe-app.js';

const webhookSecret = 'whsec_mentora_packages';
const json = { origin, 'content-type': 'application/json' };

describe('a card dispute of a package charge', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let n = 0;
  const send = (url: string, payload: object, cookie: string, key = randomUUID()) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `127.12.0.${(++n % 250) + 1}`,
      headers: { ...json, cookie, 'idempotency-key': key },
      payload,
    });
  const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const paymentOf = async (sessionId: string) => (await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0]!;
  const eventsOf = async (paymentId: string) =>
    (await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).map((e) => [e.type, e.amountCents]);

  beforeAll(async () => {
    ({ fake, ctx } = await createStripeTestApp('sk_test_mentora_packages', webhookSecret));
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  it('ends the package, disputes every session booked from it that still has its money, and tells the team once', async () => {
    const expert = await createExpert(ctx, { email: 'disputed-expert@example.com', rateCents: 9000, policy: 'flexible' });
    const client = await createUser(ctx, { email: 'disputing-client@example.com', firstName: 'Dana', lastName: 'Disputer' });
    const admin = await createUser(ctx, { email: 'dispute-team@example.com', role: 'admin' });
    const offered = await send('/api/me/packages', { sessionCount: 4, durationMinutes: 60, priceCents: 34000, validityMonths: 3 }, expert.cookie);
    expect(offered.statusCode, offered.body).toBe(201);
    const bought = await send(`/api/packages/${offered.json().id}/purchases`, { paymentMethodId: 'pm_card_visa' }, client.cookie);
    expect(bought.statusCode, bought.body).toBe(201);
    const purchase = bought.json().purchase;
    const book = async (hours: number) => {
      const res = await send(`/api/package-purchases/${purchase.id}/sessions`, { startsAt: slotIn(hours), topic: 'Roadmap review' }, client.cookie);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().session.id as string;
    };
    // Session 1 held; session 2 cancelled in time, so back in the package; session 3 took place and was released.
    const held = await book(70);
    const returned = await book(74);
    const released = await book(78);
    expect((await send(`/api/sessions/${returned}/cancel`, { reason: 'Plans changed' }, client.cookie)).json().payment.status).toBe('returned');
    await shift(ctx, released, -80);
    expect((await send(`/api/sessions/${released}/confirm`, {}, client.cookie)).json().payment.status).toBe('released');
    const intent = (await paymentOf(held)).providerRef;

    const dispute = fake.dispute(intent);
    const delivered = await deliverStripeEvent(ctx, dispute, webhookSecret);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().outcome).toBe('applied');

    // Every session payment the charge still paid is disputed for its share; the one given back to the package is not.
    expect(await paymentOf(held)).toMatchObject({ status: 'disputed' });
    expect(await eventsOf((await paymentOf(held)).id)).toEqual([
      ['hold', 8500],
      ['dispute', 8500],
    ]);
    expect(await paymentOf(released)).toMatchObject({ status: 'disputed' });
    expect((await eventsOf((await paymentOf(released)).id)).filter(([type]) => type === 'dispute')).toEqual([['dispute', 8500]]);
    expect(await paymentOf(returned)).toMatchObject({ status: 'returned' });
    // The package ends: its two sessions not booked are counted as given back (the network holds the money) and cannot be booked.
    const [view] = (await get('/api/me/package-purchases', client.cookie)).json().purchases;
    expect(view).toMatchObject({ id: purchase.id, status: 'ended', endedBy: 'team', sessionsLeft: 0, refundedCents: 17000, releasedCents: 0 });
    expect(view.sessions.map((s: { status: string }) => s.status)).toEqual(['booked', 'refunded', 'booked', 'refunded']);
    expect(fake.refunds.filter((r) => r.payment_intent === intent)).toEqual([]);
    const again = await send(`/api/package-purchases/${purchase.id}/sessions`, { startsAt: slotIn(90), topic: 'Again' }, client.cookie);
    expect(again.statusCode).toBe(409);
    const told = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Card dispute opened on a package payment'));
    expect(told.map((m) => m.to)).toEqual([admin.email]);
    expect(told[0]!.text).toContain('$340.00');
    // Both parties hear of it through the outbox: the client that the package ended, the expert that nothing of it is released.
    const toClient = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, client.email));
    const disputedForClient = toClient.filter((m) => m.subject === 'Your package with Erin Expert has ended: card dispute');
    expect(disputedForClient, toClient.map((m) => m.subject).join(' | ')).toHaveLength(1);
    expect(disputedForClient[0]!.text).toContain('$340.00');
    expect(disputedForClient[0]!.text).toContain(`receipt ${purchase.receiptNumber}`);
    expect(disputedForClient[0]!.text).toContain('Its 2 sessions not yet booked can no longer be booked.');
    const disputedForExpert = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, "Dana Disputer's package has ended: card dispute"));
    expect(disputedForExpert.map((m) => m.to)).toEqual([expert.email]);
    expect(disputedForExpert[0]!.text).toContain('nothing of this payment is released to you');
    await expectPrepaidLedgerBalanced(ctx.database.db);

    // The same dispute told again under another event id changes nothing; the held session's confirmation releases nothing.
    expect((await deliverStripeEvent(ctx, { ...dispute, id: `evt_${randomUUID().replace(/-/g, '')}` }, webhookSecret)).json().outcome).toBe('ignored');
    await shift(ctx, held, -80);
    expect((await send(`/api/sessions/${held}/confirm`, {}, client.cookie)).statusCode).toBe(200);
    expect(await eventsOf((await paymentOf(held)).id)).toEqual([
      ['hold', 8500],
      ['dispute', 8500],
    ]);
    expect(await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'Card dispute opened on a package payment'))).toHaveLength(1);
    expect(await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Dana Disputer's package has ended: card dispute"))).toHaveLength(1);
    await expectPrepaidLedgerBalanced(ctx.database.db);
  });
});
