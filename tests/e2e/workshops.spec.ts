import { randomUUID } from 'node:crypto';
import { expect, test } from './test';
import { seriousViolations } from './axe';
import { linkFromMailbox } from './fixtures/mailbox';
import { bookSeatViaApi, shot, signInAs, visa } from './helpers';

/**
 * Group workshops (docs/product.md "Workshops"): an expert publishes a workshop from their dashboard, three clients
 * book its three seats (one through the workshop page with a card), a fourth is told it is full, gets the seat once
 * one attendee cancels, the expert sees the seats sold and the seats' money from the ledger, moves the workshop (the
 * attendees' seats follow, each attendee e-mailed) and cancels it.
 */
test('an expert publishes a workshop, three clients fill it, a fourth books the seat an attendee frees, the expert sees the sales and moves it', async ({
  page,
  expert,
  market,
}) => {
  test.setTimeout(180_000);
  const title = `Interview lab ${randomUUID().slice(0, 6)}`;
  const day = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);

  await signInAs(page, expert);
  await page.goto('/dashboard/expert');
  await page.getByRole('link', { name: 'Group workshops' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Group workshops' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Practice interview answers in a small group, with feedback.');
  await page.getByLabel('Topic').selectOption('Job Interview Mastery');
  await page.getByLabel(/^Start \(/).fill(`${day}T10:00`);
  await page.getByLabel(/^Duration/).fill('60');
  await page.getByLabel(/^Seats/).fill('3');
  await page.getByLabel(/^Price per seat/).fill('12');
  await page.getByRole('button', { name: 'Publish workshop' }).click();
  await expect(page.getByText('Workshop published. Clients can now book seats.')).toBeVisible();
  await expect(page.getByText('Seats sold: 0 of 3 · Waitlist: 0')).toBeVisible();
  await shot(page, 'workshops-expert');
  const link = page.getByRole('link', { name: title });
  const href = await link.getAttribute('href');
  const id = href!.split('/').at(-1)!;

  // The first client finds it on /workshops and books with a card.
  const [first, second, third, fourth] = await Promise.all([market.client(), market.client(), market.client(), market.client()]);
  await signInAs(page, first);
  await page.goto('/workshops?topic=Job+Interview+Mastery');
  await shot(page, 'workshops-list');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('seats-left')).toHaveText('3 of 3 seats left');
  await page.getByLabel('Cardholder name').fill(visa.cardholderName);
  await page.getByLabel('Card number').fill(visa.number);
  await page.getByLabel(/Expiry/).fill(visa.expiry);
  await page.getByLabel(/CVC/).fill(visa.cvc);
  await shot(page, 'workshop-page');
  await page.getByRole('button', { name: /^Book a seat/ }).click();
  await page.waitForURL('**/session/*');
  await expect(page.getByText(title).first()).toBeVisible();
  const firstSeat = page.url().split('/').at(-1)!;
  // The client's dashboard lists the seat with their sessions.
  await page.goto('/dashboard/client');
  await expect(page.getByText(`Workshop: ${title}`)).toBeVisible();
  await shot(page, 'workshops-client-dashboard');

  // Two more fill it; the fourth is told it is full.
  const secondSeat = await bookSeatViaApi(second.request, id);
  await bookSeatViaApi(third.request, id);
  await signInAs(page, fourth);
  await page.goto(`/workshops/${id}`);
  await expect(page.getByTestId('seats-left')).toHaveText('0 of 3 seats left');
  await expect(page.getByText('This workshop is full')).toBeVisible();

  // The second attendee cancels; the fourth client books the freed seat.
  const cancelled = await second.request.post(`/api/sessions/${secondSeat}/cancel`, { data: { reason: 'A clash at work' } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('seats-left')).toHaveText('1 of 3 seats left');
  await page.getByLabel('Cardholder name').fill(visa.cardholderName);
  await page.getByLabel('Card number').fill(visa.number);
  await page.getByLabel(/Expiry/).fill(visa.expiry);
  await page.getByLabel(/CVC/).fill(visa.cvc);
  await page.getByRole('button', { name: /^Book a seat/ }).click();
  await page.waitForURL('**/session/*');

  // The expert sees three seats sold, $36.00 held for them and the $12.00 refunded to the attendee who cancelled.
  await signInAs(page, expert);
  await page.goto('/dashboard/expert/workshops');
  await expect(page.getByText('Seats sold: 3 of 3 · Waitlist: 0')).toBeVisible();
  await expect(page.getByTestId('workshop-earnings')).toHaveText('Earned $0.00 · Held $36.00 · Refunded $12.00');
  expect(await seriousViolations(page)).toEqual([]);

  // The expert moves it to the afternoon and makes it longer: the seats follow, each attendee is e-mailed.
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${title}` });
  await expect(edit.getByText('3 attendees are e-mailed what you change')).toBeVisible();
  await edit.getByLabel('Title').fill(`${title}, longer`);
  await edit.getByLabel(/^Start \(/).fill(`${day}T15:00`);
  await edit.getByLabel(/^Duration/).fill('90');
  await shot(page, 'workshops-expert-edit');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Workshop saved. Attendees are e-mailed what changed.')).toBeVisible();
  await expect(page.getByRole('link', { name: `${title}, longer` })).toBeVisible();
  const mine = (await (await page.request.get(`/api/me/workshops/${id}`)).json()) as { startsAt: string };
  expect(await (await first.request.get(`/api/sessions/${firstSeat}`)).json()).toMatchObject({
    startsAt: mine.startsAt,
    durationMinutes: 90,
    totalAmountCents: 1200,
  });
  expect(await linkFromMailbox(first.request, first.email, /Workshop updated: [^<]+/)).toBe(`Workshop updated: ${title}, longer`);

  // The expert cancels it: every attendee is refunded in full, no seat is sold any more.
  await page.getByRole('button', { name: 'Cancel workshop' }).click();
  await page.getByLabel('Why are you cancelling? Attendees will see this.').fill('I have to travel that day');
  await page.getByRole('button', { name: 'Cancel workshop and refund everyone' }).click();
  await expect(page.getByText('Seats sold: 0 of 3 · Waitlist: 0')).toBeVisible();
  await expect(page.getByTestId('workshop-earnings')).toHaveText('Earned $0.00 · Held $0.00 · Refunded $48.00');
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  const seat = await first.request.get(`/api/sessions/${firstSeat}`);
  expect(await seat.json()).toMatchObject({ status: 'cancelled', payment: { status: 'refunded', refundedCents: 1200 } });
});
