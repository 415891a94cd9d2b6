import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import path from 'node:path';

/** Reads the newest link matching `pattern` from the dev mailbox (the .eml files the server wrote). */
export async function linkFromMailbox(page: Page, to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const html = await (await page.request.get('/dev/mailbox')).text();
    const article = html.split('<article>').find((a) => a.includes(to));
    const match = article?.match(pattern);
    if (match) return match[0].replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
    await page.waitForTimeout(300);
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** Signs in through the real UI with e-mail and password. */
export async function signInUi(page: Page, email: string, password = 'mentora-demo') {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
}

/** Serious or critical axe violations on the page as it is now, as readable strings. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Signs up a new account through the UI, verifies the e-mail from the dev mailbox and completes the profile as an expert. */
export async function signUpAsExpert(page: Page, person: { email: string; firstName: string; lastName: string }) {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Continue with Email' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByLabel('Confirm password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).last().click();
  await page.goto(await linkFromMailbox(page, person.email, /http:\/\/localhost:\d+\/api\/auth\/verify-email\?[^"<\s]+/));
  await page.getByLabel('First name *').fill(person.firstName);
  await page.getByLabel('Last name *').fill(person.lastName);
  await page.getByRole('radio', { name: /Expert/ }).check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert$/);
}

/** Clicks the first day of the booking calendar that has a free slot (past and fully booked days are disabled). */
export async function pickFirstAvailableDay(page: Page) {
  const day = page.getByRole('grid').locator('button:not([disabled])').first();
  await expect(day).toBeVisible();
  await day.click();
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
