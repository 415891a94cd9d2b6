import { expect, test } from './test';
import { linkFromMailbox } from './fixtures/mailbox';
import { signInUi } from './helpers';

/**
 * Account pre-hijacking (docs/security.md "Account pre-hijacking"): an attacker signs up first with the victim's
 * e-mail and a password of theirs. The victim signs up too (the same answer as always), opens the confirmation
 * e-mail the attacker caused, is asked to choose their password, and from then on only the victim's password works.
 */

test('the inbox owner ends up the only one who can sign in after an attacker signed up with their e-mail first', async ({ page, browser }) => {
  const email = `prehijack-${Date.now()}@example.com`;
  const baseURL = test.info().project.use.baseURL!;
  // The attacker's own browser (its requests carry its Origin, as a browser's do).
  const attacker = await browser.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await attacker.request.post('/api/auth/sign-up/email', { data: { email, password: 'attacker-pass-1', name: '' } })).status()).toBe(200);

  // The victim signs up through the UI and is told to check the inbox, as for any sign-up.
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('victim-pass-2');
  await page.getByLabel('Confirm password').fill('victim-pass-2');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).last().click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The confirmation e-mail the attacker caused, opened by the victim: choose a password first.
  await page.goto(await linkFromMailbox(page, email, /http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^"<\s]+/));
  await expect(page).toHaveURL(/\/reset-password\?token=.+&welcome=1$/);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  expect((await attacker.request.post('/api/auth/sign-in/email', { data: { email, password: 'attacker-pass-1' } })).status()).toBe(401);
  await page.getByLabel('New password', { exact: true }).fill('victim-pass-2');
  await page.getByLabel('Confirm new password').fill('victim-pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your e-mail address is confirmed and your password is saved.')).toBeVisible();

  await signInUi(page, { email, password: 'victim-pass-2' });
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  expect((await attacker.request.post('/api/auth/sign-in/email', { data: { email, password: 'attacker-pass-1' } })).status()).toBe(401);
  await attacker.close();
});
