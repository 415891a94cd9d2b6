import { expect, test } from './test';

/**
 * docs/security.md "Opened at another address": the journeys' server has BASE_URL=http://localhost:PORT; opened
 * at 127.0.0.1 instead, sign-in says which address to open and never claims to have sent a confirmation link.
 */
test('signing in at another address of the server names the address to open, and sends no confirmation link', async ({ page, client, baseURL }) => {
  const base = new URL(baseURL!);
  await page.goto(`http://127.0.0.1:${base.port}/login`);
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill(client.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('alert')).toContainText(`This page is open at an address Mentora doesn't use. Open ${base.origin} and try again.`);
  await expect(page.getByText('new confirmation link')).toHaveCount(0);
});
