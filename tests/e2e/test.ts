/**
 * Playwright's `test` for the journeys, with one change: `page.goto` and `page.reload` of an HTML page resolve
 * only once the app has taken the page over (`<html data-app-ready>`, set by src/web/main.tsx). Public pages
 * arrive server-rendered, visible before their script has run; a click in that moment would do nothing, so
 * a journey waits as a person would for the page to respond. Everything else is Playwright's own.
 */
import { test as base, type Page, type Response } from '@playwright/test';

export * from '@playwright/test';

/** Makes `page.goto` / `page.reload` wait for the app after loading an HTML page; for pages made by hand. */
export function waitingForApp(page: Page): Page {
  for (const name of ['goto', 'reload'] as const) {
    const load = page[name].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await load(...args);
        if (response?.headers()['content-type']?.startsWith('text/html'))
          await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
        return response;
      },
    });
  }
  return page;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitingForApp(page));
  },
});
