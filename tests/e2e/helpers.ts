import type { Page } from '@playwright/test';

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
