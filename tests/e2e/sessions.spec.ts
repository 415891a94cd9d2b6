import { expect, test, type APIRequestContext, type Page } from './test';
import { bookViaApi, moveIntoPast, shot, signInAs, visa } from './helpers';

/**
 * Journeys of a booked session (docs/product.md "Payments", "Sessions", "Disputes", "Feedback and reviews"):
 * paying on /payment, the session page in each state, confirming, disputing, cancelling and
 * leaving feedback. Each journey has a client and an expert of its own (tests/e2e/fixtures/marketplace.ts). Sessions
 * are moved into the past with the test-only hook POST /api/test/sessions/{id}/shift.
 */

/** Offered 60-minute UTC start times of `slug`, from `fromDay` days ahead on. */
async function offeredSlots(request: APIRequestContext, slug: string, fromDay: number): Promise<string[]> {
  const all: string[] = [];
  for (let day = fromDay; day < fromDay + 14 && all.length < 40; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const res = await request.get(`/api/experts/${slug}/slots?date=${date}&duration=60&tz=UTC`);
    all.push(...((await res.json()) as { slots: string[] }).slots);
  }
  return all;
}

async function myBookings(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/sessions')).json()) as { sessions: unknown[] }).sessions.length;
}

test('a client pays on /payment: card checks, a declined card, then the test card books once and lands on the session page', async ({
  page,
  client,
  expert: { slug },
}) => {
  await signInAs(page, client);
  // The booking draft goes into the app's own sessionStorage, so the page opens on the app first.
  await page.goto('/dashboard/client');
  const [startsAt] = await offeredSlots(page.request, slug, 3);
  const expert = (await (await page.request.get(`/api/experts/${slug}`)).json()) as {
    id: string;
    name: string;
    role: string;
    imageUrl: string | null;
    hourlyRateCents: number;
    currency: string;
    cancellationPolicy: string;
  };
  const draft = {
    expertId: expert.id,
    expertSlug: slug,
    expertName: expert.name,
    expertRole: expert.role,
    expertImageUrl: expert.imageUrl,
    startsAt,
    durationMinutes: 90,
    hourlyRateCents: expert.hourlyRateCents,
    currency: expert.currency,
    topic: 'System design interview practice',
    cancellationPolicy: expert.cancellationPolicy,
    timeZone: 'UTC',
  };
  await page.evaluate((d) => sessionStorage.setItem('mentora.booking-draft', JSON.stringify(d)), draft);
  await page.goto('/payment');

  const total = `$${((expert.hourlyRateCents * 1.5) / 100).toFixed(2)}`;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your booking');
  await expect(page.getByTestId('payment-total')).toHaveText(total);
  await expect(page.getByText('System design interview practice')).toBeVisible();
  await expect(page.getByText('1 hour 30 minutes')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test mode — no real money moves' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();

  const pay = page.getByRole('button', { name: `Pay ${total}` });
  await pay.click();
  await expect(page.getByRole('alert')).toHaveText('Please enter the cardholder name');

  await page.getByLabel('Cardholder name').fill('Casey Client');
  await page.getByLabel('Card number').fill('4000000000000002');
  await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('1235');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/35');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Your card was declined. Payment failed. Please try again.');

  await page.getByLabel('Card number').fill('4000 0000 0000 9995');
  await pay.click();
  await expect(page.locator('form').getByRole('alert')).toHaveText('Your card was declined: insufficient funds. Please use another card.');

  const before = await myBookings(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.dblclick();
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Payment successful! Your session has been booked.')).toBeVisible();
  await expect(page.getByText(`Session booked with ${expert.name}!`)).toBeVisible();
  expect(await myBookings(page)).toBe(before + 1);

  // Nothing about the card stays in the browser, and the draft is gone.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  // Two groups of the number, not '4242' alone: a random session id may contain that.
  expect(stored).not.toMatch(/4242[\s-]?4242/);
  expect(await page.evaluate(() => sessionStorage.getItem('mentora.booking-draft'))).toBeNull();
});

test('/payment opened from its address in a new tab offers the same payment, and paying opens the session page', async ({ page, client, expert }) => {
  await signInAs(page, client);
  const [startsAt] = await offeredSlots(page.request, expert.slug, 4);
  const topic = 'Salary negotiation for a staff role';
  const address = `/payment?${new URLSearchParams({ expert: expert.slug, start: startsAt!, duration: '60', topic })}`;
  // Another tab of the same browser: signed in, but nothing of the booking card in its storage.
  const tab = await page.context().newPage();
  await tab.goto(address);
  const total = `$${(expert.hourlyRateCents / 100).toFixed(2)}`;
  await expect(tab.getByTestId('payment-total')).toHaveText(total);
  await expect(tab.getByText(topic)).toBeVisible();
  await expect(tab.getByRole('link', { name: `Back to ${expert.name}` })).toBeVisible();
  await tab.getByLabel('Cardholder name').fill(visa.cardholderName);
  await tab.getByLabel('Card number').fill(visa.number);
  await tab.getByLabel('Expiry (MM/YY)').fill(visa.expiry);
  await tab.getByLabel('CVC').fill(visa.cvc);
  await tab.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(tab).toHaveURL(/\/session\/[0-9a-f-]{36}$/);
  const session = (await (await tab.request.get(`/api/sessions/${tab.url().split('/').pop()}`)).json()) as {
    startsAt: string;
    topic: string;
    durationMinutes: number;
  };
  expect(session).toMatchObject({ startsAt, topic, durationMinutes: 60 });
});

test('without a draft /payment shows the defaults and a way to find an expert; visitors are asked to sign in', async ({ page, client }) => {
  await page.goto('/payment');
  await expect(page.getByText('Please sign in to book a session')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).last()).toHaveAttribute('href', '/signup?next=%2Fpayment');

  await signInAs(page, client);
  await page.goto('/payment');
  await expect(page.getByText('Not Selected').first()).toBeVisible();
  await expect(page.getByText('1 hour', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Find an Expert' })).toHaveAttribute('href', '/results');
});

test('the session page of an upcoming session: details, video link, and cancelling with a reason and a policy refund', async ({ page, client, expert }) => {
  expect(expert.cancellationPolicy).toBe('moderate');
  await signInAs(page, client);
  const s = await bookViaApi(page.request, expert.slug, 10);
  await page.goto(`/session/${s.id}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Session with ${s.expertName}`);
  await expect(page.getByText(`#${s.id.slice(0, 8)}`)).toBeVisible();
  await expect(page.getByText('Upcoming', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Session Scheduled' })).toBeVisible();
  await expect(page.getByText('Preparing for product manager interviews')).toBeVisible();
  await expect(page.getByRole('link', { name: /Join video call/ })).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByText(/held securely until you confirm the session/)).toBeVisible();
  // Add to calendar: Google's event template, and the session's .ics file (its content: tests/api/calendar-feed.test.ts).
  await expect(page.getByRole('link', { name: /Google Calendar/ })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/,
  );
  const ics = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Apple, Outlook or other (.ics)' }).click();
  expect((await ics).suggestedFilename()).toMatch(/^mentora-session-\d{4}-\d{2}-\d{2}\.ics$/);
  await shot(page, 'session-add-to-calendar');
  // The policy the session was booked under (the expert's, moderate), kept with it.
  const policy = (await (await page.request.get(`/api/sessions/${s.id}`)).json()) as { cancellationPolicy: string };
  expect(policy.cancellationPolicy).toBe('moderate');
  await expect(page.getByText('Moderate:', { exact: true })).toBeVisible();
  await expect(page.getByText('These are the terms this session was booked under; a later change by the expert does not apply.')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel Session' }).click();
  const dialog = page.getByRole('dialog');
  // The expert's policy is moderate and the session is 10+ days away: a full refund.
  const total = `$${(s.totalAmountCents / 100).toFixed(2)}`;
  await expect(dialog).toContainText(`You will be refunded ${total} of ${total}`);
  await dialog.getByRole('button', { name: 'Cancel Session' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please tell us why you are cancelling');
  await expect(dialog.getByLabel('Reason for cancelling')).toHaveAttribute('aria-required', 'true');
  await dialog.getByLabel('Reason for cancelling').fill('My interview was moved');
  await dialog.getByRole('button', { name: 'Cancel Session' }).click();

  await expect(page.getByRole('heading', { name: 'Session Cancelled. If you have any questions, please contact support.' })).toBeVisible();
  await expect(page.getByText('Cancelled by you: “My interview was moved”')).toBeVisible();
  await expect(page.getByText(`Refund: ${total} (full refund)`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Join video call/ })).toHaveCount(0);
});

test('after the session the client answers "Not yet", then confirms and leaves feedback once', async ({ page, client, expert }) => {
  await signInAs(page, client);
  const s = await bookViaApi(page.request, expert.slug, 4);
  await moveIntoPast(page.request, s, 5);
  await page.goto(`/session/${s.id}`);

  await expect(page.getByText('Awaiting confirmation', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Has your meeting concluded?' })).toBeVisible();
  await page.getByRole('button', { name: 'No, Not Yet' }).click();
  await expect(page.getByText('No worries! You can come back to this page after your session.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/client$/);

  await page.goto(`/session/${s.id}`);
  await page.getByRole('button', { name: 'Yes, Session Completed' }).click();
  await expect(page.getByText('Session marked as completed!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/expert/${s.expertSlug}/feedback$`));

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`How was your session with ${s.expertName}?`);
  await page.getByRole('radio', { name: 'Excellent', exact: true }).check();
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please answer all rating questions');
  for (const answer of ['Very Clear', 'On Time', 'Good Value', 'Definitely']) await page.getByRole('radio', { name: answer, exact: true }).check();
  await expect(page.getByRole('group', { name: /on time/ }).getByRole('radio', { checked: true })).toHaveAccessibleName('On Time');
  await page.getByLabel('Additional comments (optional)').fill('Clear, practical advice.');
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByText('Thank you for your feedback!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/client$/);

  await page.goto(`/expert/${s.expertSlug}/feedback`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feedback Already Submitted');
  await page.goto(`/session/${s.id}`);
  await expect(page.getByRole('heading', { name: 'Session Complete' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Feedback' })).toHaveAttribute('href', `/expert/${s.expertSlug}#reviews`);
  await expect(page.getByText(/released to the expert/)).toBeVisible();
  // Had a session: the profile invites feedback.
  await page.getByRole('link', { name: 'View Feedback' }).click();
  await expect(page.getByRole('link', { name: 'Leave Feedback' })).toBeVisible();
});

test('the confirm page releases the payment, or takes a dispute report', async ({ page, client, expert }) => {
  await signInAs(page, client);
  const disputed = await bookViaApi(page.request, expert.slug, 5);
  await moveIntoPast(page.request, disputed, 30);
  await page.goto(`/session/confirm/${disputed.id}`);
  await expect(page.getByText('60 minutes')).toBeVisible();
  await expect(page.getByText(`$${(disputed.totalAmountCents / 100).toFixed(2)}`)).toBeVisible();
  await page.getByRole('button', { name: 'No, Report an Issue' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'No, Report an Issue' }).click();
  await page.getByLabel('What happened?').fill('The expert did not join the call.');
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByText('Dispute submitted. Our team will review and contact you within 24 hours.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/client$/);
  await page.goto(`/session/${disputed.id}`);
  await expect(page.getByRole('heading', { name: 'Under review' })).toBeVisible();
  await expect(page.getByText('Disputed', { exact: true })).toBeVisible();

  // Another session with the same expert, at hours of its own (neither party may have two sessions at once).
  const confirmed = await bookViaApi(page.request, expert.slug, 6);
  await moveIntoPast(page.request, confirmed, 55);
  await page.goto(`/session/confirm/${confirmed.id}`);
  await page.getByRole('button', { name: 'Yes, Confirm Session' }).click();
  await expect(page.getByText('Session confirmed! Payment has been released to the expert.').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/expert/${confirmed.expertSlug}/feedback$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`How was your session with ${confirmed.expertName}?`);
});

test('only the two parties see a session; the expert view is read-only; feedback rules for experts and strangers', async ({ page, client, expert, market }) => {
  const stranger = await market.expert();
  await signInAs(page, client);
  const s = await bookViaApi(page.request, expert.slug, 12, 'Roadmap prioritisation');
  await page.goto('/session/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Session Not Found');
  // An expert the client never had a session with.
  await page.goto(`/expert/${stranger.slug}/feedback`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Session Found');
  await expect(page.getByText('No concluded session found with this expert. You can only leave feedback after completing a session.')).toBeVisible();

  await signInAs(page, expert);
  await page.goto(`/session/${s.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Session with /);
  await expect(page.getByText(/will confirm completion and handle payment/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes, Session Completed' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel Session' })).toBeVisible();
  await page.goto(`/expert/${expert.slug}/feedback`);
  await expect(page.getByText('You cannot leave feedback for yourself. Only clients can leave feedback for their expert sessions.')).toBeVisible();

  await signInAs(page, stranger);
  await page.goto(`/session/${s.id}`);
  await expect(page.getByText("You don't have permission to view this session")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.context().clearCookies();
  await page.goto(`/session/${s.id}`);
  // Sent to sign up, and back to the session afterwards.
  await expect(page).toHaveURL(new RegExp(`/signup\\?next=${encodeURIComponent(`/session/${s.id}`)}$`));
});

test('a free intro is not rated publicly: after confirming it the client is offered private feedback instead', async ({ page, client, expert }) => {
  await signInAs(page, client);
  // The booking card's promise for the free intro: no card, nothing held or refunded.
  await page.goto(`/expert/${expert.slug}`);
  await page.getByRole('checkbox', { name: /Free 15-minute intro meeting/ }).check();
  await expect(page.getByText('The intro is free: no card, no payment, and you can cancel it any time before it starts.')).toBeVisible();
  await expect(page.getByText(/payment is held/)).toHaveCount(0);
  let intro: { id: string; startsAt: string } | undefined;
  for (let day = 8; day < 22 && !intro; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const { slots } = (await (await page.request.get(`/api/experts/${expert.slug}/slots?date=${date}&duration=15&tz=UTC`)).json()) as { slots: string[] };
    for (const startsAt of slots) {
      const res = await page.request.post('/api/sessions', {
        headers: { 'Idempotency-Key': crypto.randomUUID() },
        data: { expertId: expert.slug, startsAt, durationMinutes: 15, topic: 'Is mentoring right for me?', kind: 'intro' },
      });
      if (res.status() === 409) continue;
      expect(res.status(), await res.text()).toBe(201);
      intro = ((await res.json()) as { session: { id: string; startsAt: string } }).session;
      break;
    }
  }
  // Ended, and well inside the 72 hours before auto-release would confirm it (docs/product.md "Sessions").
  await moveIntoPast(page.request, intro!, 30);
  await page.goto(`/session/${intro!.id}`);
  await expect(page.getByText('Confirming closes this free intro.')).toBeVisible();
  // The call has ended: its link is gone.
  await expect(page.getByRole('link', { name: /Join video call/ })).toHaveCount(0);
  await expect(page.getByText(/releases the payment/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Yes, Session Completed' }).click();
  await expect(page).toHaveURL(new RegExp(`/expert/${expert.slug}/private-feedback$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Private feedback');

  await page.goto(`/expert/${expert.slug}/feedback`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Private Feedback Only');
  await expect(
    page.getByText('The free introductory meeting is not rated publicly: public ratings come only from paid sessions that took place.', { exact: false }),
  ).toBeVisible();
  await page.goto(`/session/${intro!.id}`);
  await expect(page.getByRole('heading', { name: 'Session Confirmed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send private feedback' })).toHaveAttribute('href', `/expert/${expert.slug}/private-feedback`);
  await expect(page.getByRole('link', { name: 'Leave Feedback' })).toHaveCount(0);
});

test('private feedback goes to the team only', async ({ page, client, expert }) => {
  await page.goto(`/expert/${expert.slug}/private-feedback`);
  await expect(page).toHaveURL(new RegExp(`/signup\\?next=${encodeURIComponent(`/expert/${expert.slug}/private-feedback`)}$`));
  await signInAs(page, client);
  await page.goto(`/expert/${expert.slug}/private-feedback`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Private feedback');
  await page.getByRole('button', { name: 'Send to the Mentora team' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please write your comments');
  await page.getByLabel('Your comments').fill('The expert was great but the video quality was poor.');
  await page.getByRole('button', { name: 'Send to the Mentora team' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your comments were sent privately' })).toBeVisible();
});
