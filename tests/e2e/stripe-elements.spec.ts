import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { expect, test, waitingForApp, type APIRequestContext, type Browser, type Page } from './test';
import { FakeStripe } from '../helpers/fake-stripe';
import { freePort, startServer, type ServerProcess } from '../helpers/server-process';
import { linkFromMailbox } from './fixtures/mailbox';
import { Marketplace } from './fixtures/marketplace';
import { seriousViolations } from './axe';
import { pickBookableDay, shot, signInAs, signInAsTeam, signInUi } from './helpers';

/**
 * Card payments with Stripe in the browser (docs/product.md "Payments"): a server with Stripe keys, its SDK pointed at the
 * local fake of the API (tests/helpers/fake-stripe.ts), and the browser given a stand-in for Stripe.js
 * (tests/e2e/fixtures/fake-stripe-js.js) in place of https://js.stripe.com, which this machine cannot reach.
 * The client books through the real pages: the card goes to "Stripe" as a PaymentMethod, never to Mentora, and
 * a card that needs 3-D Secure books once the bank confirms; a void Stripe refused waits in the team console's payment
 * retries until the team asks again. The server is this file's own; each journey makes its
 * client and expert there through the API (fixtures/marketplace.ts), with the seeded team account as the operator.
 */
const stripeJs = readFileSync(path.resolve('tests/e2e/fixtures/fake-stripe-js.js'), 'utf8');
const webhookSecret = 'whsec_e2e_elements';
const signer = new Stripe('sk_test_signer');
let fake: FakeStripe;
let server: ServerProcess;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await new FakeStripe('sk_test_e2e_elements').start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer(
    {
      STRIPE_SECRET_KEY: 'sk_test_e2e_elements',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_elements',
      STRIPE_API_URL: fake.url,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      SEED_DEMO: '1',
      BASE_URL: base,
      AUTH_RATE_LIMIT: '0',
      OUTBOX_INTERVAL_MS: '200',
    },
    { port },
  );
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});

/** Signs in as `client`, picks the first free time with `slug` and continues to /payment. */
async function toPayment(page: Page, client: { request: APIRequestContext }, slug: string, topic: string) {
  const posted: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posted.push(r.postData() ?? ''));
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: stripeJs }));
  await signInAs(page, client);
  await page.goto(`/expert/${slug}`);
  // The second bookable day: today's first time may fall under the 2-hour notice while the journey runs.
  await pickBookableDay(page, 1);
  await page.getByRole('radio').first().click();
  await page.getByLabel('What would you like to discuss?').fill(topic);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/payment\?expert=/);
  await expect(page.getByRole('group', { name: 'Card details' }).getByLabel('Card number')).toBeVisible();
  return posted;
}

/** A new client and a new expert on this file's server. */
async function people(market: Marketplace) {
  const [client, expert] = await Promise.all([market.client(), market.expert()]);
  return { client, expert };
}

test('a client pays with Stripe Elements: the card becomes a PaymentMethod at Stripe and the session is booked', async ({ browser, playwright }) => {
  const market = new Marketplace(playwright.request, base);
  const { client, expert } = await people(market);
  const page = waitingForApp(await (await browser.newContext({ baseURL: base })).newPage());
  const posted = await toPayment(page, client, expert.slug, 'Negotiating a staff engineer offer');
  expect(await seriousViolations(page)).toEqual([]);
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  await page.getByLabel('Cardholder name').fill('Casey Client');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await pay.click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Your card was declined. Payment failed. Please try again.');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Payment successful! Your session has been booked.')).toBeVisible();
  const intents = [...fake.intents.values()].filter((i) => i.payment_method === 'pm_card_visa');
  expect(intents.at(-1)).toMatchObject({ status: 'requires_capture', capture_method: 'manual' });
  // Mentora's server saw only the PaymentMethod id, never the card number.
  expect(posted.join('\n')).not.toMatch(/4242|0002/);
  expect(fake.problems).toEqual([]);
  await page.context().close();
  await market.dispose();
});

/** Pays on `page` (pressing `pay`) with the card that needs 3-D Secure; answers the intent awaiting the bank. */
async function payNeeding3ds(page: Page, pay: string | RegExp) {
  await page.getByLabel('Cardholder name').fill('Casey Client');
  await page.getByLabel('Card number').fill('4000 0027 6000 3184');
  await page.getByRole('button', { name: pay }).click();
  const clientSecret = await page
    .waitForFunction(() => (window as unknown as { __pending3ds?: string }).__pending3ds)
    .then((h) => h.jsonValue() as Promise<string>);
  return [...fake.intents.values()].find((i) => i.client_secret === clientSecret)!;
}

/** The bank's answer (`ok`) to intent `intentId`'s 3-D Secure, at Stripe and then in the browser. */
async function answer3ds(page: Page, intentId: string, ok: boolean) {
  fake.completeAction(intentId, ok);
  await page.evaluate((answer) => (window as unknown as { __finish3ds: (ok: boolean) => void }).__finish3ds(answer), ok);
}

test('a card that needs 3-D Secure reserves the time and books it once the bank confirms', async ({ browser, playwright }) => {
  const market = new Marketplace(playwright.request, base);
  const { client, expert } = await people(market);
  const page = waitingForApp(await (await browser.newContext({ baseURL: base })).newPage());
  await toPayment(page, client, expert.slug, 'Preparing for the CFA level II exam');
  const intent = await payNeeding3ds(page, /^Pay \$/);
  await expect(page.getByText('Your bank needs you to confirm this payment. The time is reserved for you for 15 minutes.')).toBeVisible();
  expect(intent.status).toBe('requires_action');
  await answer3ds(page, intent.id, true);
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Payment successful! Your session has been booked.')).toBeVisible();
  expect(fake.problems).toEqual([]);
  await page.context().close();
  await market.dispose();
});

test('a void Stripe refused waits on the team’s payment retries page, and the team asks again until the money is given back', async ({
  browser,
  playwright,
}) => {
  const market = new Marketplace(playwright.request, base);
  const { client, expert } = await people(market);
  const paying = waitingForApp(await (await browser.newContext({ baseURL: base })).newPage());
  await toPayment(paying, client, expert.slug, 'Asking for a promotion');
  const intent = await payNeeding3ds(paying, /^Pay \$/);
  // The bank refuses 3-D Secure while Stripe cannot be reached to void the authorisation: Mentora keeps the void to retry.
  const reachableAgain = fake.unreachable('POST', new RegExp(`^/v1/payment_intents/${intent.id}/cancel$`));
  await answer3ds(paying, intent.id, false);
  await expect(paying.getByRole('alert').filter({ hasText: 'The payment was not completed, so the time was released. Please book again.' })).toBeVisible();
  await paying.context().close();

  const page = waitingForApp(await (await browser.newContext({ baseURL: base })).newPage());
  await signInAsTeam(page, await market.operator());
  await page.getByRole('navigation', { name: 'Team console' }).getByRole('link', { name: 'Payment retries' }).click();
  await expect(page.getByRole('heading', { name: /^Payment retries/ })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: intent.id });
  await expect(row).toContainText(`$${(intent.amount / 100).toFixed(2)}`);
  await expect(row).toContainText('Not given back');
  await expect(row).toContainText('Money back to the client');
  await expect(row).toContainText('reservation expired');
  await expect(row).toContainText('Last refusal: Error: Stripe is unavailable');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'payment-retries-open');

  // Asked again while Stripe still cannot be reached: refused again, and it stays to do (the job's next attempt is a
  // minute or more away now, so the team's next ask is the one that gives the money back).
  const askAgain = row.getByRole('button', { name: 'Ask the processor again' });
  await askAgain.click();
  await expect(page.getByText('The payment processor refused again. Mentora keeps trying; the error is shown below.')).toBeVisible();
  await expect(askAgain).toBeEnabled();
  reachableAgain();
  await askAgain.click();
  await expect(page.getByText('The payment processor gave the money back.')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(fake.intents.get(intent.id)!.status).toBe('canceled');
  await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: 'Done' }).click();
  await expect(row).toContainText(/Given back \w{3}, /);
  await expect(row.getByRole('button')).toHaveCount(0);
  await shot(page, 'payment-retries-done');
  expect(fake.problems).toEqual([]);
  await page.context().close();
  await market.dispose();
});

/**
 * A $25 workshop of `expert` two days ahead (released within Stripe's 7-day authorisation window, so a seat's card is
 * held by manual capture), and `client` signed in on its page with Stripe.js stood in for; answers the workshop's id,
 * the page and the bodies the browser posted.
 */
async function toWorkshop(browser: Browser, client: { request: APIRequestContext }, expert: { request: APIRequestContext }, title: string) {
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const created = await expert.request.post('/api/me/workshops', {
    data: {
      title,
      description: 'Practice rounds.',
      topic: 'Job Interview Mastery',
      startsAtLocal: `${day}T15:00`,
      durationMinutes: 60,
      capacity: 4,
      priceCents: 2500,
      minAttendance: null,
      publish: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { id, ...(await toCardForm(browser, client, `/workshops/${id}`)) };
}

/** `client` signed in on a new page with Stripe.js stood in, at `path`'s card form; answers the page and the bodies it posted. */
async function toCardForm(browser: Browser, client: { request: APIRequestContext }, path: string) {
  const page = waitingForApp(await (await browser.newContext({ baseURL: base })).newPage());
  const posted: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posted.push(r.postData() ?? ''));
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: stripeJs }));
  await signInAs(page, client);
  await page.goto(path);
  await expect(page.getByRole('group', { name: 'Card details' }).getByLabel('Card number')).toBeVisible();
  return { page, posted };
}

test('a client books a paid workshop seat with Stripe Elements, as a session is paid', async ({ browser, playwright }) => {
  const market = new Marketplace(playwright.request, base);
  const { client, expert } = await people(market);
  const { id, page, posted } = await toWorkshop(browser, client, expert, 'Offer negotiation lab');
  await expect(page.getByText('card payments through Stripe are not open for workshops yet', { exact: false })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'workshop-page-stripe');
  await page.getByLabel('Cardholder name').fill('Casey Client');
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  const book = page.getByRole('button', { name: 'Book a seat · $25.00' });
  await book.click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Your card was declined. Payment failed. Please try again.');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await book.click();
  await page.waitForURL('**/session/*');
  await expect(page.getByText('Seat booked for Offer negotiation lab!')).toBeVisible();
  const seat = (await (await client.request.get(`/api/sessions/${page.url().split('/').at(-1)}`)).json()) as { payment: unknown; workshopId: string };
  expect(seat).toMatchObject({ workshopId: id, payment: { status: 'held', provider: 'stripe', amountCents: 2500, cardLast4: '4242' } });
  const intents = [...fake.intents.values()].filter((i) => i.payment_method === 'pm_card_visa' && i.amount === 2500);
  expect(intents.at(-1)).toMatchObject({ status: 'requires_capture', capture_method: 'manual' });
  // Mentora's server saw only the PaymentMethod id, never the card number.
  expect(posted.join('\n')).not.toMatch(/4242|0002/);
  expect(fake.problems).toEqual([]);
  await page.context().close();
  await market.dispose();
});

test('a seat paid with a card that needs 3-D Secure is reserved, then booked once the bank confirms', async ({ browser, playwright }) => {
  const market = new Marketplace(playwright.request, base);
  const { client, expert } = await people(market);
  const { id, page } = await toWorkshop(browser, client, expert, 'Salary talks lab');
  const intent = await payNeeding3ds(page, 'Book a seat · $25.00');
  await expect(page.getByText('Your bank needs you to confirm this payment. The seat is reserved for you for 15 minutes.')).toBeVisible();
  // Reserved meanwhile: nobody else can take the seat.
  expect(((await (await client.request.get(`/api/workshops/${id}`)).json()) as { seatsLeft: number }).seatsLeft).toBe(3);
  expect(intent).toMatchObject({ status: 'requires_action', amount: 2500 });
  await answer3ds(page, intent.id, true);
  await page.waitForURL('**/session/*');
  await expect(page.getByText('Seat booked for Salary talks lab!')).toBeVisible();
  const seat = (await (await client.request.get(`/api/sessions/${page.url().split('/').at(-1)}`)).json()) as object;
  expect(seat).toMatchObject({ status: 'booked', workshopId: id, payment: { status: 'held', provider: 'stripe' } });
  expect(fake.problems).toEqual([]);
  await page.context().close();
  await market.dispose();
});

test('a seat whose bank refuses 3-D Secure is released in the seat’s words, and booking again starts from the workshop', async ({ browser, playwright }) => {
  const market = new Marketplace(playwright.request, base);
  const { client, expert } = await people(market);
  const { id, page } = await toWorkshop(browser, client, expert, 'Negotiation drills');
  const intent = await payNeeding3ds(page, 'Book a seat · $25.00');
  // The reservation is the client's session while the bank confirms (afterwards it is listed nowhere).
  const { sessions } = (await (await client.request.get('/api/sessions?when=all')).json()) as { sessions: { id: string; workshopId: string | null }[] };
  const seat = sessions.find((s) => s.workshopId === id)!;
  await answer3ds(page, intent.id, false);
  await expect(page.getByRole('alert').filter({ hasText: 'The payment was not completed, so the seat was released. Please book again.' })).toBeVisible();
  expect(((await (await client.request.get(`/api/workshops/${id}`)).json()) as { seatsLeft: number }).seatsLeft).toBe(4);

  await page.goto(`/session/${seat.id}`);
  await expect(page.getByText('The payment was not completed, so the seat was released. Please book again.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Negotiation drills with ${expert.name}`);
  await expect(page.getByRole('link', { name: 'Seat in a workshop' })).toHaveAttribute('href', `/workshops/${id}`);
  await shot(page, 'seat-reservation-expired');
  await page.getByRole('link', { name: 'Book again' }).click();
  await expect(page).toHaveURL(new RegExp(`/workshops/${id}$`));
  await expect(page.getByRole('heading', { name: 'Negotiation drills' })).toBeVisible();
  await page.context().close();
  await market.dispose();
});

test('a manager buys credit with Stripe Elements; a card that needs 3-D Secure adds it once the bank confirms', async ({ browser }) => {
  const page = waitingForApp(await (await browser.newContext({ baseURL: base })).newPage());
  const posted: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posted.push(r.postData() ?? ''));
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: stripeJs }));
  // The demo's manager (docs/product.md "Partners", "Demo").
  await signInUi(page, { email: 'partner@example.com', password: 'mentora-demo' });
  await page.goto('/partner');
  await page.getByRole('link', { name: /Northfield University/ }).click();
  const balance = page.getByTestId('credit-balance');
  await expect(balance).toHaveText(/^\$/);
  const before = Number((await balance.innerText()).replace(/[$,]/g, ''));
  await expect(page.getByRole('group', { name: 'Card details' }).getByLabel('Card number')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Amount (USD)').fill('500');
  const intent = await payNeeding3ds(page, 'Pay and add credit');
  expect(intent).toMatchObject({ status: 'requires_action', amount: 50_000 });
  await expect(balance).toHaveText(`$${before.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await answer3ds(page, intent.id, true);
  await expect(page.getByText('$500.00 of credit added. A receipt is on its way by e-mail.')).toBeVisible();
  await expect(balance).toHaveText(`$${(before + 500).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  const ledger = page.getByRole('table', { name: 'Every change of the credit, newest first' });
  await expect(ledger.getByRole('row').nth(1)).toContainText('Visa ending 3155');
  await shot(page, 'partners-credit-stripe');
  // Mentora's server saw only the PaymentMethod id, never the card number.
  expect(posted.join('\n')).not.toMatch(/3184/);
  expect(fake.problems).toEqual([]);
  await page.context().close();
});

test('a client buys a package with a card that needs 3-D Secure: nothing is bought until the bank confirms', async ({ browser, playwright }) => {
  const market = new Marketplace(playwright.request, base);
  const { client, expert } = await people(market);
  const offered = await expert.request.post('/api/me/packages', { data: { sessionCount: 3, durationMinutes: 60, priceCents: 24000, validityMonths: 2 } });
  expect(offered.status(), await offered.text()).toBe(201);
  const { id } = (await offered.json()) as { id: string };
  const { page, posted } = await toCardForm(browser, client, `/expert/${expert.slug}/packages/${id}`);

  const intent = await payNeeding3ds(page, 'Pay $240.00');
  expect(intent).toMatchObject({ status: 'requires_action', amount: 24_000 });
  await expect(page.getByText('Your bank needs you to confirm this payment. Nothing is charged until you do.')).toBeVisible();
  // Nothing is bought while the bank confirms.
  expect(((await (await client.request.get('/api/me/package-purchases')).json()) as { purchases: unknown[] }).purchases).toEqual([]);
  await shot(page, 'package-3ds-waiting');
  await answer3ds(page, intent.id, true);
  await expect(page).toHaveURL(/\/dashboard\/client#packages$/);
  await expect(page.getByText('Package bought. Book your first session below.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your packages' })).toContainText('3 of 3 sessions left');
  await shot(page, 'package-3ds-bought');
  expect(posted.join('\n')).not.toMatch(/3184/);
  expect(fake.problems).toEqual([]);
  await page.context().close();
  await market.dispose();
});

/** `expert` offers a plan `name` ($180 a month, 2 sessions of 60 minutes); answers its id. */
async function offerPlan(expert: { request: APIRequestContext }, name: string): Promise<string> {
  const offered = await expert.request.post('/api/me/plans', {
    data: { name, priceCents: 18000, sessionCount: 2, durationMinutes: 60, chatPromise: 'Replies within 2 working days' },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  return ((await offered.json()) as { id: string }).id;
}

test('a client subscribes to a plan with a card that needs 3-D Secure: the plan starts once the bank confirms', async ({ browser, playwright }) => {
  const market = new Marketplace(playwright.request, base);
  const { client, expert } = await people(market);
  const id = await offerPlan(expert, 'Career sprint');
  const { page, posted } = await toCardForm(browser, client, `/expert/${expert.slug}/plans/${id}`);

  const intent = await payNeeding3ds(page, 'Pay $180.00 a month');
  expect(intent).toMatchObject({ status: 'requires_action', amount: 18_000 });
  await expect(page.getByText('Your bank needs you to confirm this payment. Nothing is charged until you do.')).toBeVisible();
  // Nothing has started while the bank confirms.
  expect(((await (await client.request.get('/api/me/subscriptions')).json()) as { subscriptions: unknown[] }).subscriptions).toEqual([]);
  await answer3ds(page, intent.id, true);
  await expect(page).toHaveURL(/\/dashboard\/client#plans$/);
  await expect(page.getByText('Subscribed. Book your first session below.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your plans' })).toContainText('Career sprint');
  await shot(page, 'plan-3ds-subscribed');
  const stripeSub = [...fake.subscriptions.values()].find((s) => s.default_payment_method === 'pm_card_threeDSecure2Required' && s.status === 'active');
  expect(stripeSub).toBeDefined();
  expect(posted.join('\n')).not.toMatch(/3184/);
  expect(fake.problems).toEqual([]);
  await page.context().close();
  await market.dispose();
});

/** Delivers Stripe's `events` to the server's webhook endpoint in order, signed as Stripe signs them. */
async function deliver(request: APIRequestContext, events: object[]) {
  for (const event of events) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const res = await request.post(`${base}/api/payments/stripe/webhook`, {
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      data: payload,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

test('a renewal whose bank asks for 3-D Secure: the client confirms it from the e-mail’s link, and the plan renews', async ({ browser, playwright }) => {
  const market = new Marketplace(playwright.request, base);
  const { client, expert } = await people(market);
  // Subscribed with a card whose bank confirmed the first month…
  const started = await client.request.post(`/api/plans/${await offerPlan(expert, 'Steady progress')}/subscriptions`, {
    data: { paymentMethodId: 'pm_card_threeDSecure2Required' },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(started.status(), await started.text()).toBe(202);
  const { subscriptionId, paymentAction } = (await started.json()) as { subscriptionId: string; paymentAction: { clientSecret: string } };
  fake.completeAction([...fake.intents.values()].find((i) => i.client_secret === paymentAction.clientSecret)!.id, true);
  expect((await client.request.post(`/api/subscriptions/${subscriptionId}/payment`, { data: {} })).status()).toBe(200);
  // …and whose bank asks again when Stripe renews the plan a month later.
  const stripeSub = [...fake.subscriptions.values()].find((s) => s.metadata.subscriptionId === subscriptionId)!;
  fake.askAuthenticationAgain(stripeSub.customer);
  const stripe = await playwright.request.newContext();
  await deliver(stripe, fake.cycle(stripeSub.id));

  const page = waitingForApp(await (await browser.newContext({ baseURL: base })).newPage());
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: stripeJs }));
  await signInAs(page, client);
  await page.goto('/dashboard/client#plans');
  const plans = page.getByRole('region', { name: 'Your plans' });
  await expect(plans).toContainText('Renewal waiting for your bank');
  await expect(plans.getByRole('link', { name: 'Confirm the payment' })).toBeVisible();
  await shot(page, 'plan-renewal-3ds-dashboard');

  const link = await linkFromMailbox(client.request, client.email, /https?:\/\/[^/"<\s]+\/plans\/[0-9a-f-]{36}\/confirm-renewal/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your plan’s renewal' })).toBeVisible();
  await expect(page.getByText(/^Your bank asks you to confirm the renewal of Steady progress with .+: \$180\.00/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'plan-renewal-3ds-asked');
  await page.getByRole('button', { name: 'Confirm with your bank' }).click();
  const clientSecret = await page
    .waitForFunction(() => (window as unknown as { __pending3ds?: string }).__pending3ds)
    .then((h) => h.jsonValue() as Promise<string>);
  const intent = [...fake.intents.values()].find((i) => i.client_secret === clientSecret)!;
  expect(intent).toMatchObject({ status: 'requires_action', amount: 18_000 });
  await answer3ds(page, intent.id, true);
  await expect(page.getByText('Your bank confirmed. Waiting for Stripe to confirm the payment…')).toBeVisible();
  // Stripe tells the server the invoice is paid; the page sees the month granted.
  await deliver(stripe, [fake.invoiceEvent(stripeSub.latest_invoice)]);
  await expect(page.getByText(/^Steady progress with .+ is renewed until /)).toBeVisible();
  await shot(page, 'plan-renewal-3ds-renewed');
  await page.getByRole('link', { name: 'Book your sessions' }).click();
  await expect(plans).toContainText('Renews');
  await expect(plans).not.toContainText('waiting for your bank');
  expect(fake.problems).toEqual([]);
  await stripe.dispose();
  await page.context().close();
  await market.dispose();
});
