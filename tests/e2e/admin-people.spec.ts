import { messages } from '../../src/shared/messages';
import { expect, test } from './test';
import { seriousViolations } from './axe';
import { bookViaApi, shot, signInAs, signInHere, signInAsTeam } from './helpers';

/**
 * People in the team console (docs/product.md "Team console", "People"): the team finds a client by e-mail, opens their
 * page and suspends them with a reason; the client's signed-in session ends at once and signing in again is refused
 * with the product's words.
 */
test('the team finds a user, suspends them, and the user can no longer sign in', async ({ page, client, operator }) => {
  // The client is signed in (its own API session) before the team acts.
  expect((await client.request.get('/api/sessions')).status()).toBe(200);

  await page.context().clearCookies();
  await signInAsTeam(page, operator);
  await page.getByRole('navigation', { name: 'Team console' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('searchbox', { name: 'Name or e-mail' }).fill(client.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('heading', { name: 'Users (1)' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-users');
  await page.getByRole('link', { name: `Open ${client.name}'s page` }).click();
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();

  await page.getByRole('button', { name: 'Suspend Account' }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${client.name}?` });
  await dialog.getByRole('button', { name: 'Suspend Account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(messages.admin.suspendReason);
  await dialog.getByLabel('Reason for the suspension').fill('Payment fraud reported by an expert');
  await dialog.getByRole('button', { name: 'Suspend Account' }).click();
  await expect(page.getByText(messages.admin.suspended)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Payment fraud reported by an expert' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reinstate Account' })).toBeVisible();
  await expect(page.getByText('Not signed in anywhere.')).toBeVisible();
  // The account's audit trail and the audit log say what the team did, in words.
  await expect(page.getByRole('region', { name: 'Team actions' }).getByRole('listitem').first()).toContainText(
    'Alex Admin suspended an account: “Payment fraud reported by an expert”',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-user-suspended');

  // The client's session has ended, and signing in is refused in the product's words.
  expect((await client.request.get('/api/sessions')).status()).toBe(401);
  await page.context().clearCookies();
  await page.goto('/login');
  await signInHere(page, client);
  await expect(page.getByText(messages.auth.suspended)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.context().clearCookies();
  await signInAsTeam(page, operator);
  await page.goto('/admin/audit');
  await expect(page.getByText('suspended an account: “Payment fraud reported by an expert”').first()).toBeVisible();
});

/**
 * Sessions and money in the team console (docs/product.md "Team console", "Sessions and money"): the team finds a
 * client's booked session by the client's e-mail and refunds half of it; the client's page in the console lists the
 * session with its money and the refund (linked to the session), and the client's dashboard and session page show it.
 */
test("the team refunds half a session, sees it on the client's console page, and the client sees it on the dashboard and the session page", async ({
  page,
  client,
  expert,
  operator,
}) => {
  const session = await bookViaApi(client.request, expert.slug, 9, 'Negotiating a job offer');
  const total = session.totalAmountCents;
  const half = Math.floor(total / 2);
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  await page.context().clearCookies();
  await signInAsTeam(page, operator);
  await page.getByRole('navigation', { name: 'Team console' }).getByRole('link', { name: 'Sessions' }).click();
  await page.getByLabel('Session id, name or e-mail').fill(client.email);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { name: 'Sessions (1)' })).toBeVisible();
  await page.getByRole('link', { name: 'Open the session' }).click();
  await expect(page.getByRole('heading', { name: `${client.name} with ${expert.name}` })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Held');

  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this session' });
  await dialog.getByLabel('Refund to the client (USD)').fill((half / 100).toFixed(2));
  await dialog.getByLabel('Reason for both parties').fill('The video call dropped for half of the session');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(messages.admin.refunded)).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Refunded to the client');
  await expect(page.getByRole('table')).toContainText(money(half));
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-session-refunded');

  // The client's page lists the refund among the team's actions about them, linked back to the session.
  await page.getByRole('link', { name: client.name, exact: true }).first().click();
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
  // Its sessions, read a page at a time, say where the money went.
  const sessions = page.getByRole('region', { name: 'Sessions and payments' });
  await expect(sessions.getByRole('listitem').first()).toContainText(`with ${expert.name}`);
  await expect(sessions.getByRole('listitem').first()).toContainText(
    `${money(half)} of ${money(total)} refunded to the client, the rest released to the expert`,
  );
  const action = page.getByRole('region', { name: 'Team actions' }).getByRole('listitem').first();
  await expect(action).toContainText(`Alex Admin refunded a session of ${money(half)}: “The video call dropped for half of the session”`);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-user-session-refund');
  await action.getByRole('link', { name: 'Open the session' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/sessions/${session.id}$`));
  // The sessions' page is in the address: an old address past the last page says so, not that there are none.
  await page.goto(`/admin/users/${client.id}?sessions=2`);
  await expect(sessions.getByText('No sessions on this page.')).toBeVisible();

  await signInAs(page, client);
  await page.goto('/dashboard/client');
  await expect(page.getByText('Total spent').locator('..')).toContainText(money(total - half));
  await page.goto(`/session/${session.id}`);
  await expect(page.getByText(`Refunded ${money(half)} of ${money(total)} to the client's card`)).toBeVisible();
});

/**
 * The console's dashboard (docs/product.md "Team console", "Dashboard"): with a booking made today, its charts render
 * with data at 1280 and 390 px (bars drawn, days on the axis, nothing wider than the screen), a chart is read day by
 * day with the arrow keys, and each has a table view.
 */
test("the dashboard's charts render with today's booking at 1280 and 390 px, each with a table view", async ({ page, client, expert, operator }) => {
  await bookViaApi(client.request, expert.slug, 11, 'Salary negotiation');
  const today = new Date().toISOString().slice(0, 10);
  const todayOnAxis = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date());
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().clearCookies();
  await signInAsTeam(page, operator);
  await page.getByRole('navigation', { name: 'Team console' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?days=7$/);
  const bookings = page.getByRole('figure', { name: 'Bookings' });
  const chart = bookings.getByRole('application', { name: /^Bookings: [1-9]\d* over 7 days$/ });
  await expect(chart).toBeVisible();
  // The chart library drew today's bar (days without bookings have none) and the days on its axis.
  await expect(bookings.locator('.recharts-bar-rectangle path').last()).toBeVisible();
  await expect(bookings.locator('.recharts-xAxis-tick-labels')).toContainText(todayOnAxis);

  // The keyboard reads the chart day by day: one tab stop, the arrow keys move to today, whose value is announced.
  await chart.focus();
  for (let day = 0; day < 6; day++) await page.keyboard.press('ArrowRight');
  await expect(bookings.getByRole('status')).toHaveText(new RegExp(`^${todayOnAxis}: [1-9]\\d*$`));

  await bookings.getByRole('button', { name: 'Show table' }).click();
  await expect(bookings.getByRole('table')).toBeVisible();
  await expect(bookings.getByRole('row')).toHaveCount(8);
  await expect(bookings.getByRole('row').last()).toHaveText(new RegExp(`^${today}[1-9]\\d*$`));
  const gross = page.getByRole('figure', { name: 'Gross volume' });
  await expect(gross.getByRole('row').last()).toHaveText(new RegExp(`^${today}\\$[1-9][\\d,]*\\.\\d\\d$`));
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-dashboard');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(gross.getByRole('application')).toBeVisible();
  await expect(gross.locator('.recharts-bar-rectangle path').last()).toBeVisible();
  const [figure, svg] = await Promise.all([gross.boundingBox(), gross.getByRole('application').boundingBox()]);
  expect(figure!.width).toBeLessThanOrEqual(390);
  expect(svg!.x + svg!.width).toBeLessThanOrEqual(figure!.x + figure!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The page ends with its footer: the charts' tables, hidden until asked for, leave no blank space below it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: '90 days' }).click();
  await expect(page.getByRole('figure', { name: 'Bookings' }).getByRole('application', { name: /over 90 days$/ })).toBeVisible();
  const [pageHeight, footerEnd] = await page.evaluate(() => [
    document.documentElement.scrollHeight,
    document.querySelector('footer')!.getBoundingClientRect().bottom + window.scrollY,
  ]);
  expect(pageHeight).toBeLessThanOrEqual(Math.ceil(footerEnd) + 1);
});
