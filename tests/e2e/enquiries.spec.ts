import { expect, test } from './test';
import { searchTextMax } from '../../src/shared/constants';
import { messages } from '../../src/shared/messages';
import { shot } from './helpers';

/**
 * The enquiry forms' fields (docs/product.md "Enquiries"; the shared FormField): required fields are
 * aria-required with a visual asterisk, optional ones say so, an inline error describes its own field, and a
 * hint (the character counter) describes the text box.
 */
test('the contact form wires labels and inline errors to its fields, then sends the message', async ({ page }) => {
  await page.goto('/contact');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await expect(name).toHaveAttribute('aria-required', 'true');
  await expect(page.getByLabel('Subject (optional)')).not.toHaveAttribute('aria-required');

  await name.fill('Dana Visitor');
  await email.fill('dana@');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Do you offer sessions for a team of five analysts?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(messages.auth.invalidEmail);
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await shot(page, 'contact-error');

  await email.fill('dana@example.com');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent!' })).toBeVisible();
});

test('the search request counts characters in a hint that describes the text box', async ({ page }) => {
  await page.goto('/search');
  const request = page.getByLabel('What are you looking for?');
  await expect(request).toHaveAttribute('aria-required', 'true');
  await request.fill('A mentor in brand strategy');
  await expect(request).toHaveAccessibleDescription(`Characters used: 26/${searchTextMax}`);
  await shot(page, 'search-request');
});
