import { expect, test, type Page } from './test';
import path from 'node:path';
import { expectVisibleFocus, focused, tabTo } from './focus';
import { expectSettled, pinClock } from './helpers';

/**
 * Keyboard-only booking: from the landing page a client signs in, finds an expert, picks a day,
 * a time and a topic, and pays with the simulated test card, using only Tab / Shift+Tab / Enter / Space /
 * arrow keys and typing; no clicks, no fill(). Every element that takes focus on the way must show a
 * visible focus indicator (an outline from the app's :focus-visible style). Runs at desktop and at 390 px.
 */

async function focusShot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

const viewports = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of viewports) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });
    test('a client books and pays for a session using only the keyboard', async ({ page, client, expert }) => {
      test.setTimeout(120_000);
      await pinClock(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // The first Tab reaches the skip link, which must show itself.
      await page.keyboard.press('Tab');
      expect((await focused(page, 'a[href="#main"]')).matches).toBe(true);
      await expectVisibleFocus(page);
      await focusShot(page, `${name}-01-skip-link`);

      // Sign in (below 1024 px the header links are behind the menu button).
      if (name === 'phone') {
        await tabTo(page, 'button[aria-label="Open menu"]');
        await page.keyboard.press('Enter');
      }
      await tabTo(page, 'a[href="/signup"]', /^Sign In$/);
      await focusShot(page, `${name}-02-sign-in-link`);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByRole('button', { name: 'Continue with Email' })).toBeVisible();
      await tabTo(page, 'button', /^Continue with Email$/);
      await page.keyboard.press('Enter');
      // The Sign In / Sign Up tabs (WAI-ARIA tabs: one tab stop, arrow keys select).
      await tabTo(page, '[role="tab"][aria-selected="true"]', /^Sign Up$/);
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: 'Sign In' })).toBeFocused();
      await expectVisibleFocus(page);
      await tabTo(page, 'input[type="email"]');
      await page.keyboard.type(client.email);
      await focusShot(page, `${name}-03-email-field`);
      await tabTo(page, 'input[type="password"]');
      await page.keyboard.type(client.password);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/dashboard\/client$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // Find an expert: the dashboard's quick action to the results.
      await tabTo(page, 'main a[href="/results"]', undefined, { max: 120 });
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/results$/);
      await expect(page.getByRole('article').first()).toBeVisible();
      await tabTo(page, 'input[type="search"]');
      // The journey's own expert, by a name no one else has.
      await page.keyboard.type(expert.lastName);
      await expect(page.getByRole('searchbox', { name: 'Search experts' })).toHaveValue(expert.lastName);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/results\\?query=${expert.lastName}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Experts for "${expert.lastName}"`);
      // The previous answer stays on screen, dimmed, until this one arrives: wait for this search's own first card.
      await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(expert.name);
      await tabTo(page, 'article a[href^="/expert/"]', undefined, { max: 120 });
      const expertName = await page.evaluate(() => (document.activeElement as HTMLElement).innerText.trim());
      expect(expertName).toBe(expert.name);
      await focusShot(page, `${name}-04-expert-card-link`);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/expert\/[a-z0-9-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expertName);

      // Choose a date: Tab into the calendar (its one tabbable day), arrows move between days, Enter picks.
      // A month without open days: the Next month button first. The second bookable day: late in the day, today's
      // only time left may be one (the 2-hour notice), and the times below need two.
      const calendar = page.getByRole('grid');
      await expect(calendar.locator('button:not([disabled])').first()).toBeVisible();
      await tabTo(page, '[role="grid"] button', undefined, { max: 150 });
      await focusShot(page, `${name}-05-calendar-day`);
      for (let i = 0, bookable = 0; i < 40; i++) {
        if ((await focused(page, '[role="grid"] button:not([disabled])')).matches && ++bookable === 2) break;
        await page.keyboard.press('ArrowRight');
        await expectVisibleFocus(page);
      }
      await page.keyboard.press('Enter');
      await expect(calendar.getByRole('button', { pressed: true }).or(calendar.locator('[aria-selected="true"]')).first()).toBeVisible();

      // Choose a time: Tab reaches the radio group, Enter or Space checks the focused time.
      // (Wait until the card has its data, the signed-in client's free intro offered among it, so it stops re-rendering.)
      await expect(page.getByRole('radio').first()).toBeVisible();
      await expect(page.getByRole('checkbox', { name: /Free 15-minute intro meeting/ })).toBeVisible();
      await expectSettled(page);
      await tabTo(page, '[role="radio"]');
      const first = await page.evaluate(() => document.activeElement?.getAttribute('value'));
      // Enter picks the focused time, as Space does.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('radio', { checked: true })).toHaveAttribute('value', first!);
      await page.keyboard.press('ArrowRight');
      // Radix moves focus to the next time in a timeout after the key press; Chrome runs queued input before
      // timers, so a Space sent at once would still land on the first time. Wait as a person's next key would.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('value'))).not.toBe(first);
      await expectVisibleFocus(page);
      await page.keyboard.press('Space');
      await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
      await expect(page.getByRole('radio', { checked: true })).toBeFocused();
      await focusShot(page, `${name}-06-time-slot`);

      // Keep the default duration; type the topic.
      await tabTo(page, 'select');
      await tabTo(page, 'textarea');
      await page.keyboard.type('Reviewing my portfolio before design interviews');
      await tabTo(page, 'button[type="submit"]', /^Continue to payment$/);
      await focusShot(page, `${name}-07-continue-button`);
      await page.keyboard.press('Enter');

      // Pay with the simulated test card.
      await expect(page).toHaveURL(/\/payment\?expert=/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your booking');
      await tabTo(page, '#cardholder-name');
      await page.keyboard.type('Casey Client');
      await tabTo(page, '#card-number');
      await page.keyboard.type('4242424242424242');
      await focusShot(page, `${name}-08-card-number`);
      await tabTo(page, '#card-expiry');
      await page.keyboard.type('1235');
      await tabTo(page, '#card-cvc');
      await page.keyboard.type('123');
      await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
      await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/35');
      await tabTo(page, 'button[type="submit"]', /^Pay \$/);
      await focusShot(page, `${name}-09-pay-button`);
      await page.keyboard.press('Enter');

      await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/);
      await expect(page.getByText('Payment successful! Your session has been booked.')).toBeVisible();
      await expect(page.getByText(`Session booked with ${expertName}!`)).toBeVisible();

      // The session is booked and paid.
      const { sessions } = (await (await page.request.get('/api/sessions')).json()) as {
        sessions: { expertName: string; topic: string; status: string; createdAt: string; payment: { status: string; cardLast4: string | null } | null }[];
      };
      const booked = sessions
        .filter((s) => s.expertName === expertName && s.topic === 'Reviewing my portfolio before design interviews')
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
      expect(booked, JSON.stringify(sessions)).toBeDefined();
      expect(booked!.status).toBe('booked');
      expect(booked!.payment).toMatchObject({ status: 'held', cardLast4: '4242' });
    });
  });
}
