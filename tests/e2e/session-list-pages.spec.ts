import { expect, test } from './test';
import { bookViaApi, moveIntoPast, shot, signInAs } from './helpers';

/**
 * Session lists come in pages (docs/product.md "Sessions"): upcoming first, past sessions 20 a page with a pager
 * whose page is in the address, and counters over every session, not only the page shown.
 */
test('a client with many sessions sees the upcoming one first and pages through the past ones; the counters count them all', async ({
  page,
  client,
  expert,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, client);
  const booked = [];
  for (let i = 0; i < 22; i++) booked.push(await bookViaApi(page.request, expert.slug, 3));
  // 21 of them took place, a day apart each (the newest two days ago); one is still ahead.
  for (const [i, s] of booked.slice(0, 21).entries()) await moveIntoPast(page.request, s, 48 + 24 * i);
  const [ahead] = booked.slice(21);

  await page.goto('/dashboard/client');
  const upcoming = page.getByRole('region', { name: 'Upcoming sessions' });
  const past = page.getByRole('region', { name: 'Past sessions' });
  await expect(upcoming.getByRole('heading', { name: 'Upcoming (1)' })).toBeVisible();
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  await expect(upcoming.getByRole('link', { name: 'View Session Details' })).toHaveAttribute('href', `/session/${ahead!.id}`);
  await expect(past.getByRole('heading', { name: 'Past (21)' })).toBeVisible();
  await expect(past.getByRole('listitem')).toHaveCount(20);
  const counters = page.locator('dl[aria-busy="false"]').first();
  await expect(counters.getByText('Upcoming', { exact: true }).locator('..').getByRole('definition')).toHaveText('1');
  await shot(page, 'session-list-pages');

  // The last past session (the oldest) is on page 2; the page is in the address, so a reload and Back keep it.
  const pager = page.getByRole('navigation', { name: 'Past sessions pages' });
  await expect(pager.getByText('Page 1 of 2')).toBeVisible();
  await pager.getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/[?&]past=2/);
  await expect(past.getByRole('listitem')).toHaveCount(1);
  await expect(past.getByRole('link', { name: 'View Session Details' })).toHaveAttribute('href', `/session/${booked[20]!.id}`);
  await expect(upcoming.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Past sessions pages' }).getByText('Page 2 of 2')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('navigation', { name: 'Past sessions pages' }).getByText('Page 1 of 2')).toBeVisible();

  // A page past the last says so and links back to the last one.
  await page.goto('/dashboard/client?past=9');
  await expect(past.getByText('There is no page 9 of past sessions.')).toBeVisible();
  await past.getByRole('link', { name: 'Go to page 2' }).click();
  await expect(past.getByRole('listitem')).toHaveCount(1);
});
