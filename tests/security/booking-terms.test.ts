/**
 * A policy change after booking cannot take the client's refund (docs/security.md, "Policy change after booking").
 * A session keeps the cancellation policy, rate and price in force when it was booked: an expert who switches
 * policy (or rate) afterwards changes nothing for it — not the refund of a later cancellation, not what the
 * session API says, not the booking e-mail (parsed with mailparser from the .eml the app writes).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, payments } from '../../src/server/db/schema.js';
import { deliverDueEmails } from '../../src/server/infra/mail/outbox.js';
import { fileTransport } from '../../src/server/infra/mail/transport.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, slotIn } from '../helpers/marketplace.js';

type Policy = 'flexible' | 'moderate' | 'strict';

describe('the cancellation terms of a booking are the ones it was booked under', () => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof createUser>>;
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'mentora-terms-mail-'));

  beforeAll(async () => {
    ctx = await createTestApp();
    client = await createUser(ctx, { email: 'casey@example.com', firstName: 'Casey', lastName: 'Client' });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  const json = (cookie: string) => ({ origin, cookie, 'content-type': 'application/json' });

  /** The expert changes their policy and rate through their profile editor's API. */
  async function changeTerms(expert: Awaited<ReturnType<typeof createExpert>>, policy: Policy, hourlyRate: number) {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/expert-profile',
      headers: json(expert.cookie),
      payload: {
        headline: 'Staff Engineer',
        about: 'Helps people grow.',
        experience: '',
        courses: [],
        languages: ['English'],
        hobbies: [],
        expertise: ['Programming & Tech'],
        hourlyRate,
        cancellationPolicy: policy,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cancellationPolicy: policy, hourlyRateCents: hourlyRate * 100 });
  }

  /** Books 60 minutes at $90 an hour 30 hours ahead: past the flexible 24 h window, inside the strict 7 days. */
  async function bookUnder(email: string, policy: Policy) {
    const expert = await createExpert(ctx, { email, rateCents: 9000, policy });
    const res = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(30), durationMinutes: 60 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().session).toMatchObject({ cancellationPolicy: policy, totalAmountCents: 9000 });
    return { expert, id: res.json().session.id as string };
  }

  async function cancelAsClient(id: string) {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/sessions/${id}/cancel`, headers: json(client.cookie), payload: { reason: 'Plans changed' } });
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, id));
    return { session: res.json(), refundedCents: payment!.refundedCents };
  }

  it('booked under flexible, the expert switches to strict (and doubles the rate): the client still gets the full refund', async () => {
    const { expert, id } = await bookUnder('flex-to-strict@example.com', 'flexible');
    await changeTerms(expert, 'strict', 180);

    const seen = await ctx.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: client.cookie } });
    expect(seen.json()).toMatchObject({ cancellationPolicy: 'flexible', hourlyRateCents: 9000, totalAmountCents: 9000 });
    const list = await ctx.app.inject({ url: '/api/sessions', headers: { cookie: client.cookie } });
    expect(list.json().sessions.find((s: { id: string }) => s.id === id)).toMatchObject({ cancellationPolicy: 'flexible' });
    const asExpert = await ctx.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: expert.cookie } });
    expect(asExpert.json()).toMatchObject({ cancellationPolicy: 'flexible', viewerRole: 'expert' });

    const { session, refundedCents } = await cancelAsClient(id);
    expect(refundedCents).toBe(9000);
    expect(session).toMatchObject({ status: 'cancelled', cancellationPolicy: 'flexible', payment: { status: 'refunded', refundedCents: 9000 } });

    // The change applies to new bookings.
    const next = await book(ctx, client.cookie, { expertId: expert.expert.id, startsAt: slotIn(60), durationMinutes: 30 });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().session).toMatchObject({ cancellationPolicy: 'strict', hourlyRateCents: 18_000, totalAmountCents: 9000 });
  });

  it('booked under strict, the expert switches to flexible: the refund follows strict (nothing this close to the start)', async () => {
    const { expert, id } = await bookUnder('strict-to-flex@example.com', 'strict');
    await changeTerms(expert, 'flexible', 90);
    expect((await ctx.app.inject({ url: `/api/sessions/${id}`, headers: { cookie: client.cookie } })).json()).toMatchObject({ cancellationPolicy: 'strict' });

    const { session, refundedCents } = await cancelAsClient(id);
    expect(refundedCents).toBe(0);
    expect(session).toMatchObject({ status: 'cancelled', cancellationPolicy: 'strict' });
  });

  it('the booking e-mail of both parties states the policy the session was booked under', async () => {
    const { expert, id } = await bookUnder('mail-terms@example.com', 'flexible');
    await changeTerms(expert, 'strict', 90);
    const pending = await ctx.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(await deliverDueEmails(ctx.database.db, fileTransport(mailDir, 'Mentora <no-reply@mentora.example>'), { batchSize: pending.length + 5 })).toBe(
      pending.length,
    );

    const mails = await Promise.all(readdirSync(mailDir).map((f) => simpleParser(readFileSync(path.join(mailDir, f)))));
    const forThisBooking = mails.filter((m) => m.subject === 'Session booked: Casey Client with Erin Expert' && m.text?.includes(`/session/${id}`));
    const to = (m: (typeof mails)[number]) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address : '');
    expect(forThisBooking.map(to).sort()).toEqual(['casey@example.com', 'mail-terms@example.com']);
    for (const mail of forThisBooking) {
      expect(mail.text).toContain('Cancellation policy for this booking: Flexible — Full refund until 24 hours before the session, 50% after.');
      expect(mail.text).toContain('These terms stay with this booking even if the expert changes their policy later.');
      expect(mail.html).toContain('Cancellation policy for this booking: Flexible');
    }
  });
});
