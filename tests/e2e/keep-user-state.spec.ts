import path from 'node:path';
import { expect, test, type Page } from './test';
import { linkFromMailbox } from './fixtures/mailbox';
import { accountPassword, uniqueName } from './fixtures/marketplace';
import { bookViaApi, moveIntoPast, pickBookableDay, pinClock, shot, signInHere, signInUi, visa } from './helpers';

/**
 * Nothing a person did is lost on the way (docs/product.md "Booking", "Expert applications", "Sessions"): a
 * visitor's booking choice survives signing up (with the e-mailed confirmation link) or signing in; the
 * application wizard's draft survives Back, Forward, a reload and signing in again; Back after paying shows the
 * booking, not a second live payment form; and every list showing a session is current after a change.
 */

const topic = 'Preparing for a staff engineer interview loop';

const dayHeading = (page: Page) => page.getByRole('heading', { name: /^Choose a time on / });

/**
 * On the booking card: picks the first free day, 30 minutes, the day's second time (the first when only one),
 * and writes the topic. Answers the day as the card names it and the time's label.
 */
async function chooseOnCard(page: Page): Promise<{ day: string; time: string }> {
  await pickBookableDay(page);
  await page.getByLabel('Duration').selectOption('30');
  const slots = page.getByRole('radio');
  await expect(slots.first()).toBeVisible();
  const slot = (await slots.count()) > 1 ? slots.nth(1) : slots.first();
  const time = (await slot.innerText()).trim();
  await slot.click();
  await page.getByLabel('What would you like to discuss?').fill(topic);
  return { day: (await dayHeading(page).textContent())!, time };
}

/** The card shows the choice made before signing in. */
async function expectChoiceRestored(page: Page, day: string, time: string) {
  await expect(page.getByLabel('What would you like to discuss?')).toHaveValue(topic);
  await expect(page.getByLabel('Duration')).toHaveValue('30');
  await expect(dayHeading(page)).toHaveText(day);
  await expect(page.getByRole('radio', { checked: true })).toHaveText(time);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
}

test('a visitor who is asked to sign in signs up, confirms the e-mail and is back on the profile with the same choice', async ({ page, expert }) => {
  await pinClock(page);
  test.setTimeout(90_000);
  await page.goto(`/expert/${expert.slug}`);
  const { day, time } = await chooseOnCard(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('status').getByRole('link', { name: 'Sign in or create an account' }).click();
  await expect(page).toHaveURL(new RegExp(`/signup\\?next=${encodeURIComponent(`/expert/${expert.slug}`)}$`));

  const person = { email: `returning-${Date.now()}@example.com`, ...uniqueName() };
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(accountPassword);
  await page.getByLabel('Confirm password').fill(accountPassword);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).last().click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The link opens in a new tab of the same browser, as a mail client would.
  const link = await linkFromMailbox(page, person.email, /http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^"<\s]+/);
  const tab = await page.context().newPage();
  await tab.goto(link.replace(/^http:\/\/localhost:\d+/, new URL(page.url()).origin));
  await tab.getByLabel('First name *').fill(person.firstName);
  await tab.getByLabel('Last name *').fill(person.lastName);
  await tab.getByRole('radio', { name: /Client/ }).check();
  await tab.getByRole('button', { name: 'Save and continue' }).click();

  await expect(tab).toHaveURL(new RegExp(`/expert/${expert.slug}$`));
  await expectChoiceRestored(tab, day, time);
  await tab.setViewportSize({ width: 1280, height: 900 });
  await shot(tab, 'keep-state-restored-booking-card');
  await tab.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(tab).toHaveURL(/\/payment\?expert=/);
  await expect(tab.getByText(topic)).toBeVisible();
});

test('a visitor who signs in comes back to the choice; a time taken meanwhile says so', async ({ page, client, expert, market }) => {
  await pinClock(page);
  await page.goto(`/expert/${expert.slug}`);
  const { day, time } = await chooseOnCard(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('status').getByRole('link', { name: 'Sign in or create an account' }).click();
  await signInHere(page, client);
  await expect(page).toHaveURL(new RegExp(`/expert/${expert.slug}$`));
  await expectChoiceRestored(page, day, time);

  // Chosen again and left for sign-in; someone else books that time before the visitor is back.
  await page.context().clearCookies();
  await page.goto(`/expert/${expert.slug}`);
  const second = await chooseOnCard(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('mentora.pending-booking') ?? 'null') as { startsAt: string });
  const other = await market.client();
  const taken = await other.request.post('/api/sessions', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: { expertId: expert.expertId, startsAt: kept.startsAt, durationMinutes: 30, topic: 'Taken first', kind: 'paid', card: visa },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  await signInUi(page, client);
  await page.goto(`/expert/${expert.slug}`);
  await expect(
    page.getByRole('status').filter({ hasText: `The time you chose, ${second.time}, is no longer available. Please choose another time.` }),
  ).toBeVisible();
  await expect(page.getByLabel('What would you like to discuss?')).toHaveValue(topic);
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
  await shot(page, 'keep-state-kept-time-gone');
});

test('the application draft, CV included, survives Back, Forward, a reload and signing in again, until it is sent', async ({ page, market }) => {
  test.setTimeout(90_000);
  const applicant = await market.account({ role: 'expert' });
  await signInUi(page, applicant);
  await page.goto('/expert/application');
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel(/Professional title/).fill('Neonatal Ward Educator');
  await page.getByLabel(/Years of experience/).selectOption('11-15');
  await next.click();
  await page.locator('#cv-file').setInputFiles(path.resolve('tests/fixtures/cvs/amara-nwosu-clinical-nurse-educator.pdf'));
  await expect(page.getByText('CV uploaded successfully!')).toBeVisible();
  await expect(page.getByText(/AI suggested|CV analyzed/).first()).toBeVisible();
  await next.click();
  const step3 = page.getByRole('heading', { level: 2, name: 'Areas of expertise' });
  await expect(step3).toBeVisible();

  await page.goBack();
  await page.goForward();
  await expect(step3).toBeVisible();
  await page.reload();
  await expect(step3).toBeVisible();

  await page.context().clearCookies();
  await signInUi(page, applicant);
  await page.goto('/expert/application');
  await expect(step3).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('amara-nwosu-clinical-nurse-educator.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByLabel(/Professional title/)).toHaveValue('Neonatal Ward Educator');
  await expect(page.getByLabel(/Years of experience/)).toHaveValue('11-15');
  await next.click();
  // The kept CV is checked with the server again before the step lets the applicant on.
  await expect(page.getByText('amara-nwosu-clinical-nurse-educator.pdf')).toBeVisible();
  await next.click();
  await expect(step3).toBeVisible();
  await next.click();
  await page.getByLabel(/Why do you want to become an expert/).fill('I want to help nurses grow into educators.');
  await next.click();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  const sent = (await (await page.request.get('/api/applications/mine')).json()) as { application: { cv: { name: string } | null } | null };
  expect(sent.application?.cv?.name).toBe('amara-nwosu-clinical-nurse-educator.pdf');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mentora.application-draft')))).toEqual([]);
});

test('a kept draft whose CV the server no longer has goes back to the CV step and says so', async ({ page, market }) => {
  const applicant = await market.account({ role: 'expert' });
  await signInUi(page, applicant);
  const gone = {
    id: crypto.randomUUID(),
    purpose: 'cv',
    name: 'old-cv.pdf',
    contentType: 'application/pdf',
    sizeBytes: 2048,
    createdAt: new Date().toISOString(),
  };
  const fields = {
    professionalTitle: 'Neonatal Ward Educator',
    yearsExperience: '11-15',
    linkedinProfile: '',
    selectedExpertise: ['Education & Teaching'],
    whyExpert: 'I want to help.',
    referenceName: '',
    referencePosition: '',
    referenceEmail: '',
  };
  await page.evaluate(({ key, draft }) => localStorage.setItem(key, draft), {
    key: `mentora.application-draft:${applicant.id}`,
    draft: JSON.stringify({ step: 4, fields, cv: { ...gone, url: `/api/files/${gone.id}` }, suggested: [], savedAt: Date.now() }),
  });
  await page.goto('/expert/application');
  await expect(page.getByRole('heading', { level: 2, name: 'Upload your CV' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Your CV is no longer stored. Please choose it again.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByLabel(/Professional title/)).toHaveValue('Neonatal Ward Educator');
});

test('Back after paying shows the booked session, not a live payment form', async ({ page, client, expert }) => {
  await pinClock(page);
  await signInUi(page, client);
  await expect(page).toHaveURL(/\/dashboard\/client$/);
  await page.goto(`/expert/${expert.slug}`);
  await chooseOnCard(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/payment\?expert=/);
  await page.getByLabel('Cardholder name').fill(visa.cardholderName);
  await page.getByLabel('Card number').fill(visa.number);
  await page.getByLabel('Expiry (MM/YY)').fill(visa.expiry);
  await page.getByLabel('CVC').fill(visa.cvc);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/);
  const [session] = ((await (await page.request.get('/api/sessions')).json()) as { sessions: { id: string }[] }).sessions;

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/session/${session!.id}$`));
  await expect(page.getByRole('heading', { name: 'Session Scheduled' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Session Scheduled' })).toBeVisible();
});

test('after a cancellation, a dispute, a confirmation and feedback, the dashboard and session page are current without a reload', async ({
  page,
  client,
  expert,
}) => {
  test.setTimeout(90_000);
  await bookViaApi(client.request, expert.slug, 5, 'To be cancelled');
  const disputed = await bookViaApi(client.request, expert.slug, 8, 'To be disputed');
  const reviewed = await bookViaApi(client.request, expert.slug, 11, 'To be confirmed and reviewed');
  await moveIntoPast(client.request, disputed, 30);
  await moveIntoPast(client.request, reviewed, 50);

  await signInUi(page, client);
  await expect(page).toHaveURL(/\/dashboard\/client$/);
  const row = (topicText: string) => page.getByRole('article').filter({ hasText: topicText });
  await expect(row('To be cancelled')).toContainText('Upcoming');
  // A mark on the page's window: gone if the browser loaded the page again.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const backToDashboard = async () => {
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/client$/);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  };

  // Cancel from the session page, back to the dashboard through the app (no reload).
  await row('To be cancelled').getByRole('link', { name: 'View Session Details' }).click();
  await page.getByRole('button', { name: 'Cancel Session' }).click();
  await page.getByRole('dialog').getByLabel('Reason for cancelling *').fill('My plans changed');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Session' }).click();
  await expect(page.getByRole('heading', { name: /Session Cancelled/ })).toBeVisible();
  // The session moves from Upcoming to Past. Both lists are read again as the dashboard comes back; with Upcoming
  // answering a second after Past, the dashboard never shows the session in both (a mark on the window if it does).
  await page.route(/\/api\/sessions\?when=upcoming/, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.evaluate(() => {
    const inBoth = () =>
      ['Upcoming sessions', 'Past sessions'].every((name) =>
        [...document.querySelectorAll(`section[aria-label="${name}"] article`)].some((a) => a.textContent?.includes('To be cancelled')),
      );
    new MutationObserver(() => inBoth() && Object.assign(window, { shownInBoth: true })).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await backToDashboard();
  const inList = (name: string) => page.getByRole('region', { name }).getByRole('article').filter({ hasText: 'To be cancelled' });
  await expect(inList('Past sessions')).toContainText('Cancelled');
  await expect(inList('Upcoming sessions')).toHaveCount(0);
  expect(await page.evaluate(() => 'shownInBoth' in window)).toBe(false);
  await page.unroute(/\/api\/sessions\?when=upcoming/);

  // Report an issue on the confirm page.
  await row('To be disputed').getByRole('link', { name: 'Confirm session' }).click();
  await page.getByRole('button', { name: 'No, Report an Issue' }).click();
  await page.getByRole('dialog').getByLabel('What happened? *').fill('The expert never joined the call.');
  await page.getByRole('button', { name: 'Submit Report' }).click();
  // The report leads to the dashboard by itself.
  await expect(page).toHaveURL(/\/dashboard\/client$/);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await expect(row('To be disputed')).toContainText('Disputed');

  // Confirm, then leave feedback; the dashboard the feedback form returns to is current.
  await row('To be confirmed and reviewed').getByRole('link', { name: 'Confirm session' }).click();
  await page.getByRole('button', { name: 'Yes, Confirm Session' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`How was your session with ${reviewed.expertName}?`);
  for (const answer of ['Excellent', 'Very Clear', 'On Time', 'Good Value', 'Definitely']) await page.getByRole('radio', { name: answer, exact: true }).check();
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page).toHaveURL(/\/dashboard\/client$/);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await expect(row('To be confirmed and reviewed')).toContainText('Concluded');
  await expect(row('To be confirmed and reviewed')).toContainText('Feedback submitted');
  await row('To be confirmed and reviewed').getByRole('link', { name: 'View Session Details' }).click();
  await expect(page.getByRole('heading', { name: 'Session Complete' })).toBeVisible();
});
