/**
 * Reschedule by the client (docs/product.md "Reschedule"): the free times a session can move to and the move itself.
 * Instants are UTC ISO-8601; dates YYYY-MM-DD in the zone asked for.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { sessionStart } from './common.js';
import { isoDate, maxAvailabilityDays, timeZone } from './experts.js';

const daysError = `Days must be a whole number from 1 to ${maxAvailabilityDays}`;

/** GET /api/sessions/{id}/reschedule-slots query: `days` client dates from `from` in zone `tz` (default UTC). */
export const rescheduleSlotsQuery = z.object({
  from: isoDate,
  days: z.coerce.number({ error: daysError }).int(daysError).min(1, daysError).max(maxAvailabilityDays, daysError),
  tz: timeZone.default('UTC'),
});
export type RescheduleSlotsQuery = z.input<typeof rescheduleSlotsQuery>;

/** The free start times (UTC ISO, ascending), the same shape as an expert's bookable slots. */
export const rescheduleSlotsResponse = z.object({ slots: z.array(z.string()) });

/** POST /api/sessions/{id}/reschedule body: the new start, one of the session's free times. */
export const rescheduleInput = z.object({
  startsAt: sessionStart(messages.booking.selectTime),
});
export type RescheduleInput = z.infer<typeof rescheduleInput>;

/** One move in a session's history, oldest first in a session view. */
export const sessionMoveView = z.object({
  fromStartsAt: z.string(),
  toStartsAt: z.string(),
  /** 'client' rescheduled it; 'expert' when the client accepted the expert's proposed time. */
  movedBy: z.enum(['client', 'expert']),
  movedAt: z.string(),
});
export type SessionMoveView = z.infer<typeof sessionMoveView>;

/** Whether the viewer may reschedule now; `reason` says why not (null for the expert, who proposes instead). */
export const rescheduleVerdictView = z.object({ allowed: z.boolean(), reason: z.string().nullable() });
