import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 6 §2 "Web", the parts a browser can check directly (bench/lighthouse.mjs measures the scores):
 * on the landing page, the results page and an expert profile, every request made while the page loads
 * stays on the site's own origin (fonts, images and scripts are local), the page logs no
 * Content-Security-Policy violation, every image has width and height and decodes asynchronously, and
 * images outside the first screen load lazily. The pages of lazy routes list their code as modulepreload.
 */

async function firstExpertId(page: Page): Promise<string> {
  const res = await page.request.get('/api/experts?pageSize=1');
  const body = (await res.json()) as { experts: { id: string }[] };
  return body.experts[0]!.id;
}

/** Loads `path` at `width` × 844 until the network is idle; returns foreign request URLs and CSP violations. */
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
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
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
          return { src: img.getAttribute('src'), width: img.getAttribute('width'), height: img.getAttribute('height'), decoding: img.getAttribute('decoding'), loading: img.getAttribute('loading'), belowFold: box.top + window.scrollY > window.innerHeight * 1.5 };
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

test('the page of a lazy route lists its code as modulepreload, so it loads alongside the entry', async ({ request }) => {
  const html = await (await request.get('/results')).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/results-page-[\w-]+\.js">/);
  const landing = await (await request.get('/')).text();
  expect(landing).not.toContain('results-page-');
});
