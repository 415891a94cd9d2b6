/**
 * The test clock (src/server/http/test-clock.ts; docs/decisions/035-a-test-clock-per-request.md): with TEST_HOOKS a
 * request's `X-Test-Now` instant is the server's now for its bookable times and its booking's 2-hour notice
 * (docs/product.md "Booking"); without TEST_HOOKS the header changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert, visa } from '../helpers/marketplace.js';

/** A day ten days ahead (UTC), far from today's notice. */
const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => `${day}T${time}:00.000Z`;

async function firstSlot(ctx: TestContext, slug: string, now?: string): Promise<string | undefined> {
  const res = await ctx.app.inject({
    url: `/api/experts/${slug}/slots?date=${day}&duration=60&tz=UTC`,
    headers: now ? { 'x-test-now': now } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: string[] }).slots[0];
}

async function bookAt(ctx: TestContext, cookie: string, slug: string, startsAt: string, now: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/sessions',
    headers: { cookie, origin, 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-test-now': now },
    payload: { expertId: slug, startsAt, durationMinutes: 60, topic: 'Moving into engineering management', kind: 'paid', card: visa },
  });
}

describe('the test clock, with test hooks', () => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    // Kept answers on, as on the journeys' server: a pinned request must not be answered from one.
    ctx = await createTestApp({ TEST_HOOKS: '1' }, { caches: 'production' });
    await createExpert(ctx, { email: 'clock-expert@example.com', slug: 'clock-expert' });
    ({ cookie } = await createUser(ctx, { email: 'clock-client@example.com' }));
  });
  afterAll(() => ctx.close());

  it('lists the bookable times of the pinned instant: 2 hours after it, not after the real time', async () => {
    expect(await firstSlot(ctx, 'clock-expert')).toBe(at('00:00'));
    expect(await firstSlot(ctx, 'clock-expert', at('12:00'))).toBe(at('14:00'));
    expect(await firstSlot(ctx, 'clock-expert', at('12:10'))).toBe(at('14:15'));
    expect(await firstSlot(ctx, 'clock-expert')).toBe(at('00:00'));
  });

  it("refuses a booking inside the pinned instant's 2-hour notice and takes it outside", async () => {
    const refused = await bookAt(ctx, cookie, 'clock-expert', at('10:00'), at('09:00'));
    expect(refused.statusCode, refused.body).toBe(409);
    const booked = await bookAt(ctx, cookie, 'clock-expert', at('10:00'), at('08:00'));
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('refuses a header that is not an instant, in the product words for bad input', async () => {
    const res = await ctx.app.inject({ url: `/api/experts/clock-expert/slots?date=${day}&duration=60&tz=UTC`, headers: { 'x-test-now': 'tomorrow' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION', message: 'Invalid request' } });
  });
});

describe('the test clock, without test hooks', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await createExpert(ctx, { email: 'clock-expert@example.com', slug: 'clock-expert' });
  });
  afterAll(() => ctx.close());

  it('ignores X-Test-Now: the real time decides', async () => {
    expect(await firstSlot(ctx, 'clock-expert', at('12:00'))).toBe(at('00:00'));
  });
});
