import { expect, test, type Page } from './test';
import { seriousViolations } from './axe';
import { enrolTwoFactorUi, shot, signInUi, signUpAsExpert } from './helpers';
import { totp } from '../helpers/totp';
import { linkFromMailbox } from './fixtures/mailbox';
import { unusedTotp } from './fixtures/totp-secrets';
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
  await page.getByLabel('Authentication code').fill(await unusedTotp(new URL(page.url()).origin, email, secret));
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
  await expect(page).toHaveURL(/\/account\?next=%2Fadmin%2Fapplications$/);
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
  // Saving the backup codes lands back in the console, on the page asked for.
  await enrolTwoFactorUi(page, member);
  await expect(page).toHaveURL(/\/admin\/applications$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team console');
});

test('an account that signs in only with Google is asked to set a password first, sets one by e-mail, and can then turn on two-factor sign-in', async ({
  page,
  market,
}) => {
  const client = await market.client();
  // Google is not configured in the journeys: /api/auth/list-accounts answers as it does for an account whose only way
  // in is Google (tests/security/password-less-account.test.ts checks that answer on the server).
  await page.route('**/api/auth/list-accounts', (route) =>
    route.fulfill({
      json: [
        {
          id: 'account-1',
          providerId: 'google',
          accountId: 'google-1',
          userId: client.id,
          scopes: [],
          createdAt: '2026-11-01T00:00:00.000Z',
          updatedAt: '2026-11-01T00:00:00.000Z',
        },
      ],
    }),
  );
  await signInUi(page, client);
  await page.goto('/account');
  await expect(page.getByRole('note').filter({ hasText: 'You sign in with Google, which has its own two-step verification' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up two-factor sign-in' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change password' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'account-without-password');
  // Deleting such an account is confirmed by a recent sign-in, not a password it does not have.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog').getByText('Your account has no password, so deleting it needs a sign-in within the last 10 minutes.')).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Your password')).toHaveCount(0);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'E-mail me a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a link to ${client.email}.` })).toBeVisible();
  const link = await linkFromMailbox(page, client.email, /http:\/\/localhost:\d+\/api\/auth\/reset-password\/[^"<\s]+/);
  await page.unroute('**/api/auth/list-accounts');
  await page.goto(link.replace(/^http:\/\/localhost:\d+/, ''));
  await page.getByLabel('New password', { exact: true }).fill('my-first-password-1');
  await page.getByLabel('Confirm new password').fill('my-first-password-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('You can now sign in with the new password.')).toBeVisible();

  await signInUi(page, { email: client.email, password: 'my-first-password-1' });
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByLabel('Your password').fill('my-first-password-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Scan this QR code', { exact: false })).toBeVisible();
});
