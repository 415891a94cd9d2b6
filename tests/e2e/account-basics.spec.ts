import { readFile } from 'node:fs/promises';
import { messages } from '../../src/shared/messages';
import { tinyPng } from '../helpers/uploads';
import { accountPassword } from './fixtures/marketplace';
import { seriousViolations } from './axe';
import { bookViaApi, shot, signInUi, signUpAs } from './helpers';
import { expect, test } from './test';

/**
 * Account basics (docs/product.md "Account"): a new client edits name, phone, photo and time zone on /account,
 * downloads the export (a JSON file with what was just saved), and deletes the account after a refused wrong
 * password; the account cannot sign in afterwards.
 */
test('a new account edits its details, downloads its data and deletes itself', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = `basics-${Date.now()}@example.com`;
  await signUpAs(page, { email, firstName: 'Nora', lastName: 'Initial' }, 'Client');

  await page.goto('/account');
  const details = page.locator('form', { has: page.getByRole('heading', { name: 'Your details' }) });
  await details.getByLabel('Last name').fill('Newname');
  await details.getByLabel('Phone').fill('call me');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByRole('alert')).toHaveText('Please enter a valid phone number');
  await details.getByLabel('Phone').fill('+1 555 0199');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByRole('status')).toHaveText(`${messages.account.detailsSaved}.`);
  await expect(page.getByText('Signed in as Nora Newname')).toBeVisible();

  const photo = page.locator('section', { has: page.getByRole('heading', { name: 'Photo' }) });
  await photo.locator('input[type=file][name=photo]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(photo.getByRole('progressbar')).toHaveCount(0);
  await expect(photo.getByText('Not saved yet. Press Save photo to keep it.')).toBeVisible();
  await photo.getByRole('button', { name: 'Save photo' }).click();
  await expect(photo.getByRole('status')).toHaveText(`${messages.account.photoSaved}.`);
  await expect(photo.getByRole('img', { name: 'Preview of Nora Newname' })).toHaveAttribute('src', /^\/api\/files\//);

  const zone = page.locator('form', { has: page.getByRole('heading', { name: 'Time zone' }) });
  await page.getByLabel('Time zone').fill('Berlin');
  await page.getByRole('option', { name: /^Europe\/Berlin / }).click();
  await zone.getByRole('button', { name: 'Save time zone' }).click();
  await expect(zone.getByRole('status')).toHaveText('Time zone saved.');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'account-basics');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mentora-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(data.account).toMatchObject({ email, fullName: 'Nora Newname', phone: '+1 555 0199', timeZone: 'Europe/Berlin' });
  expect(data.account.profilePictureUrl).toMatch(/^\/api\/files\//);
  expect(data.files).toEqual([expect.objectContaining({ purpose: 'photo', contentType: 'image/png' })]);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(messages.account.wrongPassword);
  await shot(page, 'account-basics-delete');
  await dialog.getByLabel('Your password').fill(accountPassword);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  expect((await (await page.request.get('/api/me')).json()).user).toBeNull();

  await signInUi(page, { email, password: accountPassword });
  await expect(page.getByRole('alert')).toBeVisible();
  expect((await (await page.request.get('/api/me')).json()).user).toBeNull();
});

test('what keeps an account from being deleted is said before the password is asked for', async ({ page, client, expert }) => {
  await signInUi(page, client);
  await bookViaApi(page.request, expert.slug, 3, 'Before deleting');
  await page.goto('/account');
  const blockers = page.locator('#deletion-blockers');
  await expect(blockers).toContainText('Before you can delete your account:');
  await expect(blockers.getByRole('listitem')).toHaveText([messages.account.upcomingSession, messages.account.moneyHeld]);
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeDisabled();
  await blockers.scrollIntoViewIfNeeded();
  await shot(page, 'account-deletion-blockers');
});
