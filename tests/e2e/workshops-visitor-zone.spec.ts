import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { seriousViolations } from './axe';
import { shot } from './helpers';

// The visitor's browser is in Auckland (UTC+13 in the southern summer, UTC+12 in winter): 20:00 UTC is the next
// morning there.
const zone = 'Pacific/Auckland';
test.use({ timezoneId: zone });

/** Publishes a 60-minute workshop titled `title` of `expert` (whose zone is UTC) starting at `utc` (YYYY-MM-DDTHH:mm). */
async function publish(request: APIRequestContext, title: string, utc: string): Promise<string> {
  const res = await request.post('/api/me/workshops', {
    data: {
      title,
      description: 'Practice rounds in a small group.',
      topic: 'Leadership Skills',
      startsAtLocal: utc,
      durationMinutes: 60,
      capacity: 6,
      priceCents: 2000,
      minAttendance: null,
      publish: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** YYYY-MM-DD of the instant `iso` in `tz`. */
const dateIn = (iso: string, tz: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: tz });

/**
 * /workshops in the visitor's zone (docs/product.md "Workshops"): the list's times and its from/to dates are the
 * visitor's own after hydration, without a hydration error.
 */
test('a visitor in Auckland sees workshop times in their zone and filters by their own days', async ({ page, expert }) => {
  const tag = randomUUID().slice(0, 6);
  const utcDay = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  // Evening in UTC (the next morning in Auckland) and early morning in UTC (the same afternoon in Auckland).
  const evening = `${utcDay}T20:00`;
  const morning = `${utcDay}T02:00`;
  await publish(expert.request, `Evening lab ${tag}`, evening);
  await publish(expert.request, `Morning lab ${tag}`, morning);
  const aucklandDay = dateIn(`${evening}:00Z`, zone);
  expect(aucklandDay).not.toBe(utcDay);

  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));

  // Auckland's day after the UTC day: the UTC evening workshop is on it, the UTC morning one is not.
  await page.goto(`/workshops?topic=Leadership+Skills&from=${aucklandDay}&to=${aucklandDay}`);
  await expect(page.getByText(`Dates and times in ${zone.replace('_', ' ')}`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Evening lab ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Morning lab ${tag}` })).toHaveCount(0);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Evening lab ${tag}` }) });
  // 20:00 UTC is 9:00 AM in Auckland in summer (GMT+13) or 8:00 AM in winter (GMT+12).
  await expect(card.getByText(/(9:00 AM GMT\+13|8:00 AM GMT\+12) · 1 hour/)).toBeVisible();
  await shot(page, 'workshops-list-auckland');

  // Changing the dates to the UTC day in Auckland's terms: the UTC morning workshop (that afternoon in Auckland) shows.
  // Both dates in one go, as a quick typist on a slow phone does: the second change comes before the page has caught
  // up with the first, and must not undo it.
  await page.evaluate((day) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const id of ['workshop-from', 'workshop-to']) {
      const input = document.getElementById(id) as HTMLInputElement;
      setValue.call(input, day);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, utcDay);
  await expect(page.getByLabel('From date')).toHaveValue(utcDay);
  await expect(page.getByLabel('To date')).toHaveValue(utcDay);
  await expect(page.getByRole('link', { name: `Morning lab ${tag}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Evening lab ${tag}` })).toHaveCount(0);
  expect(page.url()).toContain(`from=${utcDay}`);
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
