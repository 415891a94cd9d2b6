/**
 * Feedback and reviews (docs/product.md "Feedback and reviews"). Public
 * feedback: one per session (unique), only by the session's client, only on a PAID session that took place
 * (confirmed, or completed by the team's decision for the expert); it completes the session and recomputes the
 * expert's rating (answers mapped 5..1, averaged) in the same transaction. A free intro may only send private
 * feedback to the team. Public reviews and ratings are read from the public_reviews view (migration 0012):
 * docs/security.md, "Ratings from sessions that cost nothing".
 */
import { and, count, desc, eq, getViewSelectedFields, inArray, sql } from 'drizzle-orm';
import { feedbackQuestions, reviewScore } from '../../../shared/feedback.js';
import { messages } from '../../../shared/messages.js';
import { clientFeedbackStep, isReviewedPublicly } from '../../../shared/sessions.js';
import { feedbackInput, type FeedbackInput } from '../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { experts, privateFeedback, publicReviews, sessionFeedback, sessions, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findExpert } from '../experts/service.js';
import { clientFoundAbsent } from '../sessions/client-absence-service.js';
import { clock } from '../../clock.js';

/**
 * Recomputes rating_avg (mean score, 2 decimals; null without any) and review_count of the experts `expertIds`
 * from their public reviews only (the public_reviews view), in one UPDATE. Call it in the transaction of any
 * change that can add a review or change whether one counts (feedback, a dispute decision).
 */
export async function recomputeRatings(tx: Db | Tx, expertIds: readonly string[]): Promise<void> {
  if (!expertIds.length) return;
  const ofExpert = sql`from ${publicReviews} where ${publicReviews.expertId} = ${experts.id}`;
  await tx
    .update(experts)
    .set({ ratingAvg: sql`(select round(avg(${publicReviews.score}), 2) ${ofExpert})`, reviewCount: sql`(select count(*)::int ${ofExpert})` })
    .where(inArray(experts.id, [...expertIds]));
}

/** recomputeRatings for one expert. */
export async function recomputeRating(tx: Db | Tx, expertId: string): Promise<void> {
  await recomputeRatings(tx, [expertId]);
}

/**
 * POST /api/sessions/{id}/feedback: the client's public review of a paid session that took place — confirmed, or
 * completed by the team's decision for the expert without feedback yet. 404 'Session information not found'
 * (unknown, or not the caller's as client); 403 for the expert themselves (docs/product.md "Feedback and reviews"); 409 for a free intro
 * (`introNotRated`: private feedback only), for a client found absent (`clientAbsent`, docs/product.md "No-shows"),
 * when not concluded, or already given ('You have already submitted
 * feedback for this session', also on the unique violation 23505).
 */
export async function submitFeedback(db: Db, user: CurrentUser, sessionId: string, raw: FeedbackInput, now = clock.now()): Promise<void> {
  const input = feedbackInput.parse(raw);
  try {
    await db.transaction(async (tx) => {
      const [row] = /^[0-9a-f-]{36}$/i.test(sessionId)
        ? await tx.select({ session: sessions, absent: clientFoundAbsent }).from(sessions).where(eq(sessions.id, sessionId)).for('update', { of: sessions })
        : [];
      const s = row?.session;
      if (!s) throw new AppError('NOT_FOUND', messages.feedback.sessionNotFound);
      if (s.clientId !== user.id) {
        const [own] = await tx
          .select({ id: experts.id })
          .from(experts)
          .where(and(eq(experts.id, s.expertId), eq(experts.userId, user.id)));
        if (own) throw new AppError('FORBIDDEN', messages.feedback.self);
        throw new AppError('NOT_FOUND', messages.feedback.sessionNotFound);
      }
      const step = clientFeedbackStep({ ...s, clientAbsent: row.absent });
      if (step === 'submitted') throw new AppError('CONFLICT', messages.feedback.already);
      if (step === 'none') throw new AppError('CONFLICT', messages.feedback.noSession);
      if (step === 'private') throw new AppError('CONFLICT', isReviewedPublicly(s) ? messages.feedback.clientAbsent : messages.feedback.introNotRated);
      const answers = Object.fromEntries(feedbackQuestions.map((q) => [q.key, input[q.key] as string])) as Record<
        (typeof feedbackQuestions)[number]['key'],
        string
      >;
      await tx.insert(sessionFeedback).values({
        sessionId,
        clientId: user.id,
        expertId: s.expertId,
        ...answers,
        additionalComments: input.additionalComments ?? null,
        score: reviewScore(answers),
      });
      await tx
        .update(sessions)
        .set({ status: 'completed', clientFeedbackSubmitted: true, completedAt: s.completedAt ?? now, updatedAt: now })
        .where(eq(sessions.id, sessionId));
      await recomputeRating(tx, s.expertId);
    });
  } catch (err) {
    if (pgError(err).code === '23505') throw new AppError('CONFLICT', messages.feedback.already);
    throw err;
  }
}

/**
 * GET /api/experts/{id}/feedback-eligibility: the caller's latest confirmed or completed PAID session, attended, with the
 * expert (docs/product.md "Feedback and reviews"; a free intro is never rated publicly), whether feedback was given, whether the caller IS the
 * expert, whether the free intro is still available (no live intro with this expert yet), and `introOnly`: the
 * caller's only concluded session with the expert is the free intro (private feedback only).
 */
export async function feedbackEligibility(db: Db, user: CurrentUser, idOrSlug: string) {
  const expert = await findExpert(db, idOrSlug);
  const concluded = await db
    .select({
      id: sessions.id,
      submitted: sessions.clientFeedbackSubmitted,
      kind: sessions.kind,
      totalAmountCents: sessions.totalAmountCents,
      absent: clientFoundAbsent,
    })
    .from(sessions)
    .where(and(eq(sessions.clientId, user.id), eq(sessions.expertId, expert.id), inArray(sessions.status, ['confirmed', 'completed'])))
    .orderBy(desc(sessions.startsAt))
    .limit(50);
  const latest = concluded.find((s) => isReviewedPublicly(s) && !s.absent);
  const [intro] = await db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.clientId, user.id),
        eq(sessions.expertId, expert.id),
        eq(sessions.kind, 'intro'),
        inArray(sessions.status, ['booked', 'confirmed', 'completed', 'disputed']),
      ),
    );
  const isSelf = expert.userId === user.id;
  return {
    sessionId: latest?.id ?? null,
    feedbackSubmitted: latest?.submitted ?? false,
    isSelf,
    introAvailable: !isSelf && user.role === 'client' && (intro?.n ?? 0) === 0,
    introOnly: !latest && concluded.some((s) => s.kind === 'intro'),
  };
}

/**
 * GET /api/experts/{id}/reviews: the public reviews (paid sessions that took place: the public_reviews view),
 * newest first, `pageSize` (≤ 20) per page, each marked `verified: true`.
 */
export async function listReviews(db: Db, idOrSlug: string, page: number, pageSize: number) {
  const expert = await findExpert(db, idOrSlug);
  const [total] = await db.select({ n: count() }).from(publicReviews).where(eq(publicReviews.expertId, expert.id));
  const rows = await db
    .select({ f: getViewSelectedFields(publicReviews), firstName: userTable.firstName })
    .from(publicReviews)
    .innerJoin(userTable, eq(userTable.id, publicReviews.clientId))
    .where(eq(publicReviews.expertId, expert.id))
    .orderBy(desc(publicReviews.createdAt), desc(publicReviews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    reviews: rows.map(({ f, firstName }) => ({
      id: f.id,
      clientFirstName: firstName ?? 'Client',
      expertiseRating: f.expertiseRating,
      communicationRating: f.communicationRating,
      punctualityRating: f.punctualityRating,
      valueRating: f.valueRating,
      recommendationRating: f.recommendationRating,
      additionalComments: f.additionalComments,
      score: Number(f.score),
      verified: true as const,
      createdAt: f.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/** POST /api/experts/{id}/private-feedback: comments for the team only (docs/product.md "Feedback and reviews"). Returns the new id. */
export async function submitPrivateFeedback(db: Db, user: CurrentUser, idOrSlug: string, comments: string): Promise<string> {
  const expert = await findExpert(db, idOrSlug);
  const [row] = await db.insert(privateFeedback).values({ expertId: expert.id, authorId: user.id, comments }).returning({ id: privateFeedback.id });
  return row!.id;
}
