import { expect, type APIRequestContext, type Locator, type Page } from './test';
import path from 'node:path';
import { feedbackQuestions } from '../../src/shared/feedback';
import { linkFromMailbox } from './fixtures/mailbox';
import { accountPassword } from './fixtures/marketplace';
import { saveTotpSecret, savedTotpSecret, unusedTotp } from './fixtures/totp-secrets';

/** Who signs in: an account a fixture made (tests/e2e/fixtures/marketplace.ts) or the team's operator. */
export type SignIn = { email: string; password: string };

/**
 * Turns on two-factor sign-in on /account through the UI, as a person would: password, the setup key shown
 * next to the QR code, a code computed from it (tests/helpers/totp.ts). Returns the secret and the backup codes.
 */
export async function enrolTwoFactorUi(page: Page, { email, password }: SignIn): Promise<{ secret: string; backupCodes: string[] }> {
  if (!new URL(page.url()).pathname.endsWith('/account')) await page.goto('/account');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Code from your app').fill(await unusedTotp(new URL(page.url()).origin, email, secret));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts();
  saveTotpSecret(new URL(page.url()).origin, email, secret);
  await shot(page, 'two-factor-backup-codes');
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  return { secret, backupCodes };
}

/**
 * Signs in through the real UI with e-mail and password, and the authenticator code when the account has
 * two-factor sign-in (from the secret a journey enrolled). A team member without it is sent to /account by the
 * console: unless `enrolTeam` is false, it is set up there and the console opened, as the newcomer would.
 */
export async function signInUi(page: Page, { email, password }: SignIn, { enrolTeam = true } = {}) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  const res = await answer;
  const body = res.ok() ? ((await res.json()) as { twoFactorRedirect?: boolean }) : {};
  if (body.twoFactorRedirect) {
    const secret = savedTotpSecret(new URL(page.url()).origin, email);
    if (!secret) throw new Error(`${email} has two-factor sign-in but no journey enrolled it`);
    await page.getByLabel('Authentication code').fill(await unusedTotp(new URL(page.url()).origin, email, secret));
    const verified = page.waitForResponse((r) => r.url().endsWith('/api/auth/two-factor/verify-totp'));
    await page.getByRole('button', { name: 'Verify' }).click();
    expect((await verified).ok()).toBe(true);
  }
  if (!res.ok() || !enrolTeam) return;
  const { user } = (await (await page.request.get('/api/me')).json()) as { user: { role: string | null; twoFactorEnabled: boolean } | null };
  if (user?.role !== 'admin' || user.twoFactorEnabled) return;
  await expect(page).toHaveURL(/\/account\?next=%2Fadmin/);
  // Saving the backup codes returns to the console.
  await enrolTwoFactorUi(page, { email, password });
  await expect(page).toHaveURL(/\/admin\//);
}

/**
 * Signs `account` in on `page` without loading a page: the cookies of its own API cookie jar (fixtures/marketplace.ts,
 * signed in when it verified its e-mail) replace those of the page's browser context, so the journey's next
 * `page.goto` opens as that person. For journeys whose subject is not the sign-in form: the form costs a page load
 * (docs/performance.md "Test suite"), and signInUi is kept where the form is what a journey proves. The page and
 * `account.request` then share one session: signing out on the page ends it for both.
 */
export async function signInAs(page: Page, account: { request: APIRequestContext }) {
  await page.context().clearCookies();
  await page.context().addCookies((await account.request.storageState()).cookies);
}

/**
 * Opens the team console as the team's operator, with the run's shared team session (fixtures/marketplace.ts
 * `operator`): signed in as signInAs does, then the console's dashboard opens, where a team sign-in lands.
 * The sign-in form with the authenticator is the journey of two-factor.spec.ts; here it would spend one of the two
 * codes per 30 seconds the server takes for the account (src/server/auth/totp-once.ts), and journeys would queue.
 */
export async function signInAsTeam(page: Page, operator: { request: APIRequestContext }) {
  await signInAs(page, operator);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Signs up a new account through the UI, verifies the e-mail from the dev mailbox and completes the profile as an expert. */
export async function signUpAsExpert(page: Page, person: { email: string; firstName: string; lastName: string }) {
  await signUpAs(page, person, 'Expert');
}

/** Signs up a new account through the UI, verifies the e-mail from the dev mailbox and completes the profile as `role`. */
export async function signUpAs(page: Page, person: { email: string; firstName: string; lastName: string }, role: 'Client' | 'Expert') {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(accountPassword);
  await page.getByLabel('Confirm password').fill(accountPassword);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).last().click();
  await page.goto(await linkFromMailbox(page, person.email, /http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^"<\s]+/));
  await page.getByLabel('First name *').fill(person.firstName);
  await page.getByLabel('Last name *').fill(person.lastName);
  await page.getByRole('radio', { name: new RegExp(role) }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(role === 'Expert' ? /\/dashboard\/expert$/ : /\/dashboard\/client$/);
}

/**
 * Pins the time of a journey that books: every request of `page`'s browser context (pages, their `fetch`,
 * `page.request`) carries `X-Test-Now` with this moment, so the server answers its bookable days and times and checks
 * its booking's 2-hour notice at that one instant however long the journey takes (src/server/http/test-clock.ts).
 * The page keeps the real clock: what it shows as bookable comes from those answers, and its own checks (a time in
 * the future, which month is today's) run at most the journey's length ahead of the pinned instant, never near the
 * notice. Call it before the journey's first page.
 */
export async function pinClock(page: Page) {
  await page.context().setExtraHTTPHeaders({ 'X-Test-Now': new Date().toISOString() });
}

/**
 * Waits until the page shows it has finished loading, as a person sees it: its main heading, no spinner, and nothing
 * marked busy (`aria-busy`: the page between routes, a list or a month of bookable days being read).
 */
export async function expectSettled(page: Page, what?: string) {
  await expect(page.getByRole('heading', { level: 1 }).first(), what).toBeVisible();
  await expect(page.locator('.animate-spin'), what).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]'), what).toHaveCount(0);
}

/**
 * Clicks the bookable day number `nth` (0: the first; past and fully booked days are disabled) of the booking calendar
 * in `scope` (the page's booking card, or a reschedule dialog), turning to the next month while this one has no more:
 * late on a month's last days it may have one bookable day or none (the 2-hour notice).
 */
export async function pickBookableDay(scope: Page | Locator, nth = 0) {
  const days = scope.getByRole('grid').locator('button:not([disabled])');
  const monthHasNone = scope.getByText(/^No open times in /);
  for (let before = 0; ;) {
    await expect(scope.getByText('Checking availability…')).toHaveCount(0);
    await expect(days.first().or(monthHasNone)).toBeVisible();
    const count = await days.count();
    if (nth - before < count) return days.nth(nth - before).click();
    before += count;
    await scope.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
}

/**
 * Signs in with e-mail and password on the sign-in page a journey was sent to (`/signup?next=…`), which then
 * returns to the page that sent it (docs/product.md "Accounts and sign-in": "Return after sign-in").
 */
export async function signInHere(page: Page, { email, password }: SignIn) {
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
}

/** With SHOTS_DIR set: a full-page screenshot `name`.png at the current size and `name`-phone.png at a 390 px phone width. */
export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(dir, `${name}-phone.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** The simulated provider's test card that books (docs/product.md "Payments"). */
export const visa = { cardholderName: 'Casey Client', number: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' };

/** Books a seat of workshop `id` through the API as the person signed in on `request`, with `visa`; answers the seat's session id. */
export async function bookSeatViaApi(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.post(`/api/workshops/${id}/seats`, { data: { card: visa }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { session: { id: string } }).session.id;
}

/** A session as POST /api/sessions answers it (the fields journeys read). */
export type BookedSession = { id: string; startsAt: string; endsAt: string; expertName: string; expertSlug: string; totalAmountCents: number };

/**
 * Books a paid 60-minute session with `slug` through the API as the signed-in client, at the first free time `fromDay`
 * days ahead or later (UTC). The slot lists and the booking are all sent at one instant (X-Test-Now, src/server/http/test-clock.ts),
 * so the first slot of today cannot fall inside the 2-hour notice between listing and booking.
 */
export async function bookViaApi(
  request: APIRequestContext,
  slug: string,
  fromDay: number,
  topic = 'Preparing for product manager interviews',
): Promise<BookedSession> {
  const now = { 'X-Test-Now': new Date().toISOString() };
  for (let day = fromDay; day < fromDay + 21; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const { slots } = (await (await request.get(`/api/experts/${slug}/slots?date=${date}&duration=60&tz=UTC`, { headers: now })).json()) as {
      slots: string[];
    };
    for (const startsAt of slots) {
      const res = await request.post('/api/sessions', {
        headers: { 'Idempotency-Key': crypto.randomUUID(), ...now },
        data: { expertId: slug, startsAt, durationMinutes: 60, topic, kind: 'paid', card: visa },
      });
      if (res.status() === 409) continue;
      if (res.status() === 429) {
        // Bookings are limited to 30 a minute per address, and every journey books from 127.0.0.1: wait as a client would.
        await new Promise((resolve) => setTimeout(resolve, (Number(res.headers()['retry-after']) || 10) * 1000));
        return bookViaApi(request, slug, fromDay, topic);
      }
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { session: BookedSession }).session;
    }
  }
  throw new Error(`no free slot with ${slug}`);
}

/**
 * Moves a session so that it started `hoursAgo` hours ago (test hook POST /api/test/sessions/{id}/shift). Each
 * journey has a client and an expert of its own; neither may have two sessions at once, so a journey that moves
 * several of their sessions gives each hours of its own.
 */
export async function moveIntoPast(request: APIRequestContext, s: { id: string; startsAt: string }, hoursAgo: number) {
  const hours = (Date.now() - hoursAgo * 3_600_000 - new Date(s.startsAt).getTime()) / 3_600_000;
  const res = await request.post(`/api/test/sessions/${s.id}/shift`, { data: { hours } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The client of a paid session that took place confirms it (POST /api/sessions/{id}/confirm) and reviews it with
 * the best answer to every question (POST /api/sessions/{id}/feedback), as /expert/{slug}/feedback would.
 */
export async function reviewViaApi(request: APIRequestContext, s: { id: string }, additionalComments?: string) {
  const confirmed = await request.post(`/api/sessions/${s.id}/confirm`);
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const answers = Object.fromEntries(feedbackQuestions.map((q) => [q.key, q.options[0]]));
  const reviewed = await request.post(`/api/sessions/${s.id}/feedback`, { data: { ...answers, additionalComments } });
  expect(reviewed.status(), await reviewed.text()).toBe(201);
}
