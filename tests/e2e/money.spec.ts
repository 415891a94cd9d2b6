import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test, waitingForApp } from './test';
import { seriousViolations } from './axe';
import { bookViaApi, moveIntoPast, pickBookableDay, pinClock, shot, signInAs, visa } from './helpers';

/**
 * Money shown right (docs/product.md "Payments", "Earnings"): on the demo server (simulated payments) the payment page
 * never loads Stripe.js and logs no console error, and on a phone its Pay button is on the first screen; the client
 * pays, downloads the PDF receipt from the session page (read back with unpdf); the expert sees the payment in
 * the earnings ledger, and the dashboard's Total Earnings is the ledger's total once the money is released; the
 * ledger's page is in the address, a page past the last links back, and past 20 entries the first payment is on page 2.
 */
test('a client pays, downloads the PDF receipt; the expert sees the ledger entry and the same total on the dashboard', async ({
  page,
  browser,
  client,
  expert,
}) => {
  test.setTimeout(180_000);
  await pinClock(page);
  const stripeRequests: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (r) => {
    if (/stripe\.com|stripe-js/.test(r.url())) stripeRequests.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));

  await signInAs(page, client);
  await page.goto(`/expert/${expert.slug}`);
  await pickBookableDay(page);
  await page.getByRole('radio').first().click();
  await page.getByLabel('What would you like to discuss?').fill('Reading my first cap table');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/payment\?expert=/);

  const total = `$${(expert.hourlyRateCents / 100).toFixed(2)}`;
  const pay = page.getByRole('button', { name: `Pay ${total}` });
  // A phone: the Pay button is on the first screen, above the summary.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pay).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'money-payment');

  await page.getByLabel('Cardholder name').fill(visa.cardholderName);
  await page.getByLabel('Card number').fill(visa.number);
  await page.getByLabel('Expiry (MM/YY)').fill(visa.expiry);
  await page.getByLabel('CVC').fill(visa.cvc);
  await pay.click();
  await expect(page.getByText('Payment successful! Your session has been booked.')).toBeVisible();
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/);
  expect(stripeRequests).toEqual([]);
  expect(consoleErrors).toEqual([]);

  const { sessions } = (await (await page.request.get('/api/sessions')).json()) as { sessions: { id: string; startsAt: string }[] };
  const session = sessions[0]!;
  await page.goto(`/session/${session.id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF receipt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mentora-receipt-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await getDocumentProxy(new Uint8Array(await readFile((await file.path())!)));
  const text = (await extractText(pdf, { mergePages: true })).text;
  expect(text).toContain(`Amount paid: ${total}`);
  expect(text).toContain(`Expert: ${expert.name}`);
  expect(text).toContain('Card: Visa ending 4242');
  expect(text).toMatch(/Paid on: \w{3}, \w{3} \d+, \d{4} at \d+:\d\d [AP]M/);
  expect(text).toContain('No refunds.');
  expect(stripeRequests).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // The session took place and the client confirms it: the money is released to the expert.
  await moveIntoPast(page.request, session, 3);
  expect((await page.request.post(`/api/sessions/${session.id}/confirm`)).status()).toBe(200);

  const expertContext = await browser.newContext();
  const expertPage = waitingForApp(await expertContext.newPage());
  try {
    await signInAs(expertPage, expert);
    await expertPage.goto('/dashboard/expert');
    await expect(expertPage.getByText('Total Earnings').locator('..')).toContainText(total);
    await expertPage.getByRole('link', { name: 'Payouts and earnings' }).click();
    await expect(expertPage.getByRole('heading', { name: 'Earnings', exact: true })).toBeVisible();
    const ledger = expertPage.getByRole('list', { name: 'Payment ledger' });
    // The session once, its states in date order: held, then released.
    const row = ledger.locator(':scope > li');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Session with ${client.firstName} ${client.lastName}`);
    await expect(row.getByRole('list', { name: 'What happened to the payment' }).getByRole('listitem')).toHaveText([
      new RegExp(`^Held${total.replace('$', '\\$')}`),
      new RegExp(`^→Released to you${total.replace('$', '\\$')}`),
    ]);
    await expect(expertPage.getByText('Total earnings').locator('..')).toContainText(total);
    expect(await seriousViolations(expertPage)).toEqual([]);
    await shot(expertPage, 'money-ledger');

    // The ledger's page is in the address: an old address past the last page says so, and links back to the first.
    const ledgerPages = expertPage.getByRole('navigation', { name: 'Ledger pages' });
    await expertPage.goto('/dashboard/expert/payouts?ledger=9');
    await expect(expertPage.getByText('No entries on this page.')).toBeVisible();
    await expect(expertPage.getByText('Total earnings').locator('..')).toContainText(total);
    await shot(expertPage, 'money-ledger-past-the-end');
    const back = ledgerPages.getByRole('link', { name: 'Go to page 1' });
    await expect(back).toBeVisible();
    await back.click();
    await expect(expertPage).toHaveURL(/[?&]ledger=1$/);
    await expect(row).toHaveCount(1);

    // Twenty later bookings fill the first page, 20 entries a page: the first session's movements are on the second.
    for (let i = 0; i < 20; i++) await bookViaApi(page.request, expert.slug, 3);
    await expertPage.goto('/dashboard/expert/payouts');
    await expect(ledgerPages).toContainText('Page 1 of 2');
    await expect(row).toHaveCount(20);
    await expect(row.filter({ hasText: 'Released to you' })).toHaveCount(0);
    await ledgerPages.getByRole('link', { name: 'Next' }).click();
    await expect(expertPage).toHaveURL(/[?&]ledger=2$/);
    await expect(ledgerPages).toContainText('Page 2 of 2');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('list', { name: 'What happened to the payment' }).getByRole('listitem')).toHaveText([
      new RegExp(`^Held${total.replace('$', '\\$')}`),
      new RegExp(`^→Released to you${total.replace('$', '\\$')}`),
    ]);
    // The totals are over every entry, whichever page is shown.
    await expect(expertPage.getByText('Total earnings').locator('..')).toContainText(total);
    await shot(expertPage, 'money-ledger-page-2');
  } finally {
    await expertContext.close();
  }
});
