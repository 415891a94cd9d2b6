import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './test';
import { expectSettled, pinClock, shot, signInAs, signInAsTeam, visa } from './helpers';

/**
 * Monthly plans (docs/product.md "Plans and packages"): the client sees the expert's plan on the profile, starts its
 * free trial by card, books both sessions of the month on the dashboard with no card step; the clock moves a month (X-Test-Now,
 * src/server/http/test-clock.ts) and the renewal job runs (test hook POST /api/test/plans/renewals): the trial has
 * become a paid month, whose PDF receipt the client downloads; the client cancels and keeps the plan to the month's end.
 */
test('a client starts a free trial, books its two sessions, the plan renews a month later, and the client cancels', async ({ page, client, expert }) => {
  test.setTimeout(120_000);
  const offered = await expert.request.post('/api/me/plans', {
    data: { name: 'Monthly mentoring', priceCents: 18000, sessionCount: 2, durationMinutes: 60, chatPromise: 'Replies within 2 working days', trialDays: 14 },
  });
  expect(offered.status(), await offered.text()).toBe(201);

  await pinClock(page);
  await signInAs(page, client);
  await page.goto(`/expert/${expert.slug}`);
  const offers = page.getByRole('region', { name: 'Monthly plans' });
  await expect(offers).toContainText('14-day free trial');
  await offers.getByRole('link', { name: /^Subscribe to Monthly mentoring/ }).click();
  await expectSettled(page);
  await expect(page.getByText('Free for 14 days, then $180.00 a month.')).toBeVisible();
  await page.getByLabel('Cardholder name').fill(visa.cardholderName);
  await page.getByLabel('Card number').fill(visa.number);
  await page.getByLabel('Expiry (MM/YY)').fill(visa.expiry);
  await page.getByLabel('CVC').fill(visa.cvc);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/dashboard\/client#plans$/);
  const mine = page.getByRole('region', { name: 'Your plans' });
  await expect(mine).toContainText('2 of 2 sessions left this month');

  // A free time of the plan's length on each of two days ahead; no card is asked for.
  const bookOn = async (daysAhead: number, topic: string) => {
    await mine.getByLabel('Day').fill(new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10));
    const time = mine.getByLabel('Time');
    await expect(time.locator('option').nth(1)).toBeAttached();
    await time.selectOption({ index: 1 });
    await mine.getByLabel('Topic').fill(topic);
    await mine.getByRole('button', { name: 'Book plan session' }).click();
  };
  await bookOn(2, 'A plan for my first year as a lead');
  await expect(mine).toContainText('1 of 2 sessions left this month');
  await expect(page.getByText('Plan session · 1 of 2 this month')).toBeVisible();
  await bookOn(3, 'Hiring my first engineer');
  await expect(mine).toContainText('0 of 2 sessions left this month');
  await expect(page.getByText('Plan session · 2 of 2 this month')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Book plan session' })).toHaveCount(0);
  await shot(page, 'plans-dashboard');

  // A month later: the trial ended after 14 days and the renewal charged the first month.
  const later = { 'X-Test-Now': new Date(Date.now() + 31 * 86_400_000).toISOString() };
  await page.context().setExtraHTTPHeaders(later);
  const renewed = await page.request.post('/api/test/plans/renewals', { data: {}, headers: later });
  expect(renewed.status(), await renewed.text()).toBe(200);
  await page.reload();
  await expectSettled(page);
  await expect(mine).toContainText('Renews');
  await expect(mine).toContainText('2 of 2 sessions left this month');
  await expect(mine.getByText('Payments and receipts (1)')).toBeVisible();
  // The paid month's PDF receipt, read back with an independent parser.
  await mine.getByText('Payments and receipts (1)').click();
  const download = page.waitForEvent('download');
  await mine.getByRole('link', { name: 'Download PDF receipt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mentora-receipt-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = (await extractText(await getDocumentProxy(new Uint8Array(await readFile((await file.path())!))), { mergePages: true })).text;
  expect(text).toMatch(/Receipt number: MEN-\d{4}-\d{6}/);
  expect(text).toMatch(/Plan month: .+ to .+, 2 sessions/);
  await shot(page, 'plans-receipts');

  page.once('dialog', (dialog) => void dialog.accept());
  await mine.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(mine).toContainText('Cancelled · yours until');
  await expect(mine.getByRole('button', { name: 'Cancel plan' })).toHaveCount(0);
});

/**
 * The team ends a client's plan from the console (docs/product.md "Plans and packages", "Team console"): a client
 * subscribed to an expert's plan (made through the API, fixtures/marketplace.ts), the operator opens the client's page,
 * ends the plan with a reason ("End and Refund"), and sees it ended with its month refunded; the client's dashboard
 * says the plan was ended by the team, and its payment shows the refund.
 */
test('the team ends a client’s plan in the console; the client sees it ended by the team and refunded', async ({ page, market, client, expert, operator }) => {
  test.setTimeout(120_000);
  await market.subscription(expert, client, { name: 'Career compass', priceCents: 18000 });

  await signInAsTeam(page, operator);
  await page.goto(`/admin/users/${client.id}`);
  const plans = page.getByRole('region', { name: 'Monthly plans' });
  const plan = plans.getByRole('listitem').filter({ hasText: 'Career compass' });
  await expect(plan).toContainText('Active, renews');
  await plan.getByRole('button', { name: 'End and Refund' }).click();
  const dialog = page.getByRole('dialog', { name: `End ${client.name}'s plan Career compass?` });
  await dialog.getByLabel('Reason (shown to the expert)').fill('The expert asked us to end their plans');
  await dialog.getByRole('button', { name: 'End and Refund' }).click();
  await expect(page.getByText("Plan ended; its month's unused sessions were refunded.")).toBeVisible();
  await expect(plan).toContainText('(The expert asked us to end their plans)');
  await expect(plan).toContainText('paid $180.00 · refunded $180.00');
  await expect(plan.getByRole('button', { name: 'End and Refund' })).toHaveCount(0);
  await shot(page, 'plans-console-ended');

  await signInAs(page, client);
  await page.goto('/dashboard/client#plans');
  const mine = page.getByRole('region', { name: 'Your plans' });
  await expect(mine).toContainText('Ended by the Mentora team · ended');
  // Parties read who ended it, never the team's reason.
  await expect(mine).not.toContainText('The expert asked us');
  await expect(mine.getByRole('button', { name: 'Cancel plan' })).toHaveCount(0);
  await mine.getByText('Payments and receipts (1)').click();
  await expect(mine).toContainText('$180.00 refunded');
  await shot(page, 'plans-ended-by-team');
});
