/**
 * Feedback and reviews (spec §2 Feedback / Private feedback, §5 Feedback, §6, §8; issue 3 §5). Public
 * feedback: one per session (unique), only by the session's client, only once it is confirmed; it completes
 * the session and recomputes the expert's rating (answers mapped 5..1, averaged) in the same transaction.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { feedbackQuestions, reviewScore } from '../../../shared/feedback.js';
import { messages } from '../../../shared/messages.js';
import { feedbackInput, type FeedbackInput } from '../../../shared/schemas/sessions.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { experts, privateFeedback, sessionFeedback, sessions, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findExpert } from '../experts/service.js';

/** rating_avg (mean of the stored scores, 2 decimals; null without any) and review_count for `scores`. */
export function ratingOf(scores: readonly number[]): { ratingAvg: string | null; reviewCount: number } {
  const avg = scores.length ? scores.reduce((a, s) => a + s, 0) / scores.length : null;
  return { ratingAvg: avg === null ? null : avg.toFixed(2), reviewCount: scores.length };
}

/** Recomputes rating_avg (2 decimals) and review_count of one expert from stored feedback. */
export async function recomputeRating(tx: Db | Tx, expertId: string): Promise<void> {
  const rows = await tx.select({ score: sessionFeedback.score }).from(sessionFeedback).where(eq(sessionFeedback.expertId, expertId));
  await tx
    .update(experts)
    .set(ratingOf(rows.map((r) => Number(r.score))))
    .where(eq(experts.id, expertId));
}

/**
 * POST /api/sessions/{id}/feedback. 404 'Session information not found' (unknown, or not the caller's as
 * client); 403 for the expert themselves (spec sentence); 409 when not confirmed yet or already given
 * ('You have already submitted feedback for this session', also on the unique violation 23505).
 */
export async function submitFeedback(db: Db, user: CurrentUser, sessionId: string, raw: FeedbackInput, now = new Date()): Promise<void> {
  const input = feedbackInput.parse(raw);
  try {
    await db.transaction(async (tx) => {
      const [s] = /^[0-9a-f-]{36}$/i.test(sessionId) ? await tx.select().from(sessions).where(eq(sessions.id, sessionId)).for('update') : [];
      if (!s) throw new AppError('NOT_FOUND', messages.feedback.sessionNotFound);
      if (s.clientId !== user.id) {
        const [own] = await tx.select({ id: experts.id }).from(experts).where(and(eq(experts.id, s.expertId), eq(experts.userId, user.id)));
        if (own) throw new AppError('FORBIDDEN', messages.feedback.self);
        throw new AppError('NOT_FOUND', messages.feedback.sessionNotFound);
      }
      if (s.clientFeedbackSubmitted || s.status === 'completed') throw new AppError('CONFLICT', messages.feedback.already);
      if (s.status !== 'confirmed') throw new AppError('CONFLICT', messages.feedback.noSession);
      const answers = Object.fromEntries(feedbackQuestions.map((q) => [q.key, input[q.key] as string])) as Record<(typeof feedbackQuestions)[number]['key'], string>;
      await tx.insert(sessionFeedback).values({ sessionId, clientId: user.id, expertId: s.expertId, ...answers, additionalComments: input.additionalComments ?? null, score: reviewScore(answers) });
      await tx.update(sessions).set({ status: 'completed', clientFeedbackSubmitted: true, completedAt: now, updatedAt: now }).where(eq(sessions.id, sessionId));
      await recomputeRating(tx, s.expertId);
    });
  } catch (err) {
    if (pgError(err).code === '23505') throw new AppError('CONFLICT', messages.feedback.already);
    throw err;
  }
}

/**
 * GET /api/experts/{id}/feedback-eligibility: the caller's latest confirmed or completed session with the
 * expert (spec §7), whether feedback was given, whether the caller IS the expert, and whether the free
 * intro is still available (no live intro with this expert yet).
 */
export async function feedbackEligibility(db: Db, user: CurrentUser, idOrSlug: string) {
  const expert = await findExpert(db, idOrSlug);
  const [latest] = await db
    .select({ id: sessions.id, submitted: sessions.clientFeedbackSubmitted })
    .from(sessions)
    .where(and(eq(sessions.clientId, user.id), eq(sessions.expertId, expert.id), inArray(sessions.status, ['confirmed', 'completed'])))
    .orderBy(desc(sessions.startsAt))
    .limit(1);
  const [intro] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.clientId, user.id), eq(sessions.expertId, expert.id), eq(sessions.kind, 'intro'), inArray(sessions.status, ['booked', 'confirmed', 'completed', 'disputed'])));
  const isSelf = expert.userId === user.id;
  return { sessionId: latest?.id ?? null, feedbackSubmitted: latest?.submitted ?? false, isSelf, introAvailable: !isSelf && user.role === 'client' && (intro?.n ?? 0) === 0 };
}

/** GET /api/experts/{id}/reviews: public answers, newest first, `pageSize` (≤ 20) per page. */
export async function listReviews(db: Db, idOrSlug: string, page: number, pageSize: number) {
  const expert = await findExpert(db, idOrSlug);
  const [total] = await db.select({ n: count() }).from(sessionFeedback).where(eq(sessionFeedback.expertId, expert.id));
  const rows = await db
    .select({ f: sessionFeedback, firstName: userTable.firstName })
    .from(sessionFeedback)
    .innerJoin(userTable, eq(userTable.id, sessionFeedback.clientId))
    .where(eq(sessionFeedback.expertId, expert.id))
    .orderBy(desc(sessionFeedback.createdAt), desc(sessionFeedback.id))
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
      createdAt: f.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/** POST /api/experts/{id}/private-feedback: comments for the team only (spec §2). Returns the new id. */
export async function submitPrivateFeedback(db: Db, user: CurrentUser, idOrSlug: string, comments: string): Promise<string> {
  const expert = await findExpert(db, idOrSlug);
  const [row] = await db.insert(privateFeedback).values({ expertId: expert.id, authorId: user.id, comments }).returning({ id: privateFeedback.id });
  return row!.id;
}
