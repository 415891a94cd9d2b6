import { axeViolations } from './axe';
import { expect, test, type Locator, type Page } from './test';
import { makePdf } from '../helpers/uploads';
import { stopsWithoutVisibleFocus } from './focus';
import { linkFromMailbox } from './fixtures/mailbox';
import type { Expert, Marketplace } from './fixtures/marketplace';
import { bookViaApi, expectSettled, moveIntoPast, pickBookableDay, reviewViaApi, signInAs, signInAsTeam } from './helpers';

/**
 * Accessibility: every page of the app, signed out and signed in as client, expert and admin,
 * with its dialogs and menus open, has no axe violations of any impact (all rules axe runs by default,
 * best practices included), at desktop width and at a 390 px phone width: each page state is reached once and
 * checked at one width, then the other (the viewport resized). Each check is a soft expectation,
 * so one run lists every page that fails. Every dialog is also checked against the WAI-ARIA dialog (modal)
 * pattern and the landing's video carousel against the carousel pattern; with reduced motion asked for, a spinner
 * stands still. The keyboard-only booking is in
 * keyboard-booking.spec.ts. The people and sessions each journey looks at are its own (fixtures/marketplace.ts).
 */

/** The two widths every page state is checked at: a desktop's and a 390 px phone's. */
const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
type Width = (typeof widths)[number];

test.use({ viewport: widths[0]!.viewport });

/**
 * Checks the page as it is now at `width` (the viewport resized, the page not loaded again: its layout is its CSS's,
 * which follows the width as it does when loaded at that width). With `settled`, first waits until the page shows it
 * has loaded (expectSettled; not with a modal dialog open, which hides the page's heading). Then checks it with axe
 * until it has no violations or the expect timeout ends: a page may still restyle for a moment after it looks loaded
 * (the booking calendar's days, once the bookable days of the viewer's zone are known, were seen to fail one check
 * and pass the next), and what counts is the page a person reads. With `focus`, also that every Tab stop shows a
 * visible focus outline.
 */
async function expectNoViolationsAt(page: Page, what: string, width: Width, { focus = false, settled = true } = {}) {
  await page.setViewportSize(width.viewport);
  const where = `${what} at ${width.name} width`;
  if (settled) await expectSettled(page, where);
  if (!process.env.NOAXE) await expect.soft.poll(() => axeViolations(page), { message: where, intervals: [500, 1000] }).toEqual([]);
  if (focus && !process.env.NOFOCUS) expect.soft(await stopsWithoutVisibleFocus(page), `Tab stops without visible focus on ${where}`).toEqual([]);
}

/**
 * Checks the page as it is now at both widths (`expectNoViolationsAt`), each page state once per width, and leaves
 * it at desktop width, where the journeys go on.
 */
async function expectNoViolations(page: Page, what: string, options: { focus?: boolean; settled?: boolean } = {}) {
  for (const width of widths) await expectNoViolationsAt(page, what, width, options);
  await page.setViewportSize(widths[0]!.viewport);
}

/** A state with a modal dialog open, or a form's errors shown: checked at both widths as it is. */
const expectNoViolationsNow = (page: Page, what: string) => expectNoViolations(page, what, { settled: false });

/**
 * WAI-ARIA dialog (modal) pattern: opened from `opener` with the keyboard, the dialog has role=dialog,
 * aria-modal=true and is named by its visible title; focus moves into it and Tab / Shift+Tab keep it
 * there; Escape closes it and focus returns to the opener. Leaves the dialog closed.
 */
async function expectModalDialogPattern(page: Page, opener: Locator, title: string | RegExp) {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  const titleId = await dialog.getAttribute('aria-labelledby');
  expect(titleId, 'the dialog is labelled by its title').toBeTruthy();
  await expect(page.locator(`[id="${titleId}"]`)).toHaveText(title);
  const focusInside = () => dialog.evaluate((d) => d.contains(document.activeElement) && document.activeElement !== d);
  await expect.poll(focusInside, { message: 'focus moves into the dialog' }).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(await focusInside(), `${key} keeps focus in the dialog`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, 'focus returns to the opener').toBeFocused();
}

/**
 * The public pages whose every Tab stop must show a visible focus outline. Focus is checked on the same load as the
 * page's axe check (a page load is most of a check's cost: docs/performance.md "Test suite"), here and on an expert's
 * profile and the signed-in dashboards below.
 */
const focusCheckedPublicPaths = new Set([
  '/',
  '/results',
  '/about',
  '/contact',
  '/search',
  '/login',
  '/how-it-works/client',
  '/how-it-works/partner',
  '/community-guidelines',
  '/expert/application-landing',
  '/workshops',
  '/no-such-page',
]);

/** Opens `path` fresh and checks it at both widths (`expectNoViolations`). */
async function visit(page: Page, path: string, options: { focus?: boolean } = {}) {
  await page.goto(path);
  await expectNoViolations(page, path, options);
}

/** A published expert with one public review (from a paid session of another new client that took place), so a profile shows every part. */
async function reviewedExpert(market: Marketplace): Promise<Expert> {
  const [expert, reviewer] = await Promise.all([market.expert(), market.client()]);
  const session = await bookViaApi(reviewer.request, expert.slug, 3);
  await moveIntoPast(reviewer.request, session, 5);
  await reviewViaApi(reviewer.request, session, 'Clear, practical advice.');
  return expert;
}

/** Every public route of the router (src/web/app/router.tsx) that shows no expert of a journey's own, with filters, and the 404 pages; in groups, so the groups' checks spread over the workers. */
const publicPathGroups = [
  ['/', '/about', '/community-guidelines', '/workshops', '/how-it-works/client', '/how-it-works/expert', '/how-it-works/partner'],
  ['/partner/university', '/partner/recruitment', '/international-students', '/contact', '/search', '/partner/university/contact'],
  ['/results', '/results?query=design', '/results?query=zzzqqq', '/results?language=Japanese&sort=price_asc&page=1', '/results?page=2'],
  ['/expert/no-such-expert', '/expert/application-landing', '/expert/application', '/signup', '/login'],
  ['/reset-password', '/reset-password?token=not-a-real-token', '/payment', '/session/00000000-0000-4000-8000-000000000000', '/no-such-page'],
];

/** The public pages of the expert `slug`. */
const expertPaths = (slug: string) => [`/expert/${slug}`, `/expert/${slug}/feedback`, `/expert/${slug}/private-feedback`];

for (const paths of publicPathGroups)
  test(`public pages ${paths[0]} …`, async ({ page }) => {
    // Up to seven pages, each checked by axe and most Tab-walked for focus, at both widths.
    test.setTimeout(180_000);
    for (const path of paths) await visit(page, path, { focus: focusCheckedPublicPaths.has(path) });
  });

test("an expert's public pages, with a review", async ({ page, market }) => {
  test.setTimeout(120_000);
  const { slug } = await reviewedExpert(market);
  for (const path of expertPaths(slug)) await visit(page, path, { focus: path === `/expert/${slug}` });
});

test('public pages with dialogs, menus and form errors open', async ({ page, market }) => {
  // A minute more than the pages alone take: the journey first makes an expert with a review.
  test.setTimeout(240_000);
  const expert = await reviewedExpert(market);
  // The page's timers are Playwright's (time still flows), so that "no rotation" below is checked over a long
  // stretch of the page's time without waiting for it.
  await page.clock.install();
  await page.goto('/');
  // The phone's menu (a phone's only: at desktop width the header shows the links), then the page at desktop width.
  await page.setViewportSize(widths[1]!.viewport);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expectNoViolationsAt(page, '/ with the menu open', widths[1]!);
  await page.getByRole('button', { name: 'Close menu' }).click();
  await page.setViewportSize(widths[0]!.viewport);
  // The video carousel (WAI-ARIA carousel pattern): a region named "Expert videos" with the carousel
  // role description, slides as groups labelled "n of m" with the slide role description, labelled
  // previous / next buttons that work from the keyboard, and no rotation unless the visitor plays.
  const carousel = page.getByRole('region', { name: 'Expert videos' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  const slides = carousel.locator('[role="group"][aria-roledescription="slide"]');
  const count = await slides.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) await expect(slides.nth(i)).toHaveAttribute('aria-label', `${i + 1} of ${count}`);
  const shown = carousel.locator('[aria-roledescription="slide"]:not([hidden])');
  await expect(shown).toHaveAttribute('aria-label', `1 of ${count}`);
  await expect(carousel.getByRole('button', { name: 'Play video' })).toBeVisible();
  await page.clock.runFor(30_000);
  await expect(shown, 'no automatic rotation in 30 s').toHaveAttribute('aria-label', `1 of ${count}`);
  await carousel.getByRole('button', { name: 'Next video' }).focus();
  await page.keyboard.press('Enter');
  await expect(shown).toHaveAttribute('aria-label', `2 of ${count}`);
  await expect(carousel.getByRole('button', { name: 'Next video' })).toBeFocused();
  await expectNoViolationsNow(page, '/ carousel on video 2');
  await carousel.getByRole('button', { name: 'Previous video' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Space');
  await expect(shown).toHaveAttribute('aria-label', `${count} of ${count}`);
  await carousel.getByRole('button', { name: 'Go to video 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(shown).toHaveAttribute('aria-label', `1 of ${count}`);
  await expect(carousel.getByRole('button', { name: 'Go to video 1' })).toHaveAttribute('aria-current', 'true');

  // The testimonials rotate by themselves, so their pause control comes first among their controls.
  const stories = page.getByRole('region', { name: 'Success stories' });
  await expect(stories).toHaveAttribute('aria-roledescription', 'carousel');
  await expect(stories.locator('[role="group"][aria-roledescription="slide"]')).toHaveAttribute('aria-label', /^1 of \d+$/);
  await expect(stories.getByRole('button').first()).toHaveAccessibleName('Pause rotating testimonials');
  await stories.getByRole('button').first().focus();
  await page.keyboard.press('Enter');
  await expect(stories.getByRole('button').first()).toHaveAccessibleName('Resume rotating testimonials');

  await page.goto(`/expert/${expert.slug}`);
  await page.getByRole('button', { name: /\d+ reviews?/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolationsNow(page, 'reviews dialog');
  await page.keyboard.press('Escape');
  await expectModalDialogPattern(page, page.getByRole('button', { name: /\d+ reviews?/ }), `Reviews of ${expert.name}`);

  // The booking card with a day and time picked, and the sign-in prompt.
  await pickBookableDay(page);
  await page.getByRole('radio').first().click();
  await page.getByLabel('What would you like to discuss?').fill('CFA level II preparation');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Please sign in to book a session' })).toBeVisible();
  await expectNoViolationsNow(page, 'booking card with a slot and the sign-in prompt');

  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expectNoViolationsNow(page, 'sign-in form with errors');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).last().click();
  await expectNoViolationsNow(page, 'sign-up form with errors');

  await page.goto('/contact');
  await page.getByLabel('Name').fill('Dana Visitor');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('textbox', { name: 'Message' }).fill('Do you offer team discounts?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectNoViolationsNow(page, 'contact form with errors');
});

test('signed-in client pages and dialogs', async ({ page, client, expert: { slug } }) => {
  test.setTimeout(360_000);
  await signInAs(page, client);
  const upcoming = await bookViaApi(page.request, slug, 12);
  const past = await bookViaApi(page.request, slug, 12);
  await moveIntoPast(page.request, past, 5);

  for (const path of [
    '/dashboard/client',
    `/session/${upcoming.id}`,
    `/session/${past.id}`,
    `/session/confirm/${past.id}`,
    '/messages',
    `/expert/${slug}/feedback`,
    `/expert/${slug}/private-feedback`,
    '/payment',
    '/signup',
    '/expert/application-landing',
    '/expert/application',
    '/results',
    `/expert/${slug}`,
    '/about',
  ])
    await visit(page, path, { focus: path === '/dashboard/client' });

  await page.goto(`/session/${upcoming.id}`);
  await page.getByRole('button', { name: 'Cancel Session' }).click();
  const cancel = page.getByRole('dialog');
  await expect(cancel).toBeVisible();
  await expectNoViolationsNow(page, 'client cancel dialog');
  await cancel.getByRole('button', { name: 'Cancel Session' }).click();
  await expect(cancel.getByRole('alert')).toBeVisible();
  await expectNoViolationsNow(page, 'client cancel dialog with an error');
  await page.keyboard.press('Escape');
  await expectModalDialogPattern(page, page.getByRole('button', { name: 'Cancel Session' }), 'Cancel this session?');

  await page.goto(`/session/confirm/${past.id}`);
  await page.getByRole('button', { name: 'No, Report an Issue' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolationsNow(page, 'dispute dialog');
  await page.keyboard.press('Escape');
  await expectModalDialogPattern(page, page.getByRole('button', { name: 'No, Report an Issue' }), 'Report an issue');

  // The payment page with a booking in its address (as the booking card opens it) and a declined card.
  const booking = new URLSearchParams({ expert: slug, start: upcoming.startsAt, duration: '60', topic: 'System design interview practice' });
  await visit(page, `/payment?${booking}`);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectNoViolationsNow(page, 'payment form with an error');

  // The feedback form: the page checked above said there was no session to review, as the past session was not
  // confirmed yet; confirmed, it is one.
  const confirmed = await page.request.post(`/api/sessions/${past.id}/confirm`);
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await visit(page, `/expert/${slug}/feedback`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^How was your session with /);
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please answer all rating questions');
  await expectNoViolationsNow(page, 'feedback form with errors');
});

test('signed-in expert pages and dialogs', async ({ page, client, expert }) => {
  test.setTimeout(240_000);
  await signInAs(page, client);
  const upcoming = await bookViaApi(page.request, expert.slug, 14);
  await signInAs(page, expert);

  for (const path of [
    '/dashboard/expert',
    '/dashboard/expert/availability',
    '/dashboard/expert/profile',
    `/session/${upcoming.id}`,
    '/expert/application',
    '/expert/application-landing',
    `/expert/${expert.slug}`,
    '/signup',
  ])
    await visit(page, path, { focus: path.startsWith('/dashboard/expert') });

  await page.goto(`/session/${upcoming.id}`);
  await page.getByRole('button', { name: 'Cancel Session' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolationsNow(page, 'expert cancel dialog');
  await page.keyboard.press('Escape');
  await expectModalDialogPattern(page, page.getByRole('button', { name: 'Cancel Session' }), 'Cancel this session?');
});

test('a new account: complete profile, the application wizard step by step, the submitted screen, the pending dashboard, /account', async ({ page }) => {
  test.setTimeout(240_000);
  const email = `a11y-${Date.now()}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { email, password: 'a-good-password', name: '' } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await page.goto(await linkFromMailbox(page, email, /http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^"<\s]+/));
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expectNoViolations(page, 'complete your profile');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectNoViolationsNow(page, 'complete your profile with errors');
  const profile = await page.request.put('/api/me/profile', { data: { firstName: 'Robin', lastName: 'Reyes', role: 'expert' } });
  expect(profile.status(), await profile.text()).toBe(200);

  await visit(page, '/dashboard/expert');
  await visit(page, '/expert/application');
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel(/Professional title/).fill('Marketing Director');
  await page.getByLabel(/Years of experience/).selectOption('11-15');
  await page.getByLabel(/LinkedIn profile/).fill('my linkedin');
  await page.getByLabel(/LinkedIn profile/).blur();
  await expect(page.getByText('Please enter a valid URL for your LinkedIn profile', { exact: false }).first()).toBeVisible();
  await expectNoViolationsNow(page, 'wizard step 1 with an error');
  await page.getByLabel(/LinkedIn profile/).fill('https://www.linkedin.com/in/robin-reyes');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Upload your CV' })).toBeVisible();
  await expectNoViolationsNow(page, 'wizard step 2');
  await page.locator('#cv-file').setInputFiles({
    name: 'robin-cv.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf(['Robin Reyes', 'Marketing director, 12 years', 'Brand strategy, public speaking']),
  });
  await expect(page.getByText('CV uploaded successfully!')).toBeVisible({ timeout: 30_000 });
  await expectNoViolationsNow(page, 'wizard step 2 with a CV');
  await next.click();
  await expect(page.getByText(/of 3 selected/)).toBeVisible();
  if (await page.getByText('0 of 3 selected').count()) await page.getByRole('button', { name: /^Marketing/ }).click();
  await expectNoViolationsNow(page, 'wizard step 3');
  await next.click();
  await expect(page.getByLabel(/Why do you want to become an expert/)).toBeVisible();
  await expectNoViolationsNow(page, 'wizard step 4');
  await page.getByLabel(/Why do you want to become an expert/).fill('I want to help early-career marketers find their voice.');
  await next.click();
  await page.getByLabel(/Reference email/).fill('not-an-email');
  await page.getByLabel(/Reference email/).blur();
  await expectNoViolationsNow(page, 'wizard step 5 with an error');
  await page.getByLabel(/Reference email/).fill('');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  await expectNoViolationsNow(page, 'application submitted');
  await visit(page, '/dashboard/expert');
  await visit(page, '/expert/application');
  await visit(page, '/account');
});

test('team console pages and dialogs', async ({ page, client, expert, operator }) => {
  test.setTimeout(240_000);
  await signInAs(page, client);
  const disputed = await bookViaApi(page.request, expert.slug, 12);
  await moveIntoPast(page.request, disputed, 5);
  const reported = await page.request.post(`/api/sessions/${disputed.id}/dispute`, { data: { description: 'The expert joined 40 minutes late.' } });
  expect(reported.status(), await reported.text()).toBe(200);

  await signInAsTeam(page, operator);
  await expectNoViolations(page, '/admin/dashboard', { focus: true });
  for (const path of ['/admin/applications', '/admin/disputes', '/admin/inbox', '/admin/inbox?status=handled', '/admin/payment-retries', '/admin/audit'])
    await visit(page, path, { focus: ['/admin/applications', '/admin/inbox', '/admin/audit'].includes(path) });

  const applications = (await (await page.request.get('/api/admin/applications')).json()) as { items: { id: string }[] };
  expect(applications.items.length).toBeGreaterThan(0);
  await visit(page, `/admin/applications/${applications.items[0]!.id}`);
  const reject = page.getByRole('button', { name: 'Reject', exact: true });
  await expect(reject).toBeVisible();
  await reject.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolationsNow(page, 'reject dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Reject Application' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
  await expectNoViolationsNow(page, 'reject dialog with an error');
  await page.keyboard.press('Escape');
  await expectModalDialogPattern(page, reject, 'Reject this application?');

  const disputes = (await (await page.request.get('/api/admin/disputes?status=open&pageSize=100')).json()) as {
    items: { id: string; session: { id: string } }[];
  };
  const dispute = disputes.items.find((d) => d.session.id === disputed.id);
  expect(dispute).toBeDefined();
  await visit(page, `/admin/disputes/${dispute!.id}`);
  await page.getByRole('button', { name: 'Decide Dispute' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolationsNow(page, 'decide dispute dialog');
  await page.keyboard.press('Escape');
  await expectModalDialogPattern(page, page.getByRole('button', { name: 'Decide Dispute' }), 'Decide this dispute');
});

test('with reduced motion asked for, a loading spinner stands still', async ({ page, expert }) => {
  // The journeys' browser asks for reduced motion (playwright.config.ts). The booking card's month never loads here.
  await page.route('**/api/experts/*/availability-days?**', () => {});
  await page.goto(`/expert/${expert.slug}`);
  const spinner = page.getByRole('status', { name: 'Checking availability' });
  await expect(spinner).toBeVisible();
  // An endless animation, however short each turn, would keep the page repainting every frame while it shows.
  await expect.poll(() => spinner.evaluate((el) => el.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
});
