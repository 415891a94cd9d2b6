import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { axeViolations } from './axe';
import { expect, test } from './test';
import { bookViaApi, shot, signInAs, signUpAs } from './helpers';

// The browser says it is in Tokyo: sign-up stores that zone (docs/product.md "E-mail").
test.use({ timezoneId: 'Asia/Tokyo' });

/**
 * A new client's time zone is detected at sign-up and edited on /account: e-mails, reminders and invites are
 * written in it (docs/product.md "E-mail").
 */
test('a new account keeps the zone its browser reported and changes it on /account', async ({ page }) => {
  const email = `zone-${Date.now()}@example.com`;
  await signUpAs(page, { email, firstName: 'Yuki', lastName: 'Zones' }, 'Client');
  expect((await (await page.request.get('/api/me')).json()).user.timeZone).toBe('Asia/Tokyo');

  await page.goto('/account');
  const card = page.locator('form', { has: page.getByRole('heading', { name: 'Time zone' }) });
  await expect(card.getByText('Times on Mentora, your e-mails, reminders and calendar invites are shown in Asia/Tokyo.')).toBeVisible();
  const select = page.getByLabel('Time zone');
  await expect(select).toHaveValue('Asia/Tokyo');
  // A searchable picker: a part of the name finds the zone, a city starting with it first, with the offset that applies.
  await select.fill('Van');
  await expect(page.getByRole('option').first()).toHaveText(/^America\/Vancouver \(GMT-[78]\)$/);
  await shot(page, 'time-zone-picker');
  await select.fill('berl');
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  await select.press('Enter');
  await expect(select).toHaveValue('Europe/Berlin');
  await card.getByRole('button', { name: 'Save time zone' }).click();
  await expect(card.getByRole('status')).toHaveText('Time zone saved.');
  await expect(card.getByText('Times on Mentora, your e-mails, reminders and calendar invites are shown in Europe/Berlin.')).toBeVisible();
  expect(await axeViolations(page, { include: 'main' })).toEqual([]);
  await shot(page, 'account-time-zone');

  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
  expect((await (await page.request.get('/api/me')).json()).user.timeZone).toBe('Europe/Berlin');
});

/**
 * The website shows times in the account's zone when it has one, whatever the browser's (docs/product.md "E-mail",
 * "Time zones"): the dashboard, the session page and the booking calendar follow it, and change with it on /account.
 */
test("a signed-in client's pages show times in the account's zone, not the browser's", async ({ page, client, expert }) => {
  await signInAs(page, client);
  expect((await page.request.put('/api/me/time-zone', { data: { timeZone: 'America/New_York' } })).status()).toBe(200);
  const session = await bookViaApi(page.request, expert.slug, 2, 'Zones');
  const shown = (zone: string) => `${format(new Date(session.startsAt), "EEE, MMM d, yyyy 'at' h:mm a", { in: tz(zone) })}`;
  const short = (zone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(new Date(session.startsAt))
      .find((p) => p.type === 'timeZoneName')!.value;

  await page.goto('/dashboard/client');
  const row = page.getByRole('article', { name: expert.name });
  await expect(row).toContainText(`${shown('America/New_York')} ${short('America/New_York')}`);
  await shot(page, 'account-zone-dashboard');
  await page.goto(`/session/${session.id}`);
  await expect(page.getByText(shown('America/New_York')).first()).toBeVisible();
  await expect(page.getByText(shown('Asia/Tokyo'))).toHaveCount(0);

  // The booking card's times are the account zone's too.
  await page.goto(`/expert/${expert.slug}`);
  await expect(page.getByText('Times are shown in your time zone: America/New York')).toBeVisible();

  await page.goto('/account');
  await page.getByLabel('Time zone').fill('Berlin');
  await page.getByRole('option', { name: /^Europe\/Berlin / }).click();
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByText('Time zone saved.')).toBeVisible();
  await page.goto('/dashboard/client');
  await expect(page.getByRole('article', { name: expert.name })).toContainText(`${shown('Europe/Berlin')} ${short('Europe/Berlin')}`);
});
