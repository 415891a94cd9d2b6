import { expect, test } from './test';
import { seriousViolations } from './axe';
import { bookViaApi, pickBookableDay, shot, signInAs } from './helpers';

/**
 * An expert proposes a new time and the client declines it (docs/product.md "Reschedule proposals"): the expert
 * picks a free time on the session page, the client finds it flagged in the header and on the dashboard, sees the proposal in their zone, declines after the
 * confirmation, and the session is cancelled with a full refund, seen on the session page and on both dashboards.
 */

test('an expert proposes a new time and the client declines it: the session is cancelled and refunded in full', async ({ page, client, expert }) => {
  await signInAs(page, client);
  const session = await bookViaApi(page.request, expert.slug, 3, 'Negotiating a job offer');
  const amount = `$${(session.totalAmountCents / 100).toFixed(2)}`;

  await signInAs(page, expert);
  await page.goto(`/session/${session.id}`);
  // The page offers the expert actions, so it never calls itself read-only.
  await expect(page.getByRole('button', { name: 'Cancel Session' })).toBeVisible();
  await expect(page.getByText(/read-only/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Propose a new time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose a new time' });
  await pickBookableDay(dialog);
  const time = dialog.getByRole('radio').first();
  await time.click();
  await expect(time).toHaveAttribute('aria-checked', 'true');
  await dialog.getByLabel(/Message to/).fill('A conference came up that day. Would this time work?');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'proposal-dialog');
  await dialog.getByRole('button', { name: 'Send proposal' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Proposal sent — waiting for the client' })).toBeVisible();
  await shot(page, 'proposal-sent');

  await signInAs(page, client);
  await page.goto('/dashboard/client');
  // Flagged beyond the session page: in the header, above the dashboard and on the session's row.
  const flag = page.getByRole('banner').getByRole('link', { name: 'New time proposed: 1 session has a new time proposed' });
  await expect(flag).toHaveAttribute('href', `/session/${session.id}`);
  await expect(page.getByRole('region', { name: '1 session has a new time proposed' })).toBeVisible();
  await expect(page.getByRole('article', { name: expert.name })).toContainText('New time proposed');
  await shot(page, 'proposal-client-dashboard');
  await page.getByRole('link', { name: 'Answer the proposal' }).click();
  await expect(page).toHaveURL(`/session/${session.id}`);
  const proposal = page.getByRole('region', { name: new RegExp(`^${expert.name} proposes to move this session to `) });
  await expect(proposal).toBeVisible();
  await expect(proposal.getByText('A conference came up that day. Would this time work?')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'proposal-to-answer');
  await proposal.getByRole('button', { name: 'Decline' }).click();
  const confirm = page.getByRole('dialog', { name: 'Decline the new time?' });
  await expect(confirm).toContainText(`The session will be cancelled. You will be refunded in full (${amount})`);
  await shot(page, 'proposal-decline-confirm');
  await confirm.getByRole('button', { name: 'Decline and cancel' }).click();
  await expect(page.getByText(`Refund: ${amount} (full refund)`)).toBeVisible();
  await expect(page.getByText("Cancelled by you: “Declined the expert's proposed new time”")).toBeVisible();
  await shot(page, 'proposal-declined');

  await page.goto('/dashboard/client');
  await expect(flag).toHaveCount(0);
  const row = page.getByRole('article', { name: expert.name });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText(`Refunded ${amount}`);
  await shot(page, 'proposal-declined-client-dashboard');

  await signInAs(page, expert);
  await page.goto('/dashboard/expert');
  const expertRow = page.getByRole('article', { name: client.name });
  await expect(expertRow).toContainText('Cancelled');
  await expect(expertRow).toContainText(`Refunded ${amount}`);
  await shot(page, 'proposal-declined-expert-dashboard');
});
