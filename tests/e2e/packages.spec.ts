import { expect, test, waitingForApp } from './test';
import { expectSettled, moveIntoPast, shot, signInAs, signInAsTeam, visa } from './helpers';

/**
 * Session packages (docs/product.md "Plans and packages"): the expert offers a package; the client sees it on the
 * profile with its saving and expiry rule, buys it by card, books a session from it on the dashboard with no card
 * step, and confirms it on its confirm page once it took place; the expert sees the session's share released in the
 * earnings ledger.
 */
test('a client buys a package, books and confirms a session from it; the expert sees the release', async ({ page, browser, client, expert }) => {
  test.setTimeout(120_000);
  const expertContext = await browser.newContext();
  const expertPage = waitingForApp(await expertContext.newPage());
  try {
    await signInAs(expertPage, expert);
    await expertPage.goto('/dashboard/expert');
    await expertPage.getByRole('link', { name: 'Session packages' }).click();
    // Exactly: the dashboard's "Loading sessions" may still be on screen while the link's page opens.
    await expertPage.getByLabel('Sessions', { exact: true }).fill('2');
    await expertPage.getByLabel('Package price ($)').fill('150');
    await expertPage.getByLabel('Valid for (months)').fill('2');
    await expertPage.getByRole('button', { name: 'Offer package' }).click();
    await expect(expertPage.getByRole('listitem').filter({ hasText: '2 × 60 min sessions · $150.00' })).toContainText('Open to new buyers');

    await signInAs(page, client);
    // Where the package's link is on the page at every frame from the first paint: the booking card above it loads
    // after the page, into a place as tall as the card, so the link stays where it was painted.
    await page.addInitScript(() => {
      const tops: number[] = [];
      Object.assign(window, { buyLinkTops: tops });
      const frame = () => {
        const link = document.querySelector('a[aria-label^="Buy "]');
        if (link) tops.push(link.getBoundingClientRect().top + window.scrollY);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto(`/expert/${expert.slug}`);
    await expectSettled(page);
    const tops = await page.evaluate(() => (window as unknown as { buyLinkTops: number[] }).buyLinkTops);
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(64);
    const offers = page.getByRole('region', { name: 'Session packages' });
    await expect(offers).toContainText('2 × 60 min sessions · $150.00');
    await expect(offers).toContainText('Sessions still unused when the package expires are refunded to your card.');
    await shot(page, 'packages-profile');
    await offers.getByRole('link', { name: /^Buy / }).click();
    await page.getByLabel('Cardholder name').fill(visa.cardholderName);
    await page.getByLabel('Card number').fill(visa.number);
    await page.getByLabel('Expiry (MM/YY)').fill(visa.expiry);
    await page.getByLabel('CVC').fill(visa.cvc);
    await page.getByRole('button', { name: 'Pay $150.00' }).click();
    await expect(page).toHaveURL(/\/dashboard\/client#packages$/);
    const mine = page.getByRole('region', { name: 'Your packages' });
    await expect(mine).toContainText('2 of 2 sessions left');

    // The first day ahead with a free time of the package's length; no card is asked for.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await mine.getByLabel('Day').fill(day);
    const time = mine.getByLabel('Time');
    await expect(time.locator('option').nth(1)).toBeAttached();
    await time.selectOption({ index: 1 });
    await mine.getByLabel('Topic').fill('Planning my first quarter as a manager');
    await mine.getByRole('button', { name: 'Book package session' }).click();
    await expect(mine).toContainText('1 of 2 sessions left');
    await expect(page.getByText('Package session · 1 of 2')).toBeVisible();
    await shot(page, 'packages-dashboard');

    const { sessions } = (await (await page.request.get('/api/sessions')).json()) as {
      sessions: { id: string; startsAt: string; package: { number: number; count: number } | null }[];
    };
    const session = sessions.find((s) => s.package)!;
    expect(session.package).toEqual({ number: 1, count: 2, plan: false });
    // Once it took place, the client confirms it on its confirm page.
    await moveIntoPast(page.request, session, 3);
    await page.goto(`/session/confirm/${session.id}`);
    await page.getByRole('button', { name: 'Yes, Confirm Session' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`How was your session with ${expert.name}?`);

    await expertPage.goto('/dashboard/expert/payouts');
    const ledger = expertPage.getByRole('list', { name: 'Payment ledger' });
    await expect(ledger.getByRole('listitem').filter({ hasText: `Session with ${client.firstName} ${client.lastName}` })).toContainText('Released to you');
    await expertPage.goto('/dashboard/expert/packages');
    await expect(expertPage.getByRole('region', { name: 'Packages sold' })).toContainText(`${client.firstName} ${client.lastName} · 2 × 60 min · $150.00`);
  } finally {
    await expertContext.close();
  }
});

/**
 * The team refunds a package's unused sessions from the console (docs/product.md "Plans and packages", "Team
 * console"): a client bought an expert's package (through the API, fixtures/marketplace.ts), the operator refunds its
 * unused sessions with a reason on the client's page, and the package ends; the client's dashboard says it was ended
 * by the team with the refund, and offers no more booking from it.
 */
test('the team refunds a package’s unused sessions in the console; the client sees it ended', async ({ page, market, client, expert, operator }) => {
  test.setTimeout(120_000);
  await market.packagePurchase(expert, client);

  await signInAsTeam(page, operator);
  await page.goto(`/admin/users/${client.id}`);
  const pack = page.getByRole('region', { name: 'Session packages' }).getByRole('listitem').filter({ hasText: expert.name });
  await expect(pack).toContainText('3 of 3 left, expires');
  await pack.getByRole('button', { name: 'Refund Unused Sessions' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund 3 unused sessions of ${client.name}'s package?` });
  await dialog.getByLabel('Reason').fill('The client asked to stop');
  await dialog.getByRole('button', { name: 'Refund Unused Sessions' }).click();
  await expect(page.getByText("The package's unused sessions were refunded and the package ended.")).toBeVisible();
  await expect(pack).toContainText('by the team · refunded $150.00');
  await expect(pack.getByRole('button', { name: 'Refund Unused Sessions' })).toHaveCount(0);
  await shot(page, 'packages-console-ended');

  await signInAs(page, client);
  await page.goto('/dashboard/client#packages');
  const mine = page.getByRole('region', { name: 'Your packages' });
  await expect(mine).toContainText('the Mentora team ended this package and refunded the sessions not booked');
  await expect(mine).toContainText('$150.00 refunded');
  await expect(mine.getByRole('button', { name: 'Book package session' })).toHaveCount(0);
  await shot(page, 'packages-ended-by-team');
});
