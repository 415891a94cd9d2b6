import { axeViolations } from './axe';
import { expect, test } from './test';
import { shot, signUpAs } from './helpers';

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
  await expect(card.getByText('Your e-mails, reminders and calendar invites show times in Asia/Tokyo.')).toBeVisible();
  const select = page.getByLabel('Time zone');
  await expect(select).toHaveValue('Asia/Tokyo');
  await select.selectOption('Europe/Berlin');
  await card.getByRole('button', { name: 'Save time zone' }).click();
  await expect(card.getByRole('status')).toHaveText('Time zone saved.');
  await expect(card.getByText('Your e-mails, reminders and calendar invites show times in Europe/Berlin.')).toBeVisible();
  expect(await axeViolations(page, { include: 'main' })).toEqual([]);
  await shot(page, 'account-time-zone');

  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
  expect((await (await page.request.get('/api/me')).json()).user.timeZone).toBe('Europe/Berlin');
});
