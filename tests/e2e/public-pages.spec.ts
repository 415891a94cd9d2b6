import { expect, test } from './test';

/** Every public page with the heading it must show. */
const pages: [string, RegExp][] = [
  ['/', /Connect to Experience/],
  ['/about', /About the product/],
  ['/community-guidelines', /Community Guidelines/i],
  ['/workshops', /Workshops/i],
  ['/how-it-works/client', /.+/],
  ['/how-it-works/expert', /.+/],
  ['/how-it-works/partner', /.+/],
  ['/partner/university', /.+/],
  ['/partner/recruitment', /.+/],
  ['/international-students', /International Students/i],
  ['/contact', /.+/],
  ['/search', /.+/],
  ['/signup', /Welcome to Mentora/],
  ['/login', /Welcome to Mentora/],
  ['/no-such-page', /404/],
];

// Each page's accessibility (axe, every impact, at 1280 and 390 px) is checked by accessibility.spec.ts.
test('every public page shows its one main heading and has its own title, also after moving between pages in the app', async ({ page }) => {
  const titles = new Map<string, string>();
  for (const [path, heading] of pages) {
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect.soft(h1, path).toHaveCount(1);
    await expect.soft(h1, path).toHaveText(heading);
    titles.set(path, await page.title());
  }
  expect(titles.get('/')).toBe('Mentora — Connect to Experience');
  expect(titles.get('/about')).toBe('About · Mentora');
  expect(new Set(titles.values()).size).toBe(titles.size);

  // Moving in the app (no page load) changes the title too.
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Community guidelines' }).click();
  await expect(page).toHaveTitle('Community Guidelines · Mentora');
});

test('the 404 page links home and logs the path', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  await page.goto('/partner/university/contact');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  expect(logged.some((l) => l.includes('/partner/university/contact'))).toBe(true);
});

test.describe('at phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the public pages do not scroll sideways', async ({ page }) => {
    for (const path of ['/', '/about', '/how-it-works/client', '/contact', '/search', '/signup', '/community-guidelines']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect.soft(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });

  test('the menu button opens the navigation and its links work', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});

test('header dropdowns open, close with Escape, and navigate', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const about = nav.getByRole('button', { name: 'About' });
  await about.click();
  await expect(about).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(about).toHaveAttribute('aria-expanded', 'false');
  await expect(about).toBeFocused();
  await nav.getByRole('button', { name: 'How it Works' }).click();
  await nav.getByRole('link', { name: 'For experts' }).click();
  await expect(page).toHaveURL(/\/how-it-works\/expert$/);
});

test.describe('an expert who mentors international students', () => {
  test.use({ expertOptions: { about: 'Having studied in three countries, I mentor international students on CVs, visas and first jobs abroad.' } });

  test('is found by "Find an International Student Mentor"; an expert who does not mention them is not', async ({ page, expert, market }) => {
    const other = await market.expert();
    await page.goto('/international-students');
    await page.getByRole('link', { name: 'Find an International Student Mentor' }).click();
    await expect(page).toHaveURL(/\/results\?query=international(%20|\+)students$/);
    await expect(page.getByRole('heading', { name: expert.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: other.name })).toHaveCount(0);
  });
});
