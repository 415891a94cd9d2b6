/**
 * Partners (docs/product.md "Partners"): the team creates an organisation from a partner enquiry in the inbox and
 * invites its manager; the manager accepts the e-mailed invitation, buys credit with the test card and sees the
 * balance, the report and the ledger at /partner, downloads the purchase's receipt (PDF) and the ledger as CSV, and
 * pages back to it past twenty later purchases, in the purchases and in the ledger; the team reads its actions about
 * the organisation and its ledger on its console page, paged, reached from the manager's person page, and has the
 * managers' form to sponsor a workshop there; it removes a
 * manager who left there, with a reason. Access programmes ("Access programmes", "Booking with credit"): a manager
 * creates a programme for an invited list (a long address in it stays inside the card on a phone; a delivered
 * invitation shows as sent); a student joins by the e-mailed link, books a session the programme pays in full (no
 * card), another it pays in part (the rest by the test card), and cancels one: the credit returns; the manager
 * sponsors a workshop for the programme and the student takes a covered seat ("Sponsored workshops").
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { pdfText } from '../helpers/pdf-text';
import { tinyPng } from '../helpers/uploads';
import { linkFromMailbox } from './fixtures/mailbox';
import { pickBookableDay, pinClock, shot, signInAsTeam, visa } from './helpers';

test('the team creates an organisation from an enquiry and invites a manager, who accepts and buys credit by card', async ({ page, operator, client }) => {
  // Two roles' pages, twenty purchases and two paged lists each: about 40 s alone, near a minute on a loaded machine.
  test.setTimeout(120_000);
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
  // The team's actions about the organisation, newest first: the invitation, then its creation.
  const teamActions = page.getByRole('region', { name: 'Team actions' });
  await expect(teamActions.getByRole('listitem').first()).toContainText(`invited a manager of a partner organisation (${client.email})`);
  await expect(teamActions.getByRole('listitem').nth(1)).toContainText(`created a partner organisation (${organisation})`);
  const orgId = new URL(page.url()).pathname.split('/').pop()!;
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

  // The purchase is listed with its receipt, which downloads again as the PDF the e-mail carried.
  const purchases = page.getByRole('table', { name: 'Purchases of credit, newest first' });
  await expect(purchases.getByRole('row').nth(1)).toContainText('$500.00');
  await expect(purchases.getByRole('row').nth(1)).toContainText('Paid');
  const receiptLink = purchases.getByRole('link', { name: /^Receipt MEN-\d{4}-\d{6}/ });
  const receiptNumber = /MEN-\d{4}-\d{6}/.exec((await receiptLink.textContent()) ?? '')![0];
  const [receipt] = await Promise.all([page.waitForEvent('download'), receiptLink.click()]);
  expect(receipt.suggestedFilename()).toBe(`mentora-receipt-${receiptNumber}.pdf`);
  const receiptText = await pdfText(await readFile((await receipt.path())!));
  for (const words of [`Receipt number: ${receiptNumber}`, `Billed to: ${organisation}`, 'Credit bought: $500.00', 'Paid with: Visa ending 4242'])
    expect(receiptText).toContain(words);

  // The report: nothing spent yet, the weekly chart with its table; the ledger downloads as CSV.
  const report = page.getByRole('region', { name: 'Credit and report' });
  await expect(report.getByText('Spent on sessions')).toBeVisible();
  await report.getByRole('button', { name: 'Show table' }).click();
  await expect(report.getByRole('table', { name: 'Credit spent by week (UTC)' }).getByRole('row')).toHaveCount(13);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the ledger (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^mentora-ledger-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\n')[1]).toMatch(/^[^,]+,Purchase,50000,0,50000,\$500\.00,Visa ending 4242,/);
  // The sponsoring form says what is missing before anything is sent.
  await page.getByRole('button', { name: 'Sponsor a workshop' }).click();
  const sponsor = page.getByRole('form', { name: 'Sponsor a workshop' });
  await sponsor.getByRole('button', { name: 'Reserve the seats' }).click();
  await expect(sponsor.getByText('Please choose a workshop')).toBeVisible();
  await shot(page, 'partners-manager-report');

  await page.goto('/partner');
  await expect(page.getByRole('link', { name: new RegExp(organisation) })).toContainText('Available credit: $500.00');

  // Twenty bank transfers later the purchases come in pages: the card purchase is on the second, its receipt with it.
  for (let i = 1; i <= 20; i++) {
    const paid = await operator.request.post(`/api/admin/organisations/${orgId}/invoice-payments`, { data: { amountCents: 1_000, reference: `NF-${i}` } });
    expect(paid.status(), await paid.text()).toBe(201);
  }
  await page.goto(`/partner/${orgId}`);
  const purchasePages = page.getByRole('navigation', { name: 'Purchases pages' });
  await expect(purchasePages).toContainText('Page 1 of 2');
  await purchasePages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]purchases=2$/);
  await expect(purchases.getByRole('row')).toHaveCount(2);
  await expect(purchases.getByRole('row').nth(1)).toContainText('Visa ending 4242');
  await expect(purchases.getByRole('link', { name: new RegExp(`^Receipt ${receiptNumber}`) })).toBeVisible();
  await shot(page, 'partners-manager-purchases-page-2');
  // So does the ledger, past its twenty newest entries: the card purchase is the one entry on its second page.
  const ledgerPages = page.getByRole('navigation', { name: 'Ledger pages' });
  await expect(ledgerPages).toContainText('Page 1 of 2');
  await expect(ledger.getByRole('row').nth(1)).toContainText('bank transfer, reference NF-20');
  await ledgerPages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]ledger=2$/);
  await expect(ledger.getByRole('row')).toHaveCount(2);
  await expect(ledger.getByRole('row').nth(1)).toContainText('Visa ending 4242');
  await expect(ledgerPages).toContainText('Page 2 of 2');
  await shot(page, 'partners-manager-ledger-page-2');

  // The team opens the manager's page, follows it to the organisation they manage, and pages back to its creation.
  await signInAsTeam(page, operator);
  await page.goto(`/admin/users/${client.id}`);
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
  await expect(teamActions.getByText('No team actions yet.')).toBeVisible();
  await shot(page, 'admin-user-manages');
  await page.getByRole('link', { name: organisation }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/organisations/${orgId}$`));
  await expect(teamActions.getByRole('listitem').first()).toContainText("recorded a bank transfer as an organisation's credit of $10.00 (reference NF-20)");
  await teamActions.getByRole('navigation', { name: 'Team actions pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]actions=2$/);
  await expect(teamActions.getByRole('listitem')).toHaveCount(2);
  await expect(teamActions.getByRole('listitem').last()).toContainText(`created a partner organisation (${organisation})`);
  await shot(page, 'partners-console-team-actions');
  // The team reads the organisation's ledger a page at a time too, back to the manager's card purchase.
  await page.getByRole('navigation', { name: 'Ledger pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]ledger=2$/);
  await expect(ledger.getByRole('row')).toHaveCount(2);
  await expect(ledger.getByRole('row').nth(1)).toContainText('Visa ending 4242');
  await expect(ledger.getByRole('row').nth(1)).toContainText(`by ${client.name}`);
  await shot(page, 'partners-console-ledger-page-2');
  // The team may sponsor a workshop for the organisation's members too, with the managers' form and words.
  await page.getByRole('button', { name: 'Sponsor a workshop' }).click();
  const teamSponsor = page.getByRole('form', { name: 'Sponsor a workshop' });
  await expect(teamSponsor.getByLabel('For the members of')).toContainText('No active programme yet');
  await teamSponsor.getByRole('button', { name: 'Reserve the seats' }).click();
  await expect(teamSponsor.getByText('Please choose a workshop')).toBeVisible();
  await shot(page, 'partners-console-sponsor');
});

/** Through the console's API: an organisation `client` manages, with $500 paid by bank transfer. */
async function fundedOrganisation(operator: { request: APIRequestContext }, manager: { email: string; request: APIRequestContext }) {
  const made = await operator.request.post('/api/admin/organisations', {
    data: { name: `Lakeside College ${Date.now().toString(36)}`, kind: 'university', billingEmail: manager.email },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id, name } = (await made.json()) as { id: string; name: string };
  expect((await operator.request.post(`/api/admin/organisations/${id}/invitations`, { data: { email: manager.email } })).status()).toBe(201);
  const link = await linkFromMailbox(manager.request, manager.email, /\/partner\/invitations\/([A-Za-z0-9_-]+)/);
  const accepted = await manager.request.post('/api/partner/invitations/accept', { data: { token: link.split('/').pop() } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const paid = await operator.request.post(`/api/admin/organisations/${id}/invoice-payments`, { data: { amountCents: 50_000, reference: `LC-${id}` } });
  expect(paid.status(), await paid.text()).toBe(201);
  return { id, name };
}

test('the team removes a manager who left, with a reason, on the organisation’s console page', async ({ page, operator, client: manager }) => {
  const organisation = await fundedOrganisation(operator, manager);
  await signInAsTeam(page, operator);
  await page.goto(`/admin/organisations/${organisation.id}`);
  await page.getByRole('button', { name: `Remove ${manager.name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Reason (kept in the team's actions)").fill('Left the careers office');
  await shot(page, 'partners-console-remove-manager');
  await dialog.getByRole('button', { name: 'Remove Manager' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('No managers yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team actions' }).getByRole('listitem').first()).toContainText(
    `removed a manager of a partner organisation (${manager.email}): “Left the careers office”`,
  );
  expect((await manager.request.get(`/api/partner/organisations/${organisation.id}`)).status()).toBe(404);
});

/** On the expert's page: the first free time of the first free day, `minutes` long, then on to /payment. */
async function chooseSession(page: Page, slug: string, minutes: string, topic: string) {
  await page.goto(`/expert/${slug}`);
  await pickBookableDay(page);
  await page.getByLabel('Duration').selectOption({ label: minutes });
  await page.getByRole('radio').first().click();
  await page.getByLabel('What would you like to discuss?').fill(topic);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/payment\?expert=/);
}

test.use({ expertOptions: { hourlyRate: 80, cancellationPolicy: 'flexible' } });

test('a manager invites a list to a programme; a student joins, books fully and partly covered sessions, a cancellation returns the credit, and a sponsored workshop seat is covered', async ({
  page,
  operator,
  client: manager,
  market,
  expert,
}) => {
  // Two people's pages, three bookings, a logo and a workshop seat: near a minute alone, more on a loaded machine.
  test.setTimeout(150_000);
  await pinClock(page);
  const organisation = await fundedOrganisation(operator, manager);
  const student = await market.client();

  await page.context().addCookies((await manager.request.storageState()).cookies);
  await page.goto(`/partner/${organisation.id}`);
  await page.getByRole('button', { name: 'New programme' }).click();
  const form = page.getByRole('form', { name: 'New programme' });
  await form.getByLabel('Name').fill('Career starters');
  await form.getByLabel('Sessions per member').fill('2');
  await form.getByLabel('Most it pays of a session (USD)').fill('50');
  await form.getByLabel('Who may join').selectOption('invited');
  await form.getByRole('button', { name: 'Create programme' }).click();
  await page.getByRole('link', { name: 'Career starters' }).click();
  // A long address, listed twice, breaks inside the card on a phone, in the upload's result and the invited list alike.
  const longAddress = `exchange.student.of.the.faculty.of.engineering.${Date.now()}@students.northfield-metropolitan.example`;
  await page.getByLabel('Invite a list (CSV, one e-mail address a line)').setInputFiles({
    name: 'students.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email\n${student.email}\n${student.email}\nnot an address\n${longAddress}\n${longAddress}\n`),
  });
  await expect(page.getByRole('status').filter({ hasText: '2 invitations sent' })).toContainText('Lines without a valid address: 4');
  await expect(page.getByText(`${longAddress} — invited`)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'partners-programme');

  // The student follows the e-mailed link in their own session and joins.
  const link = await linkFromMailbox(page, student.email, /https?:\/\/[^/"<\s]+\/programmes\/join\/[A-Za-z0-9_-]+/);
  // Its invitation e-mail delivered, the invited list says so.
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: `${student.email} — invited` })).toContainText('· Sent');
  await page.context().clearCookies();
  await page.context().addCookies((await student.request.storageState()).cookies);
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('never your topics, messages or feedback')).toBeVisible();
  await page.getByRole('button', { name: 'Join the programme' }).click();
  await expect(page.getByText(`Sessions funded by ${organisation.name}: 2 of 2 left this term`)).toBeVisible();

  // 30 minutes at $80/h = $40, within the $50 the programme pays: no card is asked.
  await chooseSession(page, expert.slug, '30 minutes', 'Choosing my first job');
  await expect(page.getByTestId('covered-line')).toHaveText(`Covered by ${organisation.name}: $40.00 · You pay: $0.00`);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await shot(page, 'partners-covered-checkout');
  await page.getByRole('button', { name: `Book with ${organisation.name}’s credit` }).click();
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]+$/);
  await page.goto('/dashboard/client');
  await expect(page.getByText(`Sessions funded by ${organisation.name}: 1 of 2 left this term`)).toBeVisible();

  // 60 minutes = $80: $50 covered, $30 on the test card.
  await chooseSession(page, expert.slug, '1 hour', 'Salary negotiation');
  await expect(page.getByTestId('covered-line')).toHaveText(`Covered by ${organisation.name}: $50.00 · You pay: $30.00`);
  await page.getByLabel('Cardholder name').fill(visa.cardholderName);
  await page.getByLabel('Card number').fill(visa.number);
  await page.getByLabel('Expiry').fill(visa.expiry);
  await page.getByLabel('CVC').fill(visa.cvc);
  await page.getByRole('button', { name: 'Pay $30.00' }).click();
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]+$/);

  // Cancelled on its page: the flexible policy's refund goes back to the card and, for the covered part, to the credit.
  await page.getByRole('button', { name: 'Cancel Session' }).click();
  await page.getByLabel('Reason for cancelling *').fill('My exam moved');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Session' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const wallet = (await (await manager.request.get(`/api/partner/organisations/${organisation.id}`)).json()) as { reservedCents: number };
  const ledger = (await (await manager.request.get(`/api/partner/organisations/${organisation.id}/ledger`)).json()) as {
    items: { kind: string; amountCents: number }[];
  };
  // The fully covered session's $40 stays reserved; the cancelled one's $50 left the reservation, returned in part or all.
  expect(wallet.reservedCents).toBe(4_000);
  expect(ledger.items.find((e) => e.kind === 'return')?.amountCents).toBeGreaterThanOrEqual(2_500);

  // The manager sponsors the expert's $25 workshop for the programme (docs/product.md "Sponsored workshops")…
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const workshop = await expert.request.post('/api/me/workshops', {
    data: {
      title: 'Careers fair rehearsal',
      description: 'Practice rounds with feedback.',
      topic: 'Job Interview Mastery',
      startsAtLocal: `${day}T15:00`,
      durationMinutes: 60,
      capacity: 10,
      priceCents: 2500,
      minAttendance: null,
      publish: true,
    },
  });
  expect(workshop.status(), await workshop.text()).toBe(201);
  const workshopId = ((await workshop.json()) as { id: string }).id;
  await page.context().clearCookies();
  await page.context().addCookies((await manager.request.storageState()).cookies);
  await page.goto(`/partner/${organisation.id}`);
  // The report's programme table reads on a phone too: one card a programme, each figure named (a shot at 390 px).
  const programmes = page.getByRole('table', { name: 'Programmes' });
  await expect(programmes.getByRole('row', { name: /Career starters/ })).toContainText('2');
  await shot(page, 'partners-report-programmes');
  await page.getByRole('button', { name: 'Sponsor a workshop' }).click();
  const sponsor = page.getByRole('form', { name: 'Sponsor a workshop' });
  await sponsor.getByLabel('Workshop').selectOption(workshopId);
  await sponsor.getByLabel('For the members of').selectOption({ label: 'Career starters' });
  await sponsor.getByLabel('Seats').fill('2');
  await expect(sponsor.getByText('Up to $50.00 from your credit, paid only for the seats your members take.')).toBeVisible();
  await sponsor.getByRole('button', { name: 'Reserve the seats' }).click();
  await expect(page.getByText('2 seats of “Careers fair rehearsal” reserved for your members')).toBeVisible();
  // The manager shows the organisation's logo (docs/product.md "Partners"): the page's header shows it at once.
  await page.locator('input[type=file][name=logo]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
  await page.getByRole('button', { name: 'Save logo' }).click();
  await expect(page.getByText('Logo saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: organisation.name, exact: true })).toHaveAttribute('src', /^\/api\/files\//);
  await shot(page, 'partners-logo');

  // …and the student, a member, takes a covered seat with no card.
  await page.context().clearCookies();
  await page.context().addCookies((await student.request.storageState()).cookies);
  await page.goto(`/workshops/${workshopId}`);
  await expect(page.getByText(`Offered with ${organisation.name}`)).toBeVisible();
  // The logo beside it, sized before it loads (no layout shift), and in the server-rendered page too.
  const logo = page.getByTestId('sponsor').getByRole('img', { name: organisation.name, exact: true });
  await expect(logo).toHaveAttribute('width', '84');
  await expect(logo).toHaveAttribute('height', '28');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  const rendered = await (await page.request.get(`/workshops/${workshopId}`)).text();
  expect(rendered).toMatch(new RegExp(`<img src="/api/files/[0-9a-f-]{36}" alt="${organisation.name}" width="84" height="28"`));
  await expect(page.getByText(`Your seat is covered by ${organisation.name}`)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await shot(page, 'partners-sponsored-seat');
  await page.getByRole('button', { name: `Book a seat with ${organisation.name}’s credit` }).click();
  await page.waitForURL('**/session/*');
  await expect(page.getByText('Seat booked for Careers fair rehearsal!')).toBeVisible();
  const seat = (await (await student.request.get(`/api/sessions/${page.url().split('/').at(-1)}`)).json()) as object;
  expect(seat).toMatchObject({ status: 'booked', workshopId, payment: { amountCents: 2500, creditCents: 2500 } });
});
