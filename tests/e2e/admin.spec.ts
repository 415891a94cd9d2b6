import { expect, test } from './test';
import { makePdf } from '../helpers/uploads';
import { linkFromMailbox } from './fixtures/mailbox';
import type { Account } from './fixtures/marketplace';
import { seriousViolations } from './axe';
import { bookViaApi, moveIntoPast, shot, signInAs, signInAsTeam } from './helpers';

/**
 * Team console journeys (docs/product.md "Team console"): the team reviews and approves an expert application, and decides a
 * client's dispute with a partial refund that the client then sees on the session page. The application is
 * made through the real API (sign-up, e-mail verification, profile, CV upload, POST /api/applications); the team
 * is the operator (the seeded team account), everyone else the journey's own.
 */

/** The expert-role account `person` (signed in on its own cookie jar) applies with a real PDF CV. */
async function applyWithCv({ request, ...person }: Account) {
  const pdf = await makePdf([`${person.firstName} ${person.lastName}`, 'Data scientist, 8 years', 'Python, machine learning, analytics']);
  const cv = await request.post('/api/files?purpose=cv', { multipart: { file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf } } });
  expect(cv.status(), await cv.text()).toBe(201);
  const fileId = ((await cv.json()) as { file: { id: string } }).file.id;
  const applied = await request.post('/api/applications', {
    data: {
      professionalTitle: 'Lead Data Scientist',
      yearsExperience: '6-10',
      cvFileId: fileId,
      selectedExpertise: ['Data Science', 'Career Coaching'],
      whyExpert: 'I want to help analysts move into data science roles.',
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
}

test('the team reviews an application, downloads the CV, marks it under review and approves it: a draft profile for the expert to publish, the applicant e-mailed', async ({
  page,
  market,
  operator,
}) => {
  const person = await market.account({ role: 'expert' });
  await applyWithCv(person);
  const slug = `${person.firstName}-${person.lastName}`.toLowerCase();

  await signInAsTeam(page, operator);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team console');
  await page
    .getByRole('navigation', { name: 'Team console' })
    .getByRole('link', { name: /^Applications/ })
    .click();
  await page.getByRole('link', { name: new RegExp(person.name) }).click();
  await expect(page).toHaveURL(/\/admin\/applications\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: person.name })).toBeVisible();
  await expect(page.getByText('Lead Data Scientist')).toBeVisible();
  await expect(page.getByText('I want to help analysts move into data science roles.')).toBeVisible();
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();

  // The CV downloads for the team (a private file: its link is the authorised route).
  const cvLink = page.getByRole('link', { name: /Download CV/ });
  const download = await page.request.get((await cvLink.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');

  await page.getByRole('button', { name: 'Mark Under Review' }).click();
  await expect(page.getByText('Marked as under review')).toBeVisible();
  await expect(page.getByText('Under Review', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark Under Review' })).toHaveCount(0);

  // Reject needs a reason: the dialog says so, then is cancelled.
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reject Application' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Please give a reason for the rejection');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Application approved. The expert can now set up and publish their profile.')).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  // The profile is a draft: not public until the expert publishes it (docs/product.md "Expert onboarding and publishing").
  await expect(page.getByText('The expert is setting up their profile; it becomes public when they publish it.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View the published profile' })).toHaveCount(0);

  // The applicant is told by e-mail to set up and publish, and is now an expert with that profile.
  await linkFromMailbox(page, person.email, /http:\/\/localhost:\d+\/dashboard\/expert/);
  const me = (await (await person.request.get('/api/me')).json()) as { user: { role: string } };
  expect(me.user.role).toBe('expert');

  // The audit log records both actions.
  await page.goto('/admin/audit');
  await expect(page.getByText(new RegExp(`approved an application \\(profile /expert/${slug}`)).first()).toBeVisible();
  await expect(page.getByText('marked an application under review').first()).toBeVisible();
  // An old address past the last page says so and links back to the last page.
  await page.goto('/admin/audit?page=99999');
  await expect(page.getByText('Nothing here right now.')).toBeVisible();
  const back = page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: /^Go to page \d+$/ });
  const last = Number((await back.textContent())!.replace('Go to page', '').trim());
  await back.click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${last}$`));
  await expect(page.locator('ol > li').first()).toBeVisible();
});

test('a client reports an issue, the team decides for the client with a partial refund, and the client sees the refund', async ({
  page,
  client,
  expert,
  operator,
}) => {
  await signInAs(page, client);
  const session = await bookViaApi(page.request, expert.slug, 7, 'Portfolio review for a UX role');
  await moveIntoPast(page.request, session, 20);

  await page.goto(`/session/confirm/${session.id}`);
  await page.getByRole('button', { name: 'No, Report an Issue' }).click();
  await page.getByLabel('What happened?').fill('The expert joined 40 minutes late and we ran out of time.');
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page).toHaveURL(/\/dashboard\/client$/);

  await signInAsTeam(page, operator);
  await page.getByRole('navigation', { name: 'Team console' }).getByRole('link', { name: 'Disputes' }).click();
  await page.getByRole('link', { name: new RegExp(`${client.name} with ${expert.name}`) }).click();
  await expect(page.getByText('The expert joined 40 minutes late and we ran out of time.')).toBeVisible();
  const total = session.totalAmountCents;
  await expect(page.getByText(`$${(total / 100).toFixed(2)} held in escrow`)).toBeVisible();

  await page.getByRole('button', { name: 'Decide Dispute' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: /For the client/ })).toBeChecked();
  await expect(dialog.getByLabel('Refund amount (USD)')).toHaveValue((total / 100).toFixed(2));
  await dialog.getByLabel('Refund amount (USD)').fill(((total + 100) / 100).toFixed(2));
  await dialog.getByLabel('Note to both parties').fill('Half of the session was lost; we refund half.');
  await dialog.getByRole('button', { name: 'Confirm Decision' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The refund must be a whole number of cents between 1 and the held amount');
  const refund = Math.round(total / 2);
  await dialog.getByLabel('Refund amount (USD)').fill((refund / 100).toFixed(2));
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Confirm Decision' }).click();
  await expect(page.getByText('Dispute decided. Both parties have been e-mailed.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Decided for the client' })).toBeVisible();
  await expect(page.getByText(`Refund $${(refund / 100).toFixed(2)}`)).toBeVisible();
  await expect(page.getByText(/refunded to the client, the rest released to the expert/)).toBeVisible();

  // Both parties are e-mailed.
  await linkFromMailbox(page, client.email, new RegExp(`/session/${session.id}`));

  await signInAs(page, client);
  await page.goto(`/session/${session.id}`);
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Cancelled by the Mentora team/)).toBeVisible();
  await expect(page.getByText(`Refund: $${(refund / 100).toFixed(2)} of $${(total / 100).toFixed(2)}`)).toBeVisible();
  await expect(page.getByText(`Refunded $${(refund / 100).toFixed(2)} of $${(total / 100).toFixed(2)} to the client's card`)).toBeVisible();
});

test('the team reads a contact message in the inbox and marks it handled, then not handled', async ({ page, request, operator }) => {
  const subject = `Team discount ${Date.now()}`;
  const sent = await request.post('/api/contact', {
    data: { name: 'Dana Visitor', email: 'dana@example.com', subject, message: 'Do you offer discounts for a team of 5 analysts?' },
  });
  expect(sent.status()).toBe(201);

  await signInAsTeam(page, operator);
  await page.getByRole('navigation', { name: 'Team console' }).getByRole('link', { name: /Inbox/ }).click();
  const item = page.getByRole('article', { name: subject });
  await expect(item.getByText('Do you offer discounts for a team of 5 analysts?')).toBeVisible();
  await item.getByRole('button', { name: 'Mark Handled' }).click();
  await expect(page.getByText('Marked as handled')).toBeVisible();
  await expect(item).toHaveCount(0);

  await page.getByRole('link', { name: 'Handled', exact: true }).click();
  await expect(item.getByText('Handled', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Mark Not Handled' }).click();
  await expect(item).toHaveCount(0);
  await page.getByRole('link', { name: 'To handle', exact: true }).click();
  await expect(item.getByRole('button', { name: 'Mark Handled' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Team console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByText('marked an inbox item not handled (contact message)').first()).toBeVisible();
});

test('a partner enquiry names who sent it, and the team replies to it by e-mail from the inbox', async ({ page, operator }) => {
  const organisation = `Northgate College ${Date.now()}`;
  const email = `partnerships.${Date.now()}@northgate.example`;
  await page.goto('/how-it-works/partner');
  await page.getByLabel('Your name').fill('Morgan Reyes');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Business Type').fill(organisation);
  await page.getByLabel('Describe your organisation and your goals').fill('A college careers office looking for mentors for 40 final-year students.');
  await shot(page, 'partner-enquiry');
  await page.getByRole('button', { name: 'Submit enquiry' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  await signInAsTeam(page, operator);
  await page.goto('/admin/inbox?kind=partner');
  const item = page.getByRole('article', { name: organisation });
  await expect(item.getByText(`Morgan Reyes · ${email}`)).toBeVisible();
  await item.getByRole('button', { name: 'Reply by E-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reply to Morgan Reyes' });
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByText('Please write your reply')).toBeVisible();
  await dialog.getByLabel('Your reply').fill('Thank you, Morgan. Could we call on Thursday to plan a pilot?');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent by e-mail')).toBeVisible();
  // Replying handles the enquiry; the reply stays with it.
  await expect(item).toHaveCount(0);
  await page.getByRole('link', { name: 'Handled', exact: true }).click();
  await expect(item.getByRole('list', { name: 'Replies' }).getByText('Could we call on Thursday to plan a pilot?')).toBeVisible();
  await shot(page, 'inbox-reply-thread');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(linkFromMailbox(page, email, /Could we call on Thursday to plan a pilot\?/)).resolves.toBeTruthy();
});

test('the console is for the team only: visitors go to sign in, clients to their dashboard', async ({ page, client }) => {
  await page.goto('/admin/disputes');
  await expect(page).toHaveURL(/\/signup\?next=%2Fadmin%2Fdisputes$/);
  await signInAs(page, client);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard\/client$/);
  expect((await page.request.get('/api/admin/disputes')).status()).toBe(403);
});
