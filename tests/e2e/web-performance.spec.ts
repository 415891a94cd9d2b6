import { test as plain } from '@playwright/test';
import { expect, test, type Page } from './test';
import { expectSettled } from './helpers';

/**
 * Web performance, the parts a browser can check directly (bench/lighthouse.mjs measures the scores):
 * on the landing page, the results page and an expert profile, every request made while the page loads
 * stays on the site's own origin (fonts, images and scripts are local), the page logs no
 * Content-Security-Policy violation, every image has width and height and decodes asynchronously, and
 * images outside the first screen load lazily. Browser-rendered pages list their code as modulepreload; the
 * public pages arrive server-rendered, readable before any script runs, and hydrate without an error.
 */

async function firstExpertId(page: Page): Promise<string> {
  const res = await page.request.get('/api/experts?pageSize=1');
  const body = (await res.json()) as { experts: { id: string }[] };
  return body.experts[0]!.id;
}

/** Loads `path` at `width` × 844 until it shows it has loaded; returns foreign request URLs and CSP violations. */
async function load(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 844 });
  const foreign: string[] = [];
  const base = new URL(test.info().project.use.baseURL!).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${base}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  await page.goto(path);
  await expectSettled(page, path);
  const csp = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  return { foreign, csp };
}

for (const width of [390, 1280]) {
  test(`landing, results and a profile at ${width} px: same-origin requests only, no CSP violation, sized and lazy images`, async ({ page }) => {
    const id = await firstExpertId(page);
    for (const [path, ready] of [
      ['/', page.getByRole('heading', { level: 1 })],
      ['/results', page.getByRole('article').first()],
      [`/expert/${id}`, page.getByRole('heading', { level: 1 })],
    ] as const) {
      const { foreign, csp } = await load(page, path, width);
      await expect(ready).toBeVisible();
      expect(foreign, `${path}: requests to other origins`).toEqual([]);
      expect(csp, `${path}: CSP violations`).toEqual([]);
      const images = await page.$$eval('img', (els) =>
        els.map((img) => {
          const box = img.getBoundingClientRect();
          return {
            src: img.getAttribute('src'),
            width: img.getAttribute('width'),
            height: img.getAttribute('height'),
            decoding: img.getAttribute('decoding'),
            loading: img.getAttribute('loading'),
            belowFold: box.top + window.scrollY > window.innerHeight * 1.5,
          };
        }),
      );
      for (const img of images) {
        expect(img.width && img.height, `${path}: ${img.src} has width and height`).toBeTruthy();
        expect(img.decoding, `${path}: ${img.src} decodes async`).toBe('async');
        if (img.belowFold) expect(img.loading, `${path}: ${img.src} is below the fold and loads lazily`).toBe('lazy');
      }
    }
  });
}

test('a browser-rendered page lists its code as modulepreload, so it loads alongside the entry', async ({ request }) => {
  const html = await (await request.get('/contact')).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/contact-page-[\w-]+\.js">/);
  expect(html).not.toContain('results-page-');
});

// Playwright's own test: without JavaScript the app never takes the page over, so nothing to wait for.
plain.describe('without JavaScript', () => {
  plain.use({ javaScriptEnabled: false });
  plain('the landing page, the results and a profile are readable from the HTML alone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/results');
    await expect(page.getByRole('heading', { name: 'Our Expert Network' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    const link = page.getByRole('article').first().getByRole('link').first();
    const name = (await link.textContent())!.trim();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  });
});

for (const width of [390, 1280]) {
  test(`server-rendered pages hydrate without an error and respond at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const id = await firstExpertId(page);
    // page.goto resolves once the app has hydrated the page (tests/e2e/test.ts): any hydration error is logged by then.
    for (const path of ['/', '/results', `/expert/${id}`, '/about', '/how-it-works/client']) {
      await page.goto(path);
      expect(errors, `${path}: console errors while hydrating`).toEqual([]);
    }
    // Hydrated: the search box of the results page drives the list.
    await page.goto('/results');
    await page.getByRole('searchbox').first().fill('finance');
    await page.getByRole('searchbox').first().press('Enter');
    await expect(page).toHaveURL(/query=finance/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Experts for "finance"');
    // And the profile's booking card, which only the browser renders, appears.
    await page.goto(`/expert/${id}`);
    await expect(page.getByRole('region', { name: 'Book a session' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}
