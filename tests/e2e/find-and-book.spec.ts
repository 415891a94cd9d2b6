import { expect, test } from './test';
import { seriousViolations } from './axe';
import { bookViaApi, moveIntoPast, pickBookableDay, pinClock, reviewViaApi, shot, signInAs } from './helpers';
import { holdTerms } from '../../src/shared/sessions';

// The expert each journey makes is found by a headline word no demo expert has.
const headline = 'Wayfinding Design Mentor';
test.use({ expertOptions: { headline } });

test('a client searches, opens a profile, picks a day, a time and a topic, and continues to payment', async ({ page, client, expert }) => {
  await pinClock(page);
  await signInAs(page, client);

  await page.goto('/results');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Expert Network');
  await page.getByRole('searchbox', { name: 'Search experts' }).fill(expert.lastName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/results\\?query=${expert.lastName}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Experts for "${expert.lastName}"`);
  // The previous answer stays on screen, dimmed, until this one arrives: wait for this search's own first card.
  const firstCard = page.getByRole('article').first();
  await expect(firstCard.getByRole('heading')).toHaveText(expert.name);
  await expect(page.getByText(/No experts matched/)).toHaveCount(0);
  const name = expert.name;
  await expect(firstCard.getByRole('list', { name: 'Expertise' }).getByRole('listitem')).not.toHaveCount(0);
  await firstCard.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/expert\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(name));
  // No session with this expert yet: nothing to give feedback on.
  await expect(page.getByRole('link', { name: 'Leave Feedback' })).toHaveCount(0);
  // The card and the payment page say the same about the hold.
  await expect(page.getByText(holdTerms)).toBeVisible();

  await pickBookableDay(page);
  const slot = page.getByRole('radio').first();
  await expect(slot).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
  await slot.click();
  await expect(slot).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel('What would you like to discuss?').fill('Reviewing my portfolio before design interviews');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/payment\?expert=/);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText(holdTerms)).toBeVisible();
  const draft = await page.evaluate(() => JSON.parse(sessionStorage.getItem('mentora.booking-draft') ?? 'null'));
  expect(draft).toMatchObject({ expertName: name, durationMinutes: 60, topic: 'Reviewing my portfolio before design interviews' });
  expect(new Date(draft.startsAt).getTime()).toBeGreaterThan(Date.now());
});

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('the booking card explains what is missing, prices the duration and asks visitors to sign in', async ({ page, expert }) => {
  await pinClock(page);
  await page.goto(`/expert/${expert.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expert.name);
  // The free intro is offered to visitors too, with the way to it.
  await expect(page.getByText('Free intro —')).toBeVisible();
  await expect(page.getByRole('link', { name: 'sign in to book' })).toHaveAttribute('href', `/signup?next=${encodeURIComponent(`/expert/${expert.slug}`)}`);
  const book = page.getByRole('button', { name: 'Continue to payment' });
  await expect(book).toBeDisabled();
  await expect(page.getByText('Please select a date', { exact: true })).toBeVisible();
  await expect(page.getByTestId('booking-total')).toHaveText(dollars(expert.hourlyRateCents));

  await pickBookableDay(page);
  await expect(page.getByText('Please select a time', { exact: true })).toBeVisible();
  await expect(book).toBeDisabled();
  await page.getByRole('radio').first().click();
  await expect(page.getByText("Please describe what you'd like to discuss", { exact: true })).toBeVisible();

  const topic = page.getByLabel('What would you like to discuss?');
  await topic.fill('    ');
  await expect(book).toBeDisabled();
  await expect(page.getByText("Please describe what you'd like to discuss", { exact: true })).toBeVisible();
  await topic.fill('CFA level II preparation');
  await expect(book).toBeEnabled();

  await page.getByLabel('Duration').selectOption('30');
  await expect(page.getByTestId('booking-total')).toHaveText(dollars(expert.hourlyRateCents / 2));
  // Slots are refetched for the new duration; the earlier time may no longer be offered.
  if ((await page.getByRole('radio', { checked: true }).count()) === 0) await page.getByRole('radio').first().click();

  await book.click();
  // A step to take, not an error: a status beside the card, no red alert.
  const prompt = page.getByRole('status').filter({ hasText: 'Please sign in to book a session' });
  await expect(prompt).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Please sign in' })).toHaveCount(0);
  await expect(prompt.getByRole('link')).toHaveAttribute('href', `/signup?next=${encodeURIComponent(`/expert/${expert.slug}`)}`);
  await expect(page).toHaveURL(new RegExp(`/expert/${expert.slug}$`));

  expect(await seriousViolations(page)).toEqual([]);
});

test('the review count opens the reviews dialog of verified reviews', async ({ page, client, expert }) => {
  // A paid session that took place, confirmed and reviewed by its client.
  const session = await bookViaApi(client.request, expert.slug, 3);
  await moveIntoPast(client.request, session, 5);
  await reviewViaApi(client.request, session, 'Sharp, practical advice on my portfolio.');

  await page.goto(`/expert/${expert.slug}`);
  await page.getByRole('button', { name: '1 review' }).click();
  const dialog = page.getByRole('dialog', { name: `Reviews of ${expert.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sharp, practical advice on my portfolio.')).toBeVisible();
  // A review comes only from a paid session that took place, and says so.
  await expect(dialog.getByText(/1 review from verified paid sessions, newest first/)).toBeVisible();
  await expect(dialog.getByText('Verified session').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('an unknown expert shows Expert Not Found with a link home', async ({ page }) => {
  await page.goto('/expert/no-such-expert');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Expert Not Found');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
});

test('while a new search loads, the last answer stays dimmed and says nothing about the new search', async ({ page, expert }) => {
  await page.goto('/results');
  await expect(page.getByText(/^Showing 1–/)).toBeVisible();
  // Hold this search's answer back, as a slow network would.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/experts?*query=${expert.lastName}*`, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('searchbox', { name: 'Search experts' }).fill(expert.lastName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Experts for "${expert.lastName}"`);
  await expect(page.locator('main ul[aria-busy="true"]')).toBeVisible();
  await expect(page.getByText(/No experts matched/)).toHaveCount(0);
  await expect(page.getByText(/^Showing 1–/)).toHaveCount(0);

  release();
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(expert.name);
  await expect(page.getByText(/^Showing 1–1 of 1 expert$/)).toBeVisible();
  await expect(page.getByText(/No experts matched/)).toHaveCount(0);
});

test('a language named in the search ranks its speakers first and is a chip that removes it', async ({ page, market, expert }) => {
  const speaker = await market.expert({ headline, languages: ['English', 'Yoruba'] });
  // `expert` has the same headline and speaks English only: found too, after the speaker.
  await page.goto(`/results?query=${encodeURIComponent('wayfinding mentor who speaks Yoruba')}`);
  // Rendered by the server with the answer, before the app takes over.
  const chip = page.getByRole('button', { name: 'Remove the language preference Yoruba' });
  await expect(chip).toBeVisible();
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(speaker.name);
  await expect(page.getByRole('article').getByRole('heading', { name: expert.name })).toBeVisible();
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  await shot(page, 'results-language-chip');

  await chip.click();
  await expect(page).toHaveURL(/\/results\?query=wayfinding\+mentor$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Experts for "wayfinding mentor"');
  await expect(page.getByRole('searchbox', { name: 'Search experts' })).toHaveValue('wayfinding mentor');
  await expect(page.getByText('Preferring experts who speak')).toHaveCount(0);
  await shot(page, 'results-language-chip-removed');
});

test('results say when nothing matched, Show All Experts clears the search, and filters, sort and pages live in the URL', async ({ page }) => {
  await page.goto('/results?query=zzzqqq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Experts for "zzzqqq"');
  await expect(page.getByText('No experts matched "zzzqqq" — showing all experts')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a Custom Expert Match' })).toHaveAttribute('href', '/search');

  await page.getByRole('button', { name: 'Show All Experts' }).click();
  await expect(page).toHaveURL(/\/results$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Expert Network');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Experts for "zzzqqq"');
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Expert Network');

  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page.getByRole('article').first()).toBeVisible();
  // The previous list stays on screen until the sorted one arrives.
  const prices = async () => (await page.getByRole('article').getByText(/^\$\d/).allInnerTexts()).map((p) => Number(p.replace(/[$,]/g, '')));
  await expect
    .poll(async () => {
      const shown = await prices();
      return shown.length > 1 && shown.every((p, i) => i === 0 || shown[i - 1]! <= p);
    })
    .toBe(true);

  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // A language and another sort in one go, as a quick hand on a slow phone picks them: the second change comes before
  // the page has caught up with the first, and must not undo it.
  await expect(page.getByLabel('Language').getByRole('option', { name: 'Japanese' })).toBeAttached();
  await page.evaluate(() => {
    for (const [id, value] of [
      ['filter-language', 'Japanese'],
      ['filter-sort', 'rating'],
    ] as const) {
      const select = document.getElementById(id) as HTMLSelectElement;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  });
  await expect(page).toHaveURL(/language=Japanese/);
  await expect(page).toHaveURL(/sort=rating/);
  await expect(page.getByLabel('Language')).toHaveValue('Japanese');
  await expect(page).not.toHaveURL(/page=2/);
  const summary = await page.getByText(/^Showing 1–\d+ of \d+ experts?$/).innerText();
  const total = Number(summary.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(25);
});
