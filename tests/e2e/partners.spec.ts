/**
 * Partners (docs/product.md "Partners"): the team creates an organisation from a partner enquiry in the inbox and
 * invites its manager; the manager accepts the e-mailed invitation, buys credit with the test card and sees the
 * balance and the ledger at /partner.
 */
import { expect, test } from './test';
import { linkFromMailbox } from './fixtures/mailbox';
import { shot, signInAsTeam, visa } from './helpers';

test('the team creates an organisation from an enquiry and invites a manager, who accepts and buys credit by card', async ({ page, operator, client }) => {
  const organisation = `Northfield University ${Date.now().toString(36)}`;
  const enquiry = await client.request.post('/api/partner-enquiries', {
    data: { name: client.name, email: client.email, businessType: 'University', description: 'Our careers office wants mentoring for 300 students.' },
  });
  expect(enquiry.ok(), await enquiry.text()).toBe(true);

  await signInAsTeam(page, operator);
  await page.goto('/admin/inbox?kind=partner');
  const item = page.getByRole('article').filter({ hasText: client.email });
  await item.getByRole('link', { name: 'Create organisation' }).click();
  await expect(page.getByLabel('Billing e-mail')).toHaveValue(client.email);
  await page.getByLabel('Name', { exact: true }).fill(organisation);
  await page.getByLabel('Kind').selectOption('university');
  await page.getByLabel("Members' e-mail domains (optional)").fill('northfield.example');
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByRole('heading', { name: organisation })).toBeVisible();
  await expect(page.getByRole('link', { name: 'a partner enquiry' })).toBeVisible();

  const invite = page.getByRole('form', { name: 'Invite a manager' });
  await invite.getByLabel('E-mail').fill(client.email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${client.email} — invited`)).toBeVisible();
  await shot(page, 'partners-console-organisation');

  // The manager, in their own browser session, follows the e-mailed link.
  const link = await linkFromMailbox(page, client.email, /https?:\/\/[^/"<\s]+\/partner\/invitations\/[A-Za-z0-9_-]+/);
  await page.context().clearCookies();
  await page.context().addCookies((await client.request.storageState()).cookies);
  await page.goto(new URL(link).pathname);
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page.getByRole('heading', { name: organisation })).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('$0.00');

  const buy = page.getByRole('form', { name: 'Buy credit by card' });
  await buy.getByLabel('Amount (USD)').fill('500');
  await buy.getByLabel('Cardholder name').fill(visa.cardholderName);
  await buy.getByLabel('Card number').fill(visa.number);
  await buy.getByLabel('Expiry').fill(visa.expiry);
  await buy.getByLabel('CVC').fill(visa.cvc);
  await buy.getByRole('button', { name: 'Pay and add credit' }).click();
  await expect(page.getByTestId('credit-balance')).toHaveText('$500.00');
  const ledger = page.getByRole('table', { name: 'Every change of the credit, newest first' });
  await expect(ledger.getByRole('row').nth(1)).toContainText('Purchase');
  await expect(ledger.getByRole('row').nth(1)).toContainText('Visa ending 4242');
  await expect(ledger.getByRole('row').nth(1)).toContainText('+$500.00');
  await shot(page, 'partners-manager-organisation');

  await page.goto('/partner');
  await expect(page.getByRole('link', { name: new RegExp(organisation) })).toContainText('Available credit: $500.00');
});
