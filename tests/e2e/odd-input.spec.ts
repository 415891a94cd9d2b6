/**
 * Odd input gets a clear answer (docs/product.md "Search and catalogue", "Accounts and sign-in"): a page number past
 * the end, a hand-made search longer than the box allows, a malformed e-mail address, and no error box before
 * anything went wrong.
 */
import { expect, test } from './test';

test('a page past the last one says so and links to the last page', async ({ page }) => {
  await page.goto('/results?page=999');
  await expect(page.getByRole('heading', { name: 'There is no page 999' })).toBeVisible();
  await expect(page.getByText(/^Showing /)).toHaveCount(0);
  const last = page.getByRole('link', { name: /^Go to page \d+$/ });
  const lastPage = Number((await last.textContent())!.replace('Go to page ', ''));
  await last.click();
  await expect(page).toHaveURL(new RegExp(`page=${lastPage}$`));
  const showing = (await page.getByText(/^Showing /).textContent())!;
  const [, from, to, total] = /^Showing ([\d,]+)–([\d,]+) of ([\d,]+)/.exec(showing)!.map((n) => Number(n.replaceAll(',', '')));
  expect(from).toBe((lastPage - 1) * 12 + 1);
  expect(to).toBe(total);
  expect(await page.locator('main ul.grid > li').count()).toBe(to! - from! + 1);
});

test('a search longer than the limit shows the limit, not the text', async ({ page }) => {
  await page.goto(`/results?query=${'a'.repeat(401)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search text too long');
  await expect(page.getByRole('alert')).toHaveText('Search text must be 400 characters or fewer');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
});

test('sign-in and sign-up show no error before one happens, and a malformed address in the product words', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('Email').fill('no-at-sign');
  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  await page.getByLabel('Confirm password').fill('correct-horse');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).last().click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
});
