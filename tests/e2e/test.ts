/**
 * Playwright's `test` for the journeys, with one change: `page.goto` and `page.reload` of an HTML page resolve
 * only once the app has taken the page over (`<html data-app-ready>`, set by src/web/main.tsx). Public pages
 * arrive server-rendered, visible before their script has run; a click in that moment would do nothing, so
 * a journey waits as a person would for the page to respond. The people a journey needs come from fixtures that
 * make them through the API (fixtures/marketplace.ts). Everything else is Playwright's own.
 */
import { test as base, type Page, type Response } from '@playwright/test';
import { Marketplace, type Account, type Expert, type ExpertOptions } from './fixtures/marketplace';

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

type People = {
  /** Makes more people for this journey (tests/e2e/fixtures/marketplace.ts): `market.client()`, `market.expert({ … })`. */
  market: Marketplace;
  /** A client account of this journey's own. */
  client: Account;
  /** A published expert of this journey's own, bookable every day, all day (UTC) unless `expertOptions` says otherwise. */
  expert: Expert;
  /** How `expert` is made (`test.use({ expertOptions: { … } })`). */
  expertOptions: ExpertOptions;
  /** The team's operator (the seeded team account), signed in through the API with its authenticator. */
  operator: Awaited<ReturnType<Marketplace['operator']>>;
};

export const test = base.extend<People>({
  page: async ({ page }, use) => {
    await use(waitingForApp(page));
  },
  market: async ({ playwright, baseURL }, use) => {
    const market = new Marketplace(playwright.request, baseURL!);
    await use(market);
    await market.dispose();
  },
  // Making people has a time budget of its own, apart from the journey's.
  client: [async ({ market }, use) => use(await market.client()), { timeout: 90_000 }],
  expertOptions: [{}, { option: true }],
  expert: [async ({ market, expertOptions }, use) => use(await market.expert(expertOptions)), { timeout: 90_000 }],
  operator: [async ({ market }, use) => use(await market.operator()), { timeout: 90_000 }],
});
