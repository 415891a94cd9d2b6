import { expect, test, type Page } from './test';
import { enrolTwoFactorUi, seriousViolations, shot, signInUi, signUpAsExpert } from './helpers';
import { totp } from '../helpers/totp';
import { newTeamMemberEmail } from './fixtures/team';

/**
 * Two-factor sign-in (docs/security.md "Two-factor sign-in"): a new account enrols an authenticator app on
 * /account with a code computed from the setup key, signs out, signs in with a code, then with a backup code
 * once (the same backup code is refused the second time); a team member without it is sent to set it up before
 * the team console opens.
 */

async function signOut(page: Page) {
  await page.context().clearCookies({ name: /session/ });
  await page.goto('/');
}

/** The password step of the sign-in form, up to the code step. */
async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('a new account turns on two-factor sign-in, then signs in with a code and with a backup code once', async ({ page }) => {
  const email = `two-factor-${Date.now()}@example.com`;
  const password = 'a-good-password';
  await signUpAsExpert(page, { email, firstName: 'Tove', lastName: 'Factor' });

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // A wrong password is refused before anything is shown.
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByLabel('Your password').fill('not-my-password');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is not right. Please try again.');
  await page.getByRole('button', { name: 'Cancel' }).click();

  const { secret, backupCodes } = await enrolTwoFactorUi(page, { email, password });
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  expect(backupCodes).toHaveLength(10);
  await expect(page.getByText(/^On: signing in asks for a code/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Sign out; the password alone opens nothing: a code is asked for.
  await signOut(page);
  await passwordStep(page, email, password);
  await shot(page, 'two-factor-code-step');
  expect(await seriousViolations(page)).toEqual([]);
  expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
  await page.getByLabel('Authentication code').fill(String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code did not work');
  await page.getByLabel('Authentication code').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert$/);

  // A backup code signs in once.
  await signOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert$/);

  await signOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code did not work');
  expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
  // Another backup code still works.
  await page.getByLabel('Backup code').fill(backupCodes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert$/);
});

test('a team member without two-factor sign-in is sent to set it up before the team console opens', async ({ page, market }) => {
  // A newcomer to the team (ADMIN_EMAILS lists the address), signed up like anyone else.
  const member = await market.account({ email: newTeamMemberEmail });
  await signInUi(page, member, { enrolTeam: false });
  const me = async () => (await (await page.request.get('/api/me')).json()).user as { role: string; twoFactorEnabled: boolean };
  expect(await me()).toMatchObject({ role: 'admin', twoFactorEnabled: false });

  await page.goto('/admin/applications');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('The team console needs two-factor sign-in. Set it up here to open it.')).toBeVisible();
  const refused = await page.request.get('/api/admin/applications');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toBe('The team console needs two-factor sign-in. Set it up on your account page first.');
  await shot(page, 'two-factor-admin-required');

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByLabel('Your password').fill(member.password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await shot(page, 'two-factor-enrol');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await enrolTwoFactorUi(page, member);
  await shot(page, 'two-factor-on');
  await page.getByRole('link', { name: 'Open the team console' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team console');
});
