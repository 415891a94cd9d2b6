import { randomUUID } from 'node:crypto';
import { expect, test } from './test';
import { linkFromMailbox } from './fixtures/mailbox';
import { seriousViolations } from './axe';
import { bookSeatViaApi, shot, signInAs, visa } from './helpers';

/**
 * The workshop waitlist (docs/product.md "Workshops"): an expert publishes a workshop with three seats, three clients
 * book them, a fourth joins the waitlist from the full workshop's page, one attendee cancels, the fourth is e-mailed
 * that a seat is free, follows the link and claims it with a card, and the expert sees the seats, the line and the
 * money of the workshop from the ledger.
 */
test('an expert publishes a workshop, three clients book, a fourth joins the waitlist and gets the seat when one cancels, the expert sees the earnings', async ({
  page,
  expert,
  market,
}) => {
  test.setTimeout(180_000);
  const title = `Offer lab ${randomUUID().slice(0, 6)}`;
  const day = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);

  await signInAs(page, expert);
  await page.goto('/dashboard/expert/workshops');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Negotiate a job offer in a small group, with feedback.');
  await page.getByLabel('Topic').selectOption('Job Interview Mastery');
  await page.getByLabel(/^Start \(/).fill(`${day}T11:00`);
  await page.getByLabel(/^Duration/).fill('60');
  await page.getByLabel(/^Seats/).fill('3');
  await page.getByLabel(/^Price per seat/).fill('12');
  await page.getByRole('button', { name: 'Publish workshop' }).click();
  await expect(page.getByText('Workshop published. Clients can now book seats.')).toBeVisible();
  const href = await page.getByRole('link', { name: title }).getAttribute('href');
  const id = href!.split('/').at(-1)!;

  // Three clients book the three seats.
  const [first, second, third, fourth] = await Promise.all([market.client(), market.client(), market.client(), market.client()]);
  await bookSeatViaApi(first.request, id);
  const secondSeat = await bookSeatViaApi(second.request, id);
  await bookSeatViaApi(third.request, id);

  // The fourth finds it full in the list, and joins the waitlist on its page.
  await signInAs(page, fourth);
  await page.goto('/workshops?topic=Job+Interview+Mastery');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card.getByText('Full · waitlist open')).toBeVisible();
  await shot(page, 'waitlist-list');
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('This workshop is full')).toBeVisible();
  await page.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(page.getByTestId('waitlist-position')).toHaveText('You are number 1 on the waitlist (1 waiting).');
  await expect(page.getByRole('button', { name: 'Leave waitlist' })).toBeVisible();
  await shot(page, 'waitlist-waiting');
  // The client's dashboard lists the place too.
  await page.goto('/dashboard/client');
  const places = page.getByRole('heading', { name: 'Your waitlists' }).locator('xpath=ancestor::*[contains(@class, "rounded")][1]');
  await expect(places.getByRole('link', { name: title })).toBeVisible();
  await expect(places.getByText('You are number 1 on the waitlist (1 waiting).')).toBeVisible();

  // The second attendee cancels; the fourth is e-mailed, follows the link and claims the seat with a card.
  const cancelled = await second.request.post(`/api/sessions/${secondSeat}/cancel`, { data: { reason: 'A clash at work' } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.reload();
  await expect(places.getByRole('link', { name: 'Claim your seat' })).toBeVisible();
  await shot(page, 'waitlist-client-dashboard');
  const link = await linkFromMailbox(page, fourth.email, new RegExp(`https?://[^"'\\s<]+/workshops/${id}`));
  await page.goto(link);
  await expect(page.getByText(/^A seat is free for you until .+ Claim it before then, or it goes to the next person waiting\.$/)).toBeVisible();
  await expect(page.getByTestId('seats-left')).toHaveText('0 of 3 seats left');
  await page.getByLabel('Cardholder name').fill(visa.cardholderName);
  await page.getByLabel('Card number').fill(visa.number);
  await page.getByLabel(/Expiry/).fill(visa.expiry);
  await page.getByLabel(/CVC/).fill(visa.cvc);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'waitlist-offer');
  await page.getByRole('button', { name: /^Claim your seat/ }).click();
  await page.waitForURL('**/session/*');
  await expect(page.getByText(title).first()).toBeVisible();

  // The expert sees three seats sold, nobody waiting, and the workshop's money from the ledger.
  await signInAs(page, expert);
  await page.goto('/dashboard/expert/workshops');
  const mine = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(mine.getByText('Seats sold: 3 of 3 · Waitlist: 0')).toBeVisible();
  await expect(mine.getByTestId('workshop-earnings')).toHaveText('Earned $0.00 · Held $36.00 · Refunded $12.00');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'waitlist-expert-workshops');
});
