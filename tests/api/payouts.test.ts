/**
 * The expert's payout account (docs/product.md "Payouts"): with Stripe, an expert opens Stripe's hosted onboarding from
 * /dashboard/expert/payouts; released money is then transferred to that connected account. The real SDK talks
 * to the local fake of the API (tests/helpers/fake-stripe.ts). Runs on PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experts } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { FakeStripe } from '../helpers/fake-stripe.js';
import { createExpert } from '../helpers/marketplace.js';

const secretKey = 'sk_test_payouts';

describe('expert payouts with Stripe', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  const get = (cookie?: string) => ctx.app.inject({ method: 'GET', url: '/api/me/payouts', headers: cookie ? { cookie } : {} });
  const onboard = (cookie?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/me/payouts/onboarding', headers: { origin, ...(cookie ? { cookie } : {}) } });
  const accountOf = async (id: string) => (await ctx.database.db.select({ a: experts.stripeAccountId }).from(experts).where(eq(experts.id, id)))[0]!.a;

  beforeAll(async () => {
    fake = await new FakeStripe(secretKey).start();
    ctx = await createTestApp({ STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: fake.url });
    expert = await createExpert(ctx, { email: 'payee@example.com' });
    client = await createUser(ctx, { email: 'payer@example.com' });
  });
  afterAll(async () => {
    await ctx.close();
    await fake.stop();
  });

  it('refuses visitors (401) and non-experts (403), creating nothing', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await onboard()).statusCode).toBe(401);
    expect((await get(client.cookie)).statusCode).toBe(403);
    expect((await onboard(client.cookie)).json().error.message).toBe("You don't have permission to do that");
    const applicant = await createUser(ctx, { email: 'applicant@example.com', role: 'expert' });
    expect((await onboard(applicant.cookie)).json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Payouts open once your expert application is approved.' },
    });
    expect(fake.calls('POST', '/v1/accounts')).toHaveLength(0);
  });

  it('creates one Express account, sends the expert to Stripe and back to the payouts page, and shows it active once Stripe enables payouts', async () => {
    expect((await get(expert.cookie)).json()).toEqual({ mode: 'stripe', status: 'not_connected', accountId: null });

    const first = await onboard(expert.cookie);
    expect(first.statusCode).toBe(200);
    const accountId = await accountOf(expert.expert.id);
    expect(accountId).toMatch(/^acct_/);
    expect(first.json().url).toMatch(new RegExp(`^${fake.url}/setup/e/${accountId}/`));
    const [create] = fake.calls('POST', '/v1/accounts');
    expect(create).toMatchObject({
      params: { type: 'express', email: 'payee@example.com', 'capabilities[transfers][requested]': 'true' },
      idempotencyKey: `payout-account:${expert.expert.id}`,
    });
    const [link] = fake.calls('POST', '/v1/account_links');
    expect(link!.params).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${ctx.config.baseUrl}/dashboard/expert/payouts?onboarding=done`,
      refresh_url: `${ctx.config.baseUrl}/dashboard/expert/payouts?onboarding=expired`,
    });

    // Not finished at Stripe yet: pending. Opening onboarding again reuses the account with a new link.
    expect((await get(expert.cookie)).json()).toEqual({ mode: 'stripe', status: 'pending', accountId });
    const again = (await onboard(expert.cookie)).json().url;
    expect(again).not.toBe(first.json().url);
    expect(fake.calls('POST', '/v1/accounts')).toHaveLength(1);
    expect(await accountOf(expert.expert.id)).toBe(accountId);

    Object.assign(fake.accounts.get(accountId!)!, { details_submitted: true, payouts_enabled: true });
    expect((await get(expert.cookie)).json()).toEqual({ mode: 'stripe', status: 'active', accountId });
    expect(fake.problems).toEqual([]);
  });

  it('answers 503 in plain words when Stripe cannot be reached', async () => {
    const down = await createTestApp({ STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: 'http://127.0.0.1:9' });
    try {
      const e = await createExpert(down, { email: 'offline@example.com' });
      const res = await down.app.inject({ method: 'POST', url: '/api/me/payouts/onboarding', headers: { origin, cookie: e.cookie } });
      expect(res.json()).toEqual({ error: { code: 'UNAVAILABLE', message: 'Stripe could not be reached. Please try again in a minute.' } });
      expect((await down.database.db.select({ a: experts.stripeAccountId }).from(experts).where(eq(experts.id, e.expert.id)))[0]!.a).toBeNull();
    } finally {
      await down.close();
    }
  });

  it('two onboarding requests at once still make one account', async () => {
    const other = await createExpert(ctx, { email: 'racer@example.com' });
    const before = fake.calls('POST', '/v1/accounts').length;
    const answers = await Promise.all([onboard(other.cookie), onboard(other.cookie), onboard(other.cookie)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(
      new Set(
        fake
          .calls('POST', '/v1/accounts')
          .slice(before)
          .map((c) => c.idempotencyKey),
      ),
    ).toEqual(new Set([`payout-account:${other.expert.id}`]));
    expect([...fake.accounts.values()].filter((a) => a.email === 'racer@example.com').length).toBe(1);
  });
});

describe('expert payouts without Stripe', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('says payouts are simulated and refuses onboarding with 409 in plain words', async () => {
    const expert = await createExpert(ctx, { email: 'sim@example.com' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/payouts', headers: { cookie: expert.cookie } })).json()).toEqual({
      mode: 'simulated',
      status: 'not_connected',
      accountId: null,
    });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/me/payouts/onboarding', headers: { origin, cookie: expert.cookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Payouts need card payments with Stripe, which this server does not use.');
  });
});
