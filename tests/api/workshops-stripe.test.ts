/**
 * Paid workshop seats with Stripe (docs/product.md "Workshops", "Payments"): the seat is booked with a Stripe
 * PaymentMethod exactly as a session is — held at Stripe (manual capture), declined with nothing written, and a card
 * that needs 3-D Secure reserves the seat until the bank confirms or the reservation lapses. The real SDK talks to
 * the local fake of the API (tests/helpers/fake-stripe.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, payments, sessions } from '../../src/server/db/schema.js';
import { paymentProvider } from '../../src/server/infra/payments/select.js';
import { sessionDeps } from '../../src/server/modules/sessions/deps.js';
import { expireReservations } from '../../src/server/modules/sessions/use-cases/expire-reservations.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert } from '../helpers/marketplace.js';

const secretKey = 'sk_test_mentora_seats';
const json = { origin, 'content-type': 'application/json' };

describe('paid workshop seats with Stripe', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let n = 0;
  const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
  const workshop = async (startsAtLocal: string, capacity = 2) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/workshops',
      headers: { ...json, cookie: expert.cookie },
      payload: {
        title: 'Pricing your services',
        description: 'Worked examples.',
        topic: 'Finance & Consulting',
        startsAtLocal,
        durationMinutes: 60,
        capacity,
        priceCents: 2500,
        minAttendance: null,
        publish: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const client = () => createUser(ctx, { email: `stripe-seat-${++n}@example.com`, firstName: 'Sia', lastName: `Seat${n}` });
  const bookSeat = (cookie: string, id: string, paymentMethodId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/workshops/${id}/seats`,
      remoteAddress: `127.6.0.${++n}`,
      headers: { ...json, cookie, 'idempotency-key': randomUUID() },
      payload: { paymentMethodId },
    });
  const seatsLeft = async (id: string) => (await ctx.app.inject(`/api/workshops/${id}`)).json().seatsLeft as number;
  const paymentOf = async (sessionId: string) => (await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0]!;

  beforeAll(async () => {
    fake = await new FakeStripe(secretKey).start();
    ctx = await createTestApp({ STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_mentora_seats', STRIPE_API_URL: fake.url });
    expert = await createExpert(ctx, { email: 'stripe-seat-host@example.com' });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  it('holds the seat’s price at Stripe with the PaymentMethod; a declined card books nothing', async () => {
    // Two days ahead: released within Stripe's 7-day authorisation window, so the card is held (manual capture).
    const id = await workshop(`${dayIn(2)}T09:00`);
    const declined = await bookSeat((await client()).cookie, id, 'pm_card_chargeDeclined');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe('Your card was declined. Payment failed. Please try again.');
    expect(await seatsLeft(id)).toBe(2);

    const res = await bookSeat((await client()).cookie, id, 'pm_card_visa');
    expect(res.statusCode, res.body).toBe(201);
    const seat = res.json().session;
    expect(seat).toMatchObject({ kind: 'workshop', workshopId: id, status: 'booked', totalAmountCents: 2500 });
    expect(seat.payment).toMatchObject({ status: 'held', amountCents: 2500, provider: 'stripe', cardBrand: 'Visa', cardLast4: '4242' });
    const intent = fake.intents.get((await paymentOf(seat.id)).providerRef)!;
    expect(intent).toMatchObject({ amount: 2500, capture_method: 'manual', status: 'requires_capture', payment_method: 'pm_card_visa' });
    expect(await seatsLeft(id)).toBe(1);
    expect(fake.problems).toEqual([]);
  });

  it('a card that needs 3-D Secure reserves the seat, booked once the bank confirms; an abandoned one frees it', async () => {
    const id = await workshop(`${dayIn(3)}T09:00`);
    const buyer = await client();
    const res = await bookSeat(buyer.cookie, id, 'pm_card_threeDSecure2Required');
    expect(res.statusCode).toBe(202);
    const { session: seat, paymentAction } = res.json();
    expect(seat.status).toBe('pending_payment');
    const payment = await paymentOf(seat.id);
    expect(paymentAction.clientSecret).toBe(fake.intents.get(payment.providerRef)!.client_secret);
    // The reserved seat is nobody else's meanwhile.
    expect(await seatsLeft(id)).toBe(1);
    fake.completeAction(payment.providerRef, true);
    const settled = await ctx.app.inject({ method: 'POST', url: `/api/sessions/${seat.id}/payment`, headers: { ...json, cookie: buyer.cookie }, payload: {} });
    expect(settled.json()).toMatchObject({ status: 'booked', payment: { status: 'held' } });
    const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
    // The booking confirmation with its invite and the receipt go out now that the seat is paid.
    expect(mails.map((m) => m.subject.split(':')[0]).sort()).toEqual(['Receipt', 'Session booked']);
    // The seat's e-mails go to its attendee; the expert had only the workshop's own invite.
    const expertMails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, expert.email));
    expect(expertMails.filter((m) => m.subject.startsWith('Session booked'))).toEqual([]);

    const quitter = await client();
    const abandoned = (await bookSeat(quitter.cookie, id, 'pm_card_threeDSecure2Required')).json().session;
    expect(await seatsLeft(id)).toBe(0);
    const deps = sessionDeps(ctx.config, ctx.database.db, paymentProvider(ctx.config));
    expect(await expireReservations(deps, new Date(Date.now() + 16 * 60_000))).toBe(1);
    const lapsed = (await ctx.database.db.select().from(sessions).where(eq(sessions.id, abandoned.id)))[0]!;
    // In the seat's words: the reservation held a seat, not the expert's time.
    const seatReleased = 'The payment was not completed, so the seat was released. Please book again.';
    expect([lapsed.status, lapsed.cancelReason]).toEqual(['expired', seatReleased]);
    const late = await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${abandoned.id}/payment`,
      headers: { ...json, cookie: quitter.cookie },
      payload: {},
    });
    expect([late.statusCode, late.json().error.message]).toEqual([402, seatReleased]);
    expect(await seatsLeft(id)).toBe(1);
    expect(fake.problems).toEqual([]);
  });
});
