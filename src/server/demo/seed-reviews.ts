/**
 * Demo history ("Ratings and review counts are computed from stored feedback"): reviewer
 * accounts, past completed PAID sessions with released payments and public feedback for every demo expert (a
 * public review only ever comes from a paid session that took place: docs/security.md), then ratings recomputed
 * from those rows as the app does (feedback service `recomputeRatings`). Also gives client@example.com one upcoming session and one concluded
 * session awaiting feedback, so both dashboards show real data on a fresh start.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { feedbackQuestions, reviewScore, type FeedbackKey } from '../../shared/feedback.js';
import { totalCents } from '../../shared/pricing.js';
import type { CancellationPolicy } from '../../shared/sessions.js';
import { recomputeRatings } from '../modules/feedback/service.js';
import type { Db, Tx } from '../db/client.js';
import { experts, paymentEvents, payments, sessionFeedback, sessions, user } from '../db/schema.js';
import type { CreateLogins } from './demo-logins.js';

const reviewers = [
  ['Jordan', 'Lee'],
  ['Maya', 'Patel'],
  ['Liam', 'Walsh'],
  ['Zara', 'Ahmed'],
  ['Noah', 'Fischer'],
  ['Elena', 'Costa'],
] as const;

const topics = [
  'Preparing for product manager interviews',
  'Reviewing my CV for a career change',
  'Negotiating my first salary offer',
  'Planning a move into data science',
  'Building a portfolio that gets callbacks',
  'Getting ready for a leadership role',
];
const comments = [
  'Practical advice I could use the same week. I left with a clear plan.',
  'Generous with examples from their own career. Highly recommended.',
  'Asked sharp questions and helped me see what I was missing.',
  null,
  'Great session — we rewrote my CV summary together and it reads so much better.',
  'Honest, kind and very well prepared.',
];
/** Mostly glowing, sometimes merely good: indexes into each question's options (0 = best). */
const answerPatterns = [
  [0, 0, 0, 0, 0],
  [0, 1, 0, 1, 0],
  [1, 0, 0, 0, 1],
  [0, 0, 1, 1, 0],
  [1, 1, 0, 2, 1],
];

const hour = 3_600_000;
const day = 24 * hour;
const onGrid = (t: number) => new Date(Math.floor(t / (15 * 60_000)) * 15 * 60_000);

type Expert = typeof experts.$inferSelect;
type SessionSpec = {
  clientId: string;
  clientName: string;
  expert: Expert;
  startsAt: Date;
  minutes: number;
  topic: string;
  status: 'booked' | 'confirmed' | 'completed';
  /** A seat of this workshop (kind 'workshop', its price per seat and meeting link) instead of a one-to-one session. */
  workshop?: { id: string; priceCents: number; meetingUrl: string };
};

/**
 * Rows for one paid demo session or workshop seat: the session, its payment (held while booked, released once
 * confirmed) and the payment's ledger events (hold, then release). Ids are made here so every row can be inserted
 * in one multi-row statement per table.
 */
export function sessionRows(s: SessionSpec) {
  // Demo experts are seeded published, so each has a rate (experts_published_check); a seat has its price instead.
  const rate = s.workshop ? 0 : s.expert.hourlyRateCents!;
  const amount = s.workshop ? s.workshop.priceCents : totalCents(rate, s.minutes);
  const sessionId = randomUUID();
  const paymentId = randomUUID();
  const session = {
    id: sessionId,
    clientId: s.clientId,
    expertId: s.expert.id,
    expertName: s.expert.name,
    clientName: s.clientName,
    startsAt: s.startsAt,
    endsAt: new Date(s.startsAt.getTime() + s.minutes * 60_000),
    durationMinutes: s.minutes,
    kind: s.workshop ? ('workshop' as const) : ('paid' as const),
    workshopId: s.workshop?.id ?? null,
    topic: s.topic,
    hourlyRateCents: rate,
    totalAmountCents: amount,
    cancellationPolicy: s.expert.cancellationPolicy as CancellationPolicy,
    meetingUrl: s.workshop?.meetingUrl ?? `https://meet.jit.si/mentora-demo${randomUUID().replace(/-/g, '')}`,
    idempotencyKey: `seed-${randomUUID()}`,
    status: s.status,
    confirmedAt: s.status === 'booked' ? null : new Date(s.startsAt.getTime() + day),
    completedAt: s.status === 'completed' ? new Date(s.startsAt.getTime() + day) : null,
    clientFeedbackSubmitted: s.status === 'completed',
  };
  const payment = {
    id: paymentId,
    sessionId,
    amountCents: amount,
    status: s.status === 'booked' ? ('held' as const) : ('released' as const),
    provider: 'simulated',
    providerRef: `sim_seed_${randomUUID()}`,
    cardBrand: 'Visa',
    cardLast4: '4242',
    idempotencyKey: `seed-hold-${sessionId}`,
  };
  const events: (typeof paymentEvents.$inferInsert)[] = [{ paymentId, type: 'hold', amountCents: amount, actorId: s.clientId }];
  if (s.status !== 'booked') events.push({ paymentId, type: 'release', amountCents: amount, actorId: s.clientId, note: 'confirmed by the client' });
  return { session, payment, events };
}

/**
 * Seeds reviewer logins (`createLogins`), 2–5 completed paid sessions with public feedback per expert, then the
 * ratings computed from them (feedback service `recomputeRatings`), and the demo client's upcoming and awaiting-feedback sessions: all times
 * relative to `now`. One multi-row INSERT per table.
 */
export async function seedReviews(db: Db | Tx, createLogins: CreateLogins, now = new Date()): Promise<void> {
  const ids = await createLogins(
    reviewers.map(([first, last]) => ({ email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`, firstName: first, lastName: last, role: 'client' })),
  );
  const reviewerIds = reviewers.map(([first, last], k) => ({ id: ids[k]!, name: `${first} ${last}` }));
  const all = await db.select().from(experts).orderBy(asc(experts.createdAt), asc(experts.slug));
  const rows: ReturnType<typeof sessionRows>[] = [];
  const feedback: (typeof sessionFeedback.$inferInsert)[] = [];
  for (const [i, expert] of all.entries()) {
    const count = 2 + (i % 4);
    for (let j = 0; j < count; j++) {
      const reviewer = reviewerIds[(i + j) % reviewerIds.length]!;
      // Distinct past days per (expert, review): no expert or client ever has two sessions at once.
      const startsAt = onGrid(now.getTime() - (8 + i * 5 + j) * day + 15 * hour);
      const r = sessionRows({
        clientId: reviewer.id,
        clientName: reviewer.name,
        expert,
        startsAt,
        minutes: 60,
        topic: topics[(i + j) % topics.length]!,
        status: 'completed',
      });
      rows.push(r);
      const pattern = answerPatterns[(i * 3 + j) % answerPatterns.length]!;
      const answers = Object.fromEntries(feedbackQuestions.map((q, k) => [q.key, q.options[pattern[k]!]])) as Record<FeedbackKey, string>;
      feedback.push({
        sessionId: r.session.id,
        clientId: reviewer.id,
        expertId: expert.id,
        ...answers,
        additionalComments: comments[(i + j) % comments.length],
        score: reviewScore(answers),
        createdAt: new Date(startsAt.getTime() + day),
      });
    }
  }

  const [demoClient] = await db.select().from(user).where(eq(user.email, 'client@example.com'));
  const sarah = all.find((e) => e.slug === 'sarah-chen');
  const marcus = all.find((e) => e.slug === 'marcus-johnson');
  if (demoClient && sarah && marcus) {
    const name = `${demoClient.firstName} ${demoClient.lastName}`;
    rows.push(
      sessionRows({
        clientId: demoClient.id,
        clientName: name,
        expert: sarah,
        startsAt: onGrid(now.getTime() + 3 * day + 17 * hour),
        minutes: 60,
        topic: 'Mock interview for a senior product role',
        status: 'booked',
      }),
    );
    rows.push(
      sessionRows({
        clientId: demoClient.id,
        clientName: name,
        expert: marcus,
        startsAt: onGrid(now.getTime() - 2 * day),
        minutes: 45,
        topic: 'System design interview practice',
        status: 'confirmed',
      }),
    );
  }

  if (!rows.length) return;
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values(rows.map((r) => r.session));
    await tx.insert(payments).values(rows.map((r) => r.payment));
    await tx.insert(paymentEvents).values(rows.flatMap((r) => r.events));
    if (feedback.length) await tx.insert(sessionFeedback).values(feedback);
    // Ratings as the app makes them, from the public reviews, for every expert in one UPDATE.
    await recomputeRatings(
      tx,
      all.map((e) => e.id),
    );
  });
}
