import { axeViolations } from './axe';
import { expect, test, waitingForApp } from './test';
import { shot, signInUi, signUpAsExpert } from './helpers';

/**
 * Changing the password offers to sign out other sessions: a new account changes its
 * password on /account with "Sign out of other devices"; its other browser is signed out, this one is not,
 * and the new password signs in.
 */
test('changing the password signs out the other browser and the new password signs in', async ({ page, browser }) => {
  const email = `settings-${Date.now()}@example.com`;
  await signUpAsExpert(page, { email, firstName: 'Priya', lastName: 'Settings' });

  // A second browser signed in to the same account.
  const other = await browser.newContext();
  const otherPage = waitingForApp(await other.newPage());
  await signInUi(otherPage, { email, password: 'a-good-password' });
  await expect(otherPage).toHaveURL(/\/dashboard\/expert$/);

  // The header's account menu leads to the settings page.
  await page.getByRole('banner').getByRole('button', { name: /Priya/ }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const submit = page.getByRole('button', { name: 'Change password' });
  await submit.click();
  await expect(page.getByText('Please fill in all fields').first()).toBeVisible();
  await page.locator('#current-password').fill('a-good-password');
  await page.locator('#new-password').fill('abc');
  await page.locator('#confirm-new-password').fill('abd');
  await submit.click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]); // with the errors shown

  // A common password is refused by the server; a wrong current password too.
  await page.locator('#new-password').fill('password123');
  await page.locator('#confirm-new-password').fill('password123');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('This password is too common. Please choose a less common one.');
  await page.locator('#current-password').fill('not-my-password');
  await page.locator('#new-password').fill('violet-harbour-42');
  await page.locator('#confirm-new-password').fill('violet-harbour-42');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is not correct');

  await page.locator('#current-password').fill('a-good-password');
  await expect(page.getByLabel('Sign out of other devices')).toBeChecked();
  await shot(page, 'account-settings');
  await submit.click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await expect(page.locator('#current-password')).toHaveValue('');

  // The other browser is signed out; this one is still signed in.
  await otherPage.goto('/dashboard/expert');
  await expect(otherPage).toHaveURL(/\/signup\?next=%2Fdashboard%2Fexpert$/);
  await other.close();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();

  // Sign out, then the old password fails and the new one works.
  await page.getByRole('banner').getByRole('button', { name: /Priya/ }).click();
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  // Signing out loads the landing page afresh: let it finish before opening the next page.
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await signInUi(page, { email, password: 'a-good-password' });
  await expect(page.getByRole('alert')).toBeVisible();
  await signInUi(page, { email, password: 'violet-harbour-42' });
  await expect(page).toHaveURL(/\/dashboard\/expert$/);
});

test('/account sends anonymous visitors to sign in', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/signup\?next=%2Faccount$/);
});
