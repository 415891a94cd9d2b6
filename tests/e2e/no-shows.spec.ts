import { expect, test } from './test';
import { seriousViolations } from './axe';
import { bookViaApi, moveIntoPast, shot, signInAs } from './helpers';

/**
 * A no-show report runs to its refund (docs/product.md "No-shows"): the session is moved into the past with the
 * test-only hook POST /api/test/sessions/{id}/shift, the client reports the expert absent on the session page, the
 * expert sees the report with 'Contest', and POST /api/test/sessions/{id}/no-show/age moves the report 49 hours
 * back and runs the settlement job: the client sees the session cancelled with a full refund.
 */

test('a no-show report runs to its refund', async ({ page, client, expert }) => {
  await signInAs(page, client);
  const session = await bookViaApi(page.request, expert.slug, 3);
  await moveIntoPast(page.request, session, 2);
  const amount = `$${(session.totalAmountCents / 100).toFixed(2)}`;

  await page.goto(`/session/${session.id}`);
  await expect(page.getByRole('heading', { name: `Did ${session.expertName} not show up?` })).toBeVisible();
  await page.getByRole('button', { name: 'Report a no-show' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a no-show' });
  await dialog.getByLabel('What happened? (optional)').fill('I waited 30 minutes in the call and nobody joined.');
  await dialog.getByRole('button', { name: 'Report no-show' }).click();
  await expect(page.getByText('No-show reported. The other party has 48 hours to contest it.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No-show reported' })).toBeVisible();
  await expect(page.getByText('No-show reported', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`If not, you get a full refund of ${amount}.`, { exact: false })).toBeVisible();
  // Confirming waits for the report: the usual 'Has your meeting concluded?' is gone.
  await expect(page.getByRole('button', { name: 'Yes, Session Completed' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'no-show-reported');

  await signInAs(page, expert);
  await page.goto(`/session/${session.id}`);
  await expect(page.getByRole('heading', { name: /reported that you did not attend/ })).toBeVisible();
  await expect(page.getByText('I waited 30 minutes in the call and nobody joined.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contest' })).toBeVisible();
  await shot(page, 'no-show-to-contest');

  const aged = await page.request.post(`/api/test/sessions/${session.id}/no-show/age`, { data: { hours: 49 } });
  expect(aged.status(), await aged.text()).toBe(200);

  await signInAs(page, client);
  await page.goto(`/session/${session.id}`);
  await expect(page.getByText(`Refund: ${amount} (full refund)`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No-show report settled' })).toBeVisible();
  await expect(page.getByText(`so you get a full refund of ${amount}.`, { exact: false })).toBeVisible();
  await shot(page, 'no-show-refunded');
});

test('a client found absent is offered private feedback only, not a public review', async ({ page, client, expert }) => {
  await signInAs(page, client);
  const session = await bookViaApi(page.request, expert.slug, 4);
  await moveIntoPast(page.request, session, 2);

  await signInAs(page, expert);
  const reported = await page.request.post(`/api/sessions/${session.id}/no-show`, { data: { statement: 'The client never joined.' } });
  expect(reported.status(), await reported.text()).toBe(201);
  const aged = await page.request.post(`/api/test/sessions/${session.id}/no-show/age`, { data: { hours: 49 } });
  expect(aged.status(), await aged.text()).toBe(200);

  await signInAs(page, client);
  await page.goto(`/session/${session.id}`);
  await expect(page.getByRole('heading', { name: 'Session Complete' })).toBeVisible();
  await expect(page.getByText('You were reported absent from this session and the report stood')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send private feedback' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leave Feedback' })).toHaveCount(0);
  await expect(page.getByText('Feedback submitted')).toHaveCount(0);
  await shot(page, 'no-show-client-absent-session');
  await page.goto('/dashboard/client');
  const row = page
    .getByRole('listitem')
    .filter({ hasText: session.expertName })
    .filter({ has: page.getByRole('link', { name: 'Send private feedback' }) });
  await expect(row).toHaveCount(1);
  await shot(page, 'no-show-client-absent');
});
