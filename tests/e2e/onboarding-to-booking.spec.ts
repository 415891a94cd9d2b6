import { TZDate } from '@date-fns/tz';
import { expect, test, type Page } from './test';
import { format } from 'date-fns';
import path from 'node:path';
import { sessionsEmptyMessages } from '../../src/shared/expert-dashboard';
import { tinyPng } from '../helpers/uploads';
import { accountPassword } from './fixtures/marketplace';
import { seriousViolations } from './axe';
import { pinClock, shot, signInAsTeam, signInUi, signUpAsExpert, type SignIn } from './helpers';

/**
 * Becoming an expert end to end, all through the UI: a new user signs up as an expert, applies with a PDF CV, sees the
 * suggested areas and submits; the team (the seeded team account) approves in /admin; the new expert sets a rate, a
 * photo and weekly availability (Saturdays 10:00 AM–2:00 PM) and publishes the profile; /results lists them and a new client books a
 * Saturday slot and pays with the test card; the expert's dashboard shows the session. The browser runs in
 * the new expert's default zone (America/New_York), so times read the same for both.
 */
const zone = 'America/New_York';
test.use({ timezoneId: zone });

const cv = path.resolve('tests/fixtures/cvs/amara-nwosu-clinical-nurse-educator.pdf');
const headline = 'Clinical Nurse Educator';
const topic = 'Moving from ward nursing into clinical education';

async function signInAs(page: Page, account: SignIn, landing: RegExp) {
  await page.context().clearCookies();
  await signInUi(page, account);
  await expect(page).toHaveURL(landing);
}

/** The first day (YYYY-MM-DD in `zone`) within two weeks on which `slug` offers a 60-minute slot, and its slots. */
async function firstBookableDay(page: Page, slug: string): Promise<{ date: string; slots: string[] }> {
  for (let day = 0; day < 14; day++) {
    const date = format(new TZDate(Date.now() + day * 86_400_000, zone), 'yyyy-MM-dd');
    const { slots } = (await (await page.request.get(`/api/experts/${slug}/slots?date=${date}&duration=60&tz=${encodeURIComponent(zone)}`)).json()) as {
      slots: string[];
    };
    if (slots.length) return { date, slots };
  }
  throw new Error(`${slug} offers nothing in the next two weeks`);
}

test('a new expert applies, is approved, sets rate and hours, and is booked and paid for by a client', async ({ page, client, operator }) => {
  test.setTimeout(180_000);
  await pinClock(page);
  const person = { email: `amara-${Date.now()}@example.com`, password: accountPassword, firstName: 'Amara', lastName: 'Nwosu' };

  // Sign-up with the e-mailed link, profile completed as an expert.
  await signUpAsExpert(page, person);
  const sessions = page.getByRole('heading', { name: 'My sessions' }).locator('xpath=ancestor::div[contains(@class,"rounded-2xl")][1]');
  await expect(sessions.getByText(sessionsEmptyMessages.apply)).toBeVisible();
  await sessions.getByRole('link', { name: 'Start your application' }).click();
  await expect(page).toHaveURL(/\/expert\/application-landing$/);
  await page.getByRole('link', { name: 'Apply Now' }).click();

  // The wizard: a PDF CV yields suggestions, which are chosen for step 3.
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel(/Professional title/).fill(headline);
  await page.getByLabel(/Years of experience/).selectOption('11-15');
  await next.click();
  await page.locator('#cv-file').setInputFiles(cv);
  await expect(page.getByText('CV uploaded successfully!')).toBeVisible();
  await expect(page.getByText('AI suggested 2 expertise area(s) based on your CV!')).toBeVisible();
  await next.click();
  await expect(page.getByText('2 of 3 selected')).toBeVisible();
  for (const area of ['Health & Science Careers', 'Education & Teaching'])
    await expect(page.getByRole('button', { name: new RegExp(`^${area}`) })).toHaveAttribute('aria-pressed', 'true');
  await next.click();
  await page.getByLabel(/Why do you want to become an expert/).fill('I want to help nurses grow into educators and keep great people in the profession.');
  await next.click();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Expert Dashboard' }).click();
  await expect(sessions.getByText(sessionsEmptyMessages.reviewing)).toBeVisible();
  await shot(page, 'dashboard-under-review');

  // The team approves the application in the console.
  await signInAsTeam(page, operator);
  await page
    .getByRole('navigation', { name: 'Team console' })
    .getByRole('link', { name: /^Applications/ })
    .click();
  await page.getByRole('link', { name: /Amara Nwosu/ }).click();
  await expect(page.getByText(headline)).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Application approved. The expert can now set up and publish their profile.')).toBeVisible();

  // The new expert is taken through the setup (docs/product.md "Expert onboarding and publishing"): a rate and a
  // photo, then Saturday hours, then publishes.
  await signInAs(page, person, /\/dashboard\/expert$/);
  await expect(sessions.getByText(sessionsEmptyMessages.setup)).toBeVisible();
  const setup = page.getByRole('region', { name: 'Set up your profile' });
  await setup.getByRole('link', { name: 'Set your rate' }).click();
  await expect(page.getByLabel('Headline')).toHaveValue(headline);
  await page.getByLabel('Hourly rate (USD)').fill('75');
  await page.locator('input[type=file][name=photo]').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByRole('progressbar', { name: 'Uploading photo' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  await page.goto('/dashboard/expert');
  await setup.getByRole('link', { name: 'Set your hours' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert\/availability$/);
  await expect(page.getByLabel('Time zone')).toHaveValue(zone);
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await page.getByRole('switch', { name: `Available on ${day}` }).click();
  await page.getByRole('switch', { name: 'Available on Saturday' }).click();
  await page.getByLabel('Saturday start time').selectOption({ label: '10:00 AM' });
  await page.getByLabel('Saturday end time').selectOption({ label: '2:00 PM' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Availability saved')).toBeVisible();

  await page.goto('/dashboard/expert');
  await setup.getByRole('button', { name: 'Publish profile' }).click();
  await expect(sessions.getByText(sessionsEmptyMessages.published)).toBeVisible();
  const profileLink = sessions.getByRole('link', { name: /\/expert\/amara-nwosu$/ });
  await expect(profileLink).toHaveAttribute('href', '/expert/amara-nwosu');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'dashboard-published');
  // The quick actions lead somewhere: the session list on this page, and the account page.
  await expect(page.getByRole('main').getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/account');
  await page.getByRole('main').getByRole('link', { name: 'Manage sessions' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert#sessions$/);
  await expect(page.locator('#sessions')).toBeInViewport();

  // A client finds the new expert in the results, at the new rate, and books the first Saturday slot.
  await signInAs(page, client, /\/dashboard\/client$/);
  await page.goto(`/results?query=${encodeURIComponent(headline)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Amara Nwosu' }) });
  await expect(card).toContainText(headline);
  await expect(card).toContainText('$75.00');
  await card.getByRole('link', { name: 'Amara Nwosu' }).click();
  await expect(page).toHaveURL(/\/expert\/amara-nwosu$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Amara Nwosu');

  const { date, slots } = await firstBookableDay(page, 'amara-nwosu');
  const local = (iso: string) => format(new TZDate(iso, zone), 'h:mm a');
  expect(format(new TZDate(`${date}T12:00:00`, zone), 'EEEE')).toBe('Saturday');
  // 60-minute slots within 10:00 AM–2:00 PM start from 10:00 AM to 1:00 PM (fewer if today is that Saturday).
  const minuteOfDay = (iso: string) => new TZDate(iso, zone).getHours() * 60 + new TZDate(iso, zone).getMinutes();
  expect(slots.every((iso) => minuteOfDay(iso) >= 10 * 60 && minuteOfDay(iso) <= 13 * 60)).toBe(true);
  if (date.slice(0, 7) !== format(new TZDate(Date.now(), zone), 'yyyy-MM')) await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  const day = page.getByRole('grid').locator('button:not([disabled])').first();
  await expect(day).toHaveAccessibleName(new RegExp(`Saturday, ${format(new TZDate(`${date}T12:00:00`, zone), 'MMMM do, yyyy')}`));
  await day.click();
  const slot = page.getByRole('radio').first();
  await expect(slot).toHaveText(local(slots[0]!));
  await slot.click();
  await page.getByLabel('What would you like to discuss?').fill(topic);
  await expect(page.getByTestId('booking-total')).toHaveText('$75.00');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/payment\?expert=/);
  await expect(page.getByTestId('payment-total')).toHaveText('$75.00');
  await page.getByLabel('Cardholder name').fill('Casey Client');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $75.00' }).click();
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Payment successful! Your session has been booked.')).toBeVisible();
  await expect(page.getByText('Session booked with Amara Nwosu!')).toBeVisible();

  // The expert's dashboard lists the session: client, topic, time in the viewer's zone, amount.
  await signInAs(page, person, /\/dashboard\/expert$/);
  const booked = sessions.getByRole('article', { name: client.name });
  await expect(booked).toContainText(topic);
  await expect(booked).toContainText(local(slots[0]!));
  await expect(booked).toContainText('$75.00');
  await expect(booked).toContainText('60 minutes');
  await expect(page.getByText(sessionsEmptyMessages.published)).toHaveCount(0);
  await shot(page, 'dashboard-booked');
});
