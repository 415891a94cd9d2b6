/**
 * Messages (docs/product.md "Messages"): a visitor who wants to message an expert signs in and comes back to the
 * profile; the client writes from there; the expert, signed in in another browser, sees the unread count arrive in
 * the header and the message in the open conversation without reloading, and replies; the client sees the reply and
 * "Seen" under their message. Enter sends, Shift+Enter starts a new line, an empty message is refused in words,
 * links open in a new tab with rel="noopener nofollow ugc". A message left unread is e-mailed (the dev mailbox), and
 * the e-mail's link opens the conversation; the recipient switches these e-mails off on /account. A message may be
 * only a file. A blocked client's open page learns the block (and the unblock) at once and cannot send; the team sees
 * the report and its file, suspends the client's messaging and lifts it. A page whose stream dropped gets what it missed, once, in order.
 */
import { expect, test, waitingForApp } from './test';
import { makePdf } from '../helpers/uploads';
import { linkFromMailbox } from './fixtures/mailbox';
import type { Account, Expert } from './fixtures/marketplace';
import { shot, signInAs, signInHere, signInAsTeam } from './helpers';

/** `client`'s conversation with `expert`, started through the API, and a sender of `client`'s messages to it (201 expected). */
async function conversationViaApi(client: Account, expert: Expert) {
  const started = await client.request.post('/api/conversations', { data: { expertId: expert.expertId } });
  const { conversation } = (await started.json()) as { conversation: { id: string } };
  const send = async (body: string) =>
    expect((await client.request.post(`/api/conversations/${conversation.id}/messages`, { data: { id: crypto.randomUUID(), body } })).status()).toBe(201);
  return { conversation, send };
}

test('a client messages an expert from the profile; the expert sees it live, replies, and the client sees the reply and "Seen"', async ({
  page,
  browser,
  client,
  expert,
}) => {
  test.setTimeout(120_000);
  const expertContext = await browser.newContext();
  const expertPage = waitingForApp(await expertContext.newPage());
  await signInAs(expertPage, expert);
  await expertPage.goto('/dashboard/expert');
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
  // A placeholder that fits a phone's box; the keys are said beside it.
  await expect(box).toHaveAttribute('placeholder', 'Write a message…');
  await expect(box).toHaveAccessibleDescription(/Enter sends, Shift\+Enter starts a new line\./);

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

test('an unread message is e-mailed to the expert, whose link opens the conversation; the expert switches these e-mails off on /account', async ({
  page,
  client,
  expert,
}) => {
  test.setTimeout(90_000);
  // The client writes while the expert is away (MESSAGE_EMAIL_DELAY_MS is short in playwright.config.ts).
  const { conversation, send } = await conversationViaApi(client, expert);
  await send('Hello! Are you free next week for a mock interview?');

  const link = await linkFromMailbox(page, expert.email, new RegExp(`http://localhost:\\d+/messages/${conversation.id}`));
  const mailbox = await (await page.request.get(`/dev/mailbox?to=${encodeURIComponent(expert.email)}`)).text();
  const mail = mailbox.split('<article>').find((a) => a.includes(expert.email) && a.includes(conversation.id))!;
  expect(mail).toContain(`New message from ${client.name}`);
  expect(mail).toContain('Are you free next week for a mock interview?');

  await page.goto(new URL(link).pathname);
  await signInHere(page, expert);
  await expect(page).toHaveURL(new RegExp(`/messages/${conversation.id}$`));
  await expect(page.getByRole('log', { name: `Messages with ${client.name}` }).getByText('Are you free next week')).toBeVisible();

  await page.goto('/account');
  const toggle = page.getByRole('checkbox', { name: 'E-mail me about unread messages' });
  await expect(toggle).toBeChecked();
  await shot(page, 'account-message-emails');
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText('E-mails about unread messages are off.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'E-mail me about unread messages' })).not.toBeChecked();
});

test('the expert blocks a client, whose open page learns it at once, and unblocks; the client sends only a file; the team sees and downloads it, suspends the client’s messaging and lifts it', async ({
  page,
  browser,
  client,
  expert,
  operator,
}) => {
  test.setTimeout(180_000);
  const { conversation, send } = await conversationViaApi(client, expert);
  await send('Please pay me outside Mentora.');

  // The client has the conversation open and sends a file with no text.
  const clientContext = await browser.newContext();
  const clientPage = waitingForApp(await clientContext.newPage());
  await signInAs(clientPage, client);
  await clientPage.goto(`/messages/${conversation.id}`);
  const clientBox = clientPage.getByLabel(`Message to ${expert.name}`);
  await expect(clientBox).toBeVisible();
  await clientPage.getByRole('button', { name: 'Send' }).click();
  await expect(clientPage.getByText('Please write a message before sending it.')).toBeVisible();
  await clientPage.getByLabel('Attach a file').setInputFiles({ name: 'bank-details.pdf', mimeType: 'application/pdf', buffer: await makePdf(['Pay here']) });
  await expect(clientPage.getByRole('button', { name: 'Remove bank-details.pdf' })).toBeVisible();
  await clientBox.press('Enter');
  const clientLog = clientPage.getByRole('log', { name: `Messages with ${expert.name}` });
  await expect(clientLog.getByRole('link', { name: /bank-details\.pdf/ })).toBeVisible();
  await expect(clientPage.getByText('Please write a message before sending it.')).toHaveCount(0);

  // The expert blocks them: the client's open page shows the notice instead of the text box, without a reload.
  await signInAs(page, expert);
  await page.goto(`/messages/${conversation.id}`);
  await expect(page.getByRole('log', { name: `Messages with ${client.name}` }).getByRole('link', { name: /bank-details\.pdf/ })).toBeVisible();
  let clientReloads = 0;
  clientPage.on('framenavigated', (frame) => {
    if (frame === clientPage.mainFrame()) clientReloads++;
  });
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Block ${client.name}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: `You blocked ${client.name}. Unblock them to send a message.` })).toBeVisible();
  await expect(page.getByLabel(`Message to ${client.name}`)).toHaveCount(0);
  await expect(clientPage.getByText('You can no longer send messages in this conversation: the other person has blocked you.')).toBeVisible();
  await expect(clientPage.getByLabel(`Message to ${expert.name}`)).toHaveCount(0);
  await shot(clientPage, 'messages-blocked');

  // Unblocking gives the client's page its text box back, live too; the expert blocks again.
  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(clientPage.getByLabel(`Message to ${expert.name}`)).toBeVisible();
  await expect(clientPage.getByText('the other person has blocked you')).toHaveCount(0);
  expect(clientReloads).toBe(0);
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Block ${client.name}?` })
    .getByRole('button', { name: 'Block' })
    .click();
  await expect(clientPage.getByLabel(`Message to ${expert.name}`)).toHaveCount(0);
  await clientContext.close();

  // The expert reports the conversation.
  await page.getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report this conversation' });
  await report.getByLabel('What is wrong?').fill('Asks me to take payment outside Mentora.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. The Mentora team will look at this conversation.')).toBeVisible();

  // The team finds it in the console, reads the conversation and its file (both recorded) and suspends the client's messaging.
  await page.context().clearCookies();
  await signInAsTeam(page, operator);
  await page.goto('/admin/message-reports');
  await page.getByRole('link', { name: new RegExp(`${expert.name} reported ${client.name}`) }).click();
  const reported = page.getByRole('list', { name: 'Reported conversation' });
  await expect(reported.getByText('Please pay me outside Mentora.')).toBeVisible();
  await expect(page.getByText('Asks me to take payment outside Mentora.')).toBeVisible();
  const file = reported.getByRole('link', { name: /bank-details\.pdf/ });
  await expect(file).toBeVisible();
  const downloaded = await page.request.get((await file.getAttribute('href'))!);
  expect(downloaded.status()).toBe(200);
  expect(downloaded.headers()['content-type']).toBe('application/pdf');
  await shot(page, 'admin-message-report');
  await page.getByRole('button', { name: `Suspend ${client.name}'s messaging` }).click();
  await expect(page.getByText(`${client.name}'s messaging was suspended`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lift Messaging Suspension' })).toBeVisible();
  await shot(page, 'admin-message-report-suspended');
  const audit = (await (await operator.request.get('/api/admin/audit?pageSize=50')).json()) as { items: { action: string; targetId: string }[] };
  for (const action of ['message-report.view', 'message-report.attachment'])
    expect(audit.items.some((e) => e.action === action && e.targetId === conversation.id)).toBe(true);

  // The client's page in the console shows the suspension; the team lifts it there with a note.
  await page.goto(`/admin/users/${client.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Messaging suspended' })).toBeVisible();
  await shot(page, 'admin-user-messaging-suspended');
  await page.getByRole('button', { name: 'Lift Messaging Suspension' }).click();
  const lift = page.getByRole('dialog', { name: `Let ${client.name} send messages again?` });
  await lift.getByRole('button', { name: 'Lift Messaging Suspension' }).click();
  await expect(lift.getByText('Please give a reason')).toBeVisible();
  await lift.getByLabel('Note to the person').fill('We spoke with you; please keep payments on Mentora.');
  await lift.getByRole('button', { name: 'Lift Messaging Suspension' }).click();
  await expect(page.getByText('Messaging suspension lifted. The person has been e-mailed.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Messaging suspended' })).toHaveCount(0);
  await page.goBack();
  await expect(page.getByText('The suspension has since been lifted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lift Messaging Suspension' })).toHaveCount(0);
});

test('a page whose stream dropped mid-conversation gets the three messages sent meanwhile, once each and in order, when it reconnects', async ({
  page,
  client,
  expert,
}) => {
  test.setTimeout(90_000);
  const { conversation, send } = await conversationViaApi(client, expert);
  await send('Are you there?');

  await signInAs(page, expert);
  await page.goto(`/messages/${conversation.id}`);
  const log = page.getByRole('log', { name: `Messages with ${client.name}` });
  await expect(log.getByText('Are you there?')).toBeVisible();
  // Live before the drop.
  await send('Still live');
  await expect(log.getByText('Still live')).toBeVisible();

  // The connection drops (the server ends it: TEST_HOOKS) and the browser's reconnection is held back while three
  // messages are sent.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let reconnects = 0;
  // Any other way the page could learn of the messages (re-reading the conversation) is recorded from here on.
  const rereads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/conversations/${conversation.id}/messages`)) rereads.push(request.url());
  });
  await page.route('**/api/messages/stream', async (route) => {
    reconnects++;
    await held;
    await route.continue();
  });
  expect((await page.request.post('/api/test/messages/streams/drop', { data: {} })).status()).toBe(200);
  await expect.poll(() => reconnects, { timeout: 15_000 }).toBeGreaterThan(0);
  const away = ['First while you were away', 'Second while you were away', 'Third while you were away'];
  for (const body of away) await send(body);
  await expect(log.getByText(away[0]!)).toHaveCount(0);

  // The reconnection goes through: the stream resumes from the last event it saw (Last-Event-ID), and the three
  // arrive once each, in order, through it — the page does not re-read the conversation, nor reload.
  release();
  await expect(log.getByText(away[2]!)).toBeVisible({ timeout: 20_000 });
  expect(reconnects).toBe(1);
  expect(rereads).toEqual([]);
  for (const body of away) await expect(log.getByText(body, { exact: true })).toHaveCount(1);
  const shown = await log.locator('p, span, div').allInnerTexts();
  const order = away.map((body) => shown.findIndex((text) => text.trim() === body));
  expect(order.every((index) => index >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
});

test('a client attaches a PDF to a message; it shows as a download link that the expert can download and a stranger cannot', async ({
  page,
  client,
  expert,
  market,
}) => {
  test.setTimeout(90_000);
  const { conversation, send } = await conversationViaApi(client, expert);
  await send('Hello! My CV follows.');
  await signInAs(page, client);
  await page.goto(`/messages/${conversation.id}`);
  const box = page.getByLabel(`Message to ${expert.name}`);
  await page.getByLabel('Attach a file').setInputFiles({ name: 'casey-cv.pdf', mimeType: 'application/pdf', buffer: await makePdf(['Casey', 'CV']) });
  await expect(page.getByRole('button', { name: 'Remove casey-cv.pdf' })).toBeVisible();
  await box.fill('Here it is.');
  await box.press('Enter');
  const link = page.getByRole('log', { name: `Messages with ${expert.name}` }).getByRole('link', { name: /casey-cv\.pdf/ });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  expect((await expert.request.get(href)).status()).toBe(200);
  const stranger = await market.client();
  expect((await stranger.request.get(href)).status()).toBe(404);
});
