import { expect, request as http, test, type Locator, type Page } from './test';
import { seriousViolations } from './axe';
import { bookViaApi, signInAs } from './helpers';

/**
 * The calendar feed (docs/product.md "Calendar feed"): a new client books a session, creates their private calendar
 * address on /account, copies it, and a calendar program (a request without the browser's cookies) reads their
 * session from it; after a reset the old address answers 404 and the new one the feed.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The card at a desktop (1280 px) and a phone (390 px) width, into SHOTS_DIR when set. */
async function cardShots(page: Page, card: Locator, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a new user subscribes to their sessions and resets the address', async ({ page, client, expert, baseURL }) => {
  await signInAs(page, client);
  const session = await bookViaApi(page.request, expert.slug, 2);

  await page.goto('/account');
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Calendar feed' }) });
  await expect(card.getByText('How to subscribe: add a calendar from URL', { exact: false })).toBeVisible();
  await cardShots(page, card, 'calendar-feed-new');
  await card.getByRole('button', { name: 'Create address' }).click();
  const address = card.getByLabel('Your calendar address');
  await expect(address).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(card.getByRole('status')).toHaveText(/Copied/);
  const first = await page.evaluate(() => navigator.clipboard.readText());
  expect(first).toBe(await address.inputValue());
  expect(await seriousViolations(page)).toEqual([]);
  await cardShots(page, card, 'calendar-feed-created');

  // A calendar program: no cookie of the browser's.
  const calendarApp = await http.newContext({ baseURL });
  const feed = await calendarApp.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  // Unfolded (RFC 5545 §3.1): long lines continue on the next after a space.
  const ics = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('METHOD:PUBLISH');
  expect(ics).toContain(`UID:${session.id}@mentora`);
  expect(ics).toContain(`SUMMARY:Mentora session with ${session.expertName}`);

  // A later visit shows that an address exists, not the address.
  await page.reload();
  await expect(card.getByText('You created your calendar address on', { exact: false })).toBeVisible();
  await expect(card.getByLabel('Your calendar address')).toHaveCount(0);
  await cardShots(page, card, 'calendar-feed-exists');

  await card.getByRole('button', { name: 'Reset address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your calendar address?' });
  await expect(dialog.getByText('stops working at once', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset address' }).click();
  await expect(dialog).toBeHidden();
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  expect(second).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  expect((await calendarApp.get(first)).status()).toBe(404);
  const renewed = await calendarApp.get(second);
  expect(renewed.status()).toBe(200);
  expect(await renewed.text()).toContain(`UID:${session.id}@mentora`);
  await calendarApp.dispose();
});
