import { tinyPng } from '../helpers/uploads';
import { expect, test, type Page } from './test';
import { seriousViolations } from './axe';
import { expectSettled, shot, signInAs, signInAsTeam } from './helpers';

/**
 * Experts go live deliberately (docs/product.md "Expert onboarding and publishing"): an applicant's dashboard links
 * only to pages that let them in; the team approves the application in /admin; the new expert is not on /results and
 * is taken through rate, photo, time zone (detected from the browser) and weekly hours, then presses "Publish
 * profile"; a visitor then finds them on /results. The application is made through the real API; the team is the
 * operator (the seeded team account).
 */
const zone = 'Europe/Lisbon';
test.use({ timezoneId: zone });

/** The visitor's /results for `words`: the result cards. */
async function resultsFor(page: Page, words: string) {
  await page.goto(`/results?query=${encodeURIComponent(words)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page.getByRole('article');
}

test('an approved expert sets rate, photo, time zone and hours, publishes, and a visitor finds them on /results', async ({ page, market, operator }) => {
  test.setTimeout(180_000);
  const person = await market.account({ role: 'expert' });
  const title = 'Polar Research Mentor';
  const applied = await person.request.post('/api/applications', {
    data: { professionalTitle: title, yearsExperience: '6-10', selectedExpertise: ['Career Coaching'], whyExpert: 'I help scientists plan field careers.' },
  });
  expect(applied.status(), await applied.text()).toBe(201);

  // The applicant's dashboard: every link it shows (header, dashboard, footer) opens a page that lets them in (no 403 from the API).
  await signInAs(page, person);
  await page.goto('/dashboard/expert');
  await expect(page.getByText('Your application is under review.').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
  // Links within the dashboard itself (its quick actions' #sessions) are the page already open, not pages it leads to.
  const here = new URL(page.url()).pathname;
  const links = [
    ...new Set(
      (await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))).filter(
        (href) => !href.startsWith('/api/') && new URL(href, page.url()).pathname !== here,
      ),
    ),
  ];
  expect(links.length).toBeGreaterThan(0);
  await shot(page, 'publish-applicant-dashboard');
  // The dashboard shows it has loaded (an applicant's earnings and publication answer 403: nothing yet) before the
  // first link is listened to, so that each page is charged only with its own requests.
  await expectSettled(page);
  for (const href of links) {
    const refused: string[] = [];
    const listen = (r: { status: () => number; url: () => string }) => void (r.status() === 403 && refused.push(r.url()));
    page.on('response', listen);
    await page.goto(href);
    await expectSettled(page, href);
    page.off('response', listen);
    expect(refused, `${href} made requests that answered 403`).toEqual([]);
  }

  // The team approves in the console.
  await signInAsTeam(page, operator);
  await page
    .getByRole('navigation', { name: 'Team console' })
    .getByRole('link', { name: /^Applications/ })
    .click();
  await page.getByRole('link', { name: new RegExp(person.name) }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Application approved. The expert can now set up and publish their profile.')).toBeVisible();

  // Not public yet: results for their name show other experts (the closest matches), never them.
  await page.context().clearCookies();
  await expect((await resultsFor(page, person.name)).first()).toBeVisible();
  await expect(page.getByRole('link', { name: person.name })).toHaveCount(0);

  // The expert's dashboard takes them through the steps; Publish is disabled until all are done.
  await signInAs(page, person);
  await page.goto('/dashboard/expert');
  const setup = page.getByRole('region', { name: 'Set up your profile' });
  await expect(setup).toContainText('0 of 3 steps done');
  const publish = setup.getByRole('button', { name: 'Publish profile' });
  await expect(publish).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'publish-setup-checklist');

  await setup.getByRole('link', { name: 'Set your rate' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert\/profile$/);
  await expect(page.getByText('Not public yet: publish it from your dashboard.')).toBeVisible();
  await expect(page.getByLabel('Hourly rate (USD)')).toHaveValue('');
  await page.getByLabel('Hourly rate (USD)').fill('135');
  await page.locator('input[type=file][name=photo]').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByRole('progressbar', { name: 'Uploading photo' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(setup).toContainText('2 of 3 steps done');
  await setup.getByRole('link', { name: 'Set your hours' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert\/availability$/);
  // The zone is the browser's, detected, not a zone the expert never chose.
  await expect(page.getByLabel('Time zone')).toHaveValue(zone);
  await shot(page, 'publish-availability-detected-zone');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Availability saved')).toBeVisible();

  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(setup).toContainText('3 of 3 steps done');
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(page.getByText('Your profile is live. Clients can now find and book you.')).toBeVisible();
  const live = page.getByRole('region', { name: 'Your profile is live' });
  await expect(live.getByRole('button', { name: 'Hide profile' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'publish-live');

  // A visitor finds them on /results, at their rate, in their zone.
  await page.context().clearCookies();
  const card = (await resultsFor(page, person.name)).filter({ has: page.getByRole('link', { name: person.name }) });
  await expect(card).toContainText(title);
  await expect(card).toContainText('$135.00');
  await shot(page, 'publish-results');
  await card.getByRole('link', { name: person.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(person.name);
});
