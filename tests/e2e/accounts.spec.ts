import { expect, test } from './test';
import { linkFromMailbox } from './fixtures/mailbox';
import { signInUi } from './helpers';

test('a new visitor signs up, verifies the e-mail, completes the profile, sees the dashboard and signs out', async ({ page }) => {
  const email = `newcomer-${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();

  // The product's validation messages, in order.
  const submit = page.getByRole('button', { name: 'Sign Up', exact: true }).last();
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abd');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm password').fill('abc');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters long');

  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByLabel('Confirm password').fill('a-good-password');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await submit.click();
  await expect(page.getByRole('status')).toHaveText(`Please check your email (${email}) and click the confirmation link to activate your account.`);

  // The link in the dev mailbox verifies the address and signs the visitor in.
  const link = await linkFromMailbox(page, email, /http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^"<\s]+/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
  await page.getByLabel('First name *').fill('Nadia');
  await page.getByLabel('Last name *').fill('Okafor');
  await page.getByRole('radio', { name: /Client/ }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/dashboard\/client$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Nadia' })).toBeVisible();
  await expect(page.getByText('Not provided')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find Your First Expert' })).toHaveAttribute('href', '/results');

  // Header menu shows the first name; Sign Out clears the session and goes home.
  await page.getByRole('banner').getByRole('button', { name: /Nadia/ }).click();
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard/client');
  await expect(page).toHaveURL(/\/signup\?next=%2Fdashboard%2Fclient$/);
});

test('an expert lands on the expert dashboard; a signed-in visitor to /signup sees Go to Dashboard', async ({ page, expert }) => {
  await signInUi(page, expert);
  await expect(page).toHaveURL(/\/dashboard\/expert$/);
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/dashboard/expert/profile');
  await page.goto('/signup');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard/expert');
  await page.goto('/dashboard/client');
  await expect(page).toHaveURL(/\/dashboard\/expert$/);
});

test('a wrong password shows the service message in a red box', async ({ page, client }) => {
  await signInUi(page, { email: client.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('Google sign-in is offered only when it is configured: without it, no button and no word of it', async ({ page }) => {
  const config = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/config');
  await page.goto('/signup');
  await config;
  await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await expect(page.getByText(/Google/)).toHaveCount(0);
});
