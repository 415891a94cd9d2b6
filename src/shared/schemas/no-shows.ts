/**
 * No-show contracts (docs/product.md "No-shows"): the bodies of POST /api/sessions/{id}/no-show and
 * …/no-show/contest, and the report as its parties and the team see it. Instants are UTC ISO-8601.
 */
import { z } from 'zod';

/** The reporter's statement is optional but bounded. */
export const noShowReportInput = z.object({ statement: z.string().trim().max(5000).default('') });
export type NoShowReportInput = z.input<typeof noShowReportInput>;

/** Contesting needs the reported party's side of the story. */
export const noShowContestInput = z.object({
  statement: z.string({ error: 'Please tell us what happened' }).trim().min(1, 'Please tell us what happened').max(5000),
});
export type NoShowContestInput = z.input<typeof noShowContestInput>;

/** A no-show report: who reported, both statements, until when it may be contested, and where it stands. */
export const noShowView = z.object({
  id: z.string(),
  sessionId: z.string(),
  reportedBy: z.enum(['client', 'expert']),
  statement: z.string(),
  status: z.enum(['open', 'contested', 'upheld']),
  /** Until when the reported party may contest (UTC). */
  respondBy: z.string(),
  contestStatement: z.string().nullable(),
  contestedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NoShowView = z.infer<typeof noShowView>;

/** GET /api/sessions/{id}/no-show: the session's report, or null when none was made. */
export const noShowAnswer = z.object({ report: noShowView.nullable() });
export type NoShowAnswer = z.infer<typeof noShowAnswer>;
