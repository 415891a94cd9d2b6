/** Marketplace fixtures for API tests: experts with open availability, slots, and bookings through the API. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { availabilityRules, expertApplications, experts, sessions } from '../../src/server/db/schema.js';
import type { TestContext } from './app.js';
import { createUser, origin } from './auth.js';

export const visa = { cardholderName: 'Casey Client', number: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' };

/** The best answer to each feedback question (docs/product.md "Feedback and reviews"): a review scoring 5. */
export const excellentFeedback = {
  expertiseRating: 'Excellent',
  communicationRating: 'Very Clear',
  punctualityRating: 'On Time',
  valueRating: 'Excellent Value',
  recommendationRating: 'Definitely',
};

/** An expert account with a published profile available every day, all day (so any 15-minute slot ≥ 2 h ahead is offered). */
export async function createExpert(ctx: TestContext, o: { email: string; slug?: string; rateCents?: number; policy?: 'flexible' | 'moderate' | 'strict' }) {
  const u = await createUser(ctx, { email: o.email, role: 'expert', firstName: 'Erin', lastName: 'Expert' });
  const [row] = await ctx.database.db
    .insert(experts)
    .values({
      slug: o.slug ?? o.email.split('@')[0]!,
      userId: u.id,
      name: 'Erin Expert',
      role: 'Staff Engineer',
      about: 'Helps people grow.',
      expertise: ['Programming & Tech'],
      languages: ['English'],
      hourlyRateCents: o.rateCents ?? 9000,
      timezone: 'America/Vancouver',
      cancellationPolicy: o.policy ?? 'flexible',
    })
    .returning();
  await ctx.database.db
    .insert(availabilityRules)
    .values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ expertId: row!.id, weekday, startMinute: 0, endMinute: 1440 })));
  // Written straight into the database: searchable once the server has heard it (at once on PGlite).
  await ctx.app.changeFeed.sync();
  return { ...u, expert: row! };
}

/** A start time `hours` from now on the 15-minute grid (UTC). */
export function slotIn(hours: number, extraMinutes = 0): string {
  const t = Date.now() + hours * 3_600_000 + extraMinutes * 60_000;
  const grid = 15 * 60_000;
  return new Date(Math.ceil(t / grid) * grid).toISOString();
}

let bookings = 0;

export async function book(
  ctx: TestContext,
  cookie: string,
  body: {
    expertId: string;
    startsAt: string;
    durationMinutes?: number;
    topic?: string;
    kind?: 'paid' | 'intro';
    card?: typeof visa | undefined;
    programmeId?: string;
  },
  key: string = randomUUID(),
) {
  const payload = { durationMinutes: 60, topic: 'Career change into product management', kind: 'paid' as const, card: visa, ...body };
  // Each call books from an address of its own: bookings are limited to 30 a minute per address, which a fast
  // run of one test file's bookings by one account could otherwise reach.
  const n = ++bookings;
  const remoteAddress = `127.2.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/sessions',
    remoteAddress,
    headers: { cookie, origin, 'content-type': 'application/json', 'idempotency-key': key },
    payload,
  });
}

/** Moves a session by `hours` directly in the database (e.g. into the past). */
export async function shift(ctx: TestContext, id: string, hours: number) {
  await ctx.database.db
    .update(sessions)
    .set({
      startsAt: sql`${sessions.startsAt} + make_interval(secs => ${hours * 3600})`,
      endsAt: sql`${sessions.endsAt} + make_interval(secs => ${hours * 3600})`,
    })
    .where(eq(sessions.id, id));
}

/**
 * An expert as the team approves one (POST /api/admin/applications/{id}/approve by `adminCookie`): an expert-role
 * account with a submitted application titled `title`, approved into a draft profile that is not public until the
 * expert publishes it (docs/product.md "Expert onboarding and publishing"). Returns the account and the draft's id and slug.
 */
export async function approvedDraftExpert(ctx: TestContext, adminCookie: string, o: { email: string; firstName: string; lastName: string; title: string }) {
  const u = await createUser(ctx, { email: o.email, role: 'expert', firstName: o.firstName, lastName: o.lastName });
  const [application] = await ctx.database.db
    .insert(expertApplications)
    .values({
      userId: u.id,
      professionalTitle: o.title,
      yearsExperience: '6-10',
      selectedExpertise: ['Programming & Tech'],
      whyExpert: 'I like helping people grow.',
      status: 'submitted',
    })
    .returning();
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/applications/${application!.id}/approve`,
    headers: { origin, cookie: adminCookie, 'content-type': 'application/json' },
    payload: {},
  });
  if (res.statusCode !== 200) throw new Error(`approve answered ${res.statusCode}: ${res.body}`);
  const expert = res.json().expert as { id: string; slug: string };
  return { ...u, expertId: expert.id, slug: expert.slug };
}
