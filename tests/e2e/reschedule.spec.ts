import { format } from 'date-fns';
import { expect, test } from './test';
import { seriousViolations } from './axe';
import { bookViaApi, pickBookableDay, shot, signInAs } from './helpers';

/**
 * A client reschedules a paid session (docs/product.md "Reschedule"): booked and paid eight days ahead (inside any
 * policy's full-refund window, past the 2-hour notice), moved from the session page to another free time of the
 * same expert; the page says "Session rescheduled" with the move, the payment is still held, and the expert's
 * dashboard shows the new time.
 */

/** As the web app writes a time (src/web/lib/format.ts formatDateTime): the browser and this process share the host's zone. */
const shown = (iso: string) => format(new Date(iso), "EEE, MMM d, yyyy 'at' h:mm a");

test('a client reschedules a paid session; the expert sees the new time', async ({ page, client, expert }) => {
  await signInAs(page, client);
  const session = await bookViaApi(page.request, expert.slug, 8, 'Moving into engineering management');

  await page.goto(`/session/${session.id}`);
  await expect(page.getByRole('heading', { name: 'Session Scheduled' })).toBeVisible();
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule this session' });
  await expect(dialog.getByText(`Now: ${shown(session.startsAt)}.`, { exact: false })).toBeVisible();
  await pickBookableDay(dialog);
  const time = dialog.getByRole('radio').first();
  await time.click();
  await expect(time).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByText('New time:')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'reschedule-dialog');

  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Session rescheduled').first()).toBeVisible();
  const moved = (await (await page.request.get(`/api/sessions/${session.id}`)).json()) as {
    startsAt: string;
    payment: { status: string; amountCents: number };
  };
  expect(moved.startsAt).not.toBe(session.startsAt);
  expect(moved.payment).toMatchObject({ status: 'held', amountCents: session.totalAmountCents });
  const history = page.getByRole('region', { name: 'Session rescheduled' });
  await expect(history).toContainText(`Moved from ${shown(session.startsAt)} to ${shown(moved.startsAt)}`);
  await expect(history).toContainText('by you');
  await expect(page.getByText(shown(moved.startsAt)).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'reschedule-done');

  await signInAs(page, expert);
  await page.goto('/dashboard/expert');
  await expect(page.getByText(shown(moved.startsAt)).first()).toBeVisible();
  await expect(page.getByText(shown(session.startsAt))).toHaveCount(0);
  await page.goto(`/session/${session.id}`);
  const seen = page.getByRole('region', { name: 'Session rescheduled' });
  await expect(seen).toContainText(`Moved from ${shown(session.startsAt)} to ${shown(moved.startsAt)}`);
  await expect(seen).not.toContainText('by you');
  await shot(page, 'reschedule-expert-view');
});
