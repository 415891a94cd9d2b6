import { messages } from '../../src/shared/messages';
import { expect, test } from './test';
import { seriousViolations, shot, signInHere, signInUi } from './helpers';

/**
 * People in the team console (docs/product.md "Team console", "People"): the team finds a client by e-mail, opens their
 * page and suspends them with a reason; the client's signed-in session ends at once and signing in again is refused
 * with the product's words.
 */
test('the team finds a user, suspends them, and the user can no longer sign in', async ({ page, client, operator }) => {
  // The client is signed in (its own API session) before the team acts.
  expect((await client.request.get('/api/sessions')).status()).toBe(200);

  await page.context().clearCookies();
  await signInUi(page, operator);
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
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'admin-user-suspended');

  // The client's session has ended, and signing in is refused in the product's words.
  expect((await client.request.get('/api/sessions')).status()).toBe(401);
  await page.context().clearCookies();
  await page.goto('/login');
  await signInHere(page, client);
  await expect(page.getByText(messages.auth.suspended)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
