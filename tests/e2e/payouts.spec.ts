import { expect, test, waitingForApp } from './test';
import { FakeStripe } from '../helpers/fake-stripe';
import { freePort, startServer } from '../helpers/server-process';
import { Marketplace } from './fixtures/marketplace';
import { seriousViolations } from './axe';
import { signInAs } from './helpers';

/**
 * Payouts (docs/product.md "Payouts"): the demo server uses simulated payments, so the page says so; a second server with
 * Stripe keys (pointed at the local fake of the API) lets an expert connect an account through Stripe's
 * hosted onboarding and come back to see payouts switched on.
 */
test('without Stripe, the expert sees that payouts are simulated', async ({ page, expert }) => {
  await signInAs(page, expert);
  await page.goto('/dashboard/expert');
  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Simulated payouts' })).toBeVisible();
  await expect(page.getByText('Payouts are simulated on this server: released payments are recorded as your earnings, and no money moves.')).toBeVisible();
  await expect(page.getByText(/Stripe pays it out to your bank on its payout schedule/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('with Stripe, an expert connects an account on Stripe and comes back to payouts switched on', async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const fake = await new FakeStripe('sk_test_e2e_payouts').start();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(
    { STRIPE_SECRET_KEY: 'sk_test_e2e_payouts', STRIPE_API_URL: fake.url, SEED_DEMO: '1', BASE_URL: base, AUTH_RATE_LIMIT: '0', OUTBOX_INTERVAL_MS: '200' },
    { port },
  );
  const context = await browser.newContext({ baseURL: base });
  const page = waitingForApp(await context.newPage());
  // An expert made on this journey's own server (the seeded team account approves it).
  const market = new Marketplace(playwright.request, base);
  try {
    const expert = await market.expert();
    await signInAs(page, expert);
    await page.goto('/dashboard/expert/payouts');
    await expect(page.getByRole('heading', { name: 'Get paid for your sessions' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up payouts' }).click();
    // The browser leaves for Stripe's hosted onboarding page (here the fake's URL).
    await page.waitForURL(new RegExp(`^${fake.url}/setup/e/acct_`));
    const [account] = [...fake.accounts.values()];
    expect(account).toMatchObject({ email: expert.email, type: 'express' });

    // Stripe sends the expert back before everything is filled in…
    await page.goto('/dashboard/expert/payouts?onboarding=done');
    await expect(page.getByRole('heading', { name: 'Finish setting up payouts' })).toBeVisible();
    // …and once Stripe enables payouts the page says so.
    Object.assign(account!, { details_submitted: true, payouts_enabled: true });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Payouts are on' })).toBeVisible();
    await expect(page.getByText(account!.id)).toBeVisible();
    await expect(page.getByText(/Stripe then pays your Stripe balance out to your bank account automatically, daily by default/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(fake.problems).toEqual([]);
  } finally {
    await context.close();
    await market.dispose();
    await server.stop();
    await fake.stop();
  }
});
