import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import { seriousViolations } from './axe';
import { moveIntoPast, reviewViaApi, shot, visa } from './helpers';

/** Publishes a 60-minute $30 workshop of the signed-in expert (zone UTC) titled `title`, `days` ahead at 10:00 UTC. */
async function publish(request: APIRequestContext, title: string, days: number): Promise<string> {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/api/me/workshops', {
    data: {
      title,
      description: 'Bring one piece of work.',
      topic: 'Graphics & Design',
      startsAtLocal: `${day}T10:00`,
      durationMinutes: 60,
      capacity: 6,
      priceCents: 3000,
      minAttendance: null,
      publish: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Workshop ratings (docs/product.md "Workshops"): an attendee's review of a paid seat shows as the workshop's own
 * rating on its page, and as the rating of the expert's workshops on their next workshop's page and list entry.
 */
test('a reviewed workshop shows its rating; the expert’s next workshop shows the rating of their workshops', async ({ page, expert, client }) => {
  const tag = randomUUID().slice(0, 6);
  const reviewed = await publish(expert.request, `Portfolio clinic ${tag}`, 4);
  const next = await publish(expert.request, `Portfolio clinic II ${tag}`, 12);
  const booked = await client.request.post(`/api/workshops/${reviewed}/seats`, { data: { card: visa }, headers: { 'Idempotency-Key': randomUUID() } });
  expect(booked.status(), await booked.text()).toBe(201);
  const seat = ((await booked.json()) as { session: { id: string; startsAt: string } }).session;
  // The seat took place three days ago; its attendee confirms it and leaves the five-question feedback.
  await moveIntoPast(client.request, seat, 72);
  await reviewViaApi(client.request, seat);

  await page.goto(`/workshops/${reviewed}`);
  await expect(page.getByText('(1 review of this workshop)')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rated 5.0 out of 5' }).first()).toBeVisible();
  await shot(page, 'workshop-page-rated');

  await page.goto(`/workshops/${next}`);
  await expect(page.getByText(`(1 review of ${expert.name}'s workshops)`)).toBeVisible();
  await expect(page.getByText('review of this workshop')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/workshops?topic=Graphics+%26+Design');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Portfolio clinic II ${tag}` }) });
  await expect(card.getByText('(1 review of their workshops)')).toBeVisible();
  await shot(page, 'workshops-list-rated');
});
