/**
 * Messages (docs/product.md "Messages"): a visitor who wants to message an expert signs in and comes back to the
 * profile; the client writes from there; the expert, signed in in another browser, sees the unread count arrive in
 * the header and the message in the open conversation without reloading, and replies; the client sees the reply and
 * "Seen" under their message. Enter sends, Shift+Enter starts a new line, an empty message is refused in words,
 * links open in a new tab with rel="noopener nofollow ugc".
 */
import { expect, test, waitingForApp } from './test';
import { shot, signInHere, signInUi } from './helpers';

test('a client messages an expert from the profile; the expert sees it live, replies, and the client sees the reply and "Seen"', async ({
  page,
  browser,
  client,
  expert,
}) => {
  test.setTimeout(120_000);
  const expertContext = await browser.newContext();
  const expertPage = waitingForApp(await expertContext.newPage());
  await signInUi(expertPage, expert);
  await expect(expertPage).toHaveURL(/\/dashboard\/expert$/);
  await expect(expertPage.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  // A visitor is sent to sign in and comes back to the profile.
  await page.goto(`/expert/${expert.slug}`);
  await page.getByRole('link', { name: `Message ${expert.firstName}` }).click();
  await expect(page).toHaveURL(/\/signup\?next=/);
  await signInHere(page, client);
  await expect(page).toHaveURL(new RegExp(`/expert/${expert.slug}$`));
  await expect(page.getByRole('button', { name: `Message ${expert.firstName}` })).toBeVisible();
  await shot(page, 'messages-profile-button');

  await page.getByRole('button', { name: `Message ${expert.firstName}` }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: expert.name })).toBeVisible();
  const box = page.getByLabel(`Message to ${expert.name}`);

  // An empty message is refused in the product's words; Enter sends, Shift+Enter starts a new line.
  await box.fill('   ');
  await box.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Please write a message before sending it.');
  await box.fill('Hello! Could you help me prepare for a staff engineer interview?');
  await box.press('Shift+Enter');
  await box.pressSequentially('My notes: https://example.com/notes.');
  await box.press('Enter');
  const log = page.getByRole('log', { name: `Messages with ${expert.name}` });
  await expect(log.getByText('Could you help me prepare')).toBeVisible();
  await expect(box).toHaveValue('');
  const link = log.getByRole('link', { name: 'https://example.com/notes' });
  await expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
  await expect(link).toHaveAttribute('target', '_blank');

  // The expert's header counts it without a reload.
  await expect(expertPage.getByRole('banner').getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  await expertPage.getByRole('banner').getByRole('link', { name: 'Messages, 1 unread' }).click();
  await expect(expertPage).toHaveURL(/\/messages$/);
  const row = expertPage.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(client.name) });
  await expect(row).toContainText('1 unread');
  await row.click();
  const expertLog = expertPage.getByRole('log', { name: `Messages with ${client.name}` });
  await expect(expertLog.getByText('Could you help me prepare')).toBeVisible();
  // Opening it reads it.
  await expect(expertPage.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await expect(page.getByTestId('seen')).toBeVisible();

  // A message arrives in the open conversation without a reload.
  await box.fill('I am free on Thursday.');
  await box.press('Enter');
  await expect(expertLog.getByText('I am free on Thursday.')).toBeVisible();

  await expertPage.getByLabel(`Message to ${client.name}`).fill('Happy to help. Thursday works for me.');
  await expertPage.getByLabel(`Message to ${client.name}`).press('Enter');
  await expect(log.getByText('Happy to help. Thursday works for me.')).toBeVisible();
  // "Seen" sits under the client's last message the expert has read.
  await expect(page.getByTestId('seen')).toHaveCount(1);
  await expect(log.locator('div', { has: page.getByText('I am free on Thursday.') }).getByTestId('seen')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  await shot(page, 'messages-conversation');
  await expertPage.goto('/messages');
  await shot(expertPage, 'messages-inbox');
  await expertContext.close();
});
