/**
 * A read that fails is shown as a failure with a 'Try again', never as an ordinary state: the reviews dialog does
 * not say the expert has no reviews, and the booking card does not quietly drop the free intro. The API is made
 * to answer 500 with `page.route`, then answers again, and 'Try again' brings the real content.
 */
import { messages } from '../../src/shared/messages';
import { signUpAs, shot } from './helpers';
import { expect, test, type Page } from './test';

const failing = (page: Page, pattern: string) =>
  page.route(pattern, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: messages.common.internal } }) }),
  );

/** The slug of a published expert, whichever the catalogue lists first (the journey names none). */
async function anyExpert(page: Page): Promise<{ slug: string; name: string }> {
  const { experts } = (await (await page.request.get('/api/experts?pageSize=1')).json()) as { experts: { slug: string; name: string }[] };
  expect(experts.length).toBeGreaterThan(0);
  return experts[0]!;
}

test('a failed reviews read and a failed free-intro check show an error with Try again, and Try again loads them', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  await signUpAs(page, { email: `load-errors-${stamp}@example.com`, firstName: 'Lena', lastName: 'Loaderror' }, 'Client');
  const expert = await anyExpert(page);

  await failing(page, '**/api/experts/*/feedback-eligibility');
  await failing(page, '**/api/experts/*/reviews?*');
  await page.goto(`/expert/${expert.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expert.name);

  // The booking card: the check failed, so it says so (after the client's own retries) instead of offering nothing.
  const eligibilityError = page.getByRole('alert').filter({ hasText: messages.common.loadFailed.introEligibility });
  await expect(eligibilityError).toBeVisible({ timeout: 20_000 });
  await expect(eligibilityError).toContainText(messages.common.internal);
  await expect(page.getByText('Free 15-minute intro meeting')).toHaveCount(0);

  await eligibilityError.scrollIntoViewIfNeeded();
  await shot(page, 'load-error-intro-eligibility');

  // The reviews dialog: an error with Try again, not 'No reviews yet'.
  await page.getByRole('button', { name: /\d+ reviews?$/ }).click();
  const dialog = page.getByRole('dialog');
  const reviewsError = dialog.getByRole('alert').filter({ hasText: messages.common.loadFailed.reviews });
  await expect(reviewsError).toBeVisible({ timeout: 20_000 });
  await expect(reviewsError).toContainText(messages.common.internal);
  await expect(dialog.getByText('No reviews yet')).toHaveCount(0);
  await shot(page, 'load-error-reviews');

  // The API answers again: Try again brings the reviews, then the free intro.
  await page.unrouteAll();
  await reviewsError.getByRole('button', { name: 'Try again' }).click();
  await expect(reviewsError).toHaveCount(0);
  await expect(dialog.getByRole('listitem').first().or(dialog.getByText('No reviews yet'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await eligibilityError.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Free 15-minute intro meeting')).toBeVisible();
  await expect(eligibilityError).toHaveCount(0);
});
