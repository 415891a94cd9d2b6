/**
 * Partner reports (docs/product.md "Reports"): the weeks an organisation's spending is charted by. Pure: weeks are UTC
 * weeks from Monday (ISO 8601), written as the date of their Monday, 'YYYY-MM-DD'.
 */

/** How many weeks the spending chart shows, the current one last. */
export const reportWeekCount = 12;

const dayMs = 86_400_000;

/** The Monday (UTC) that starts the week of `at`, as 'YYYY-MM-DD'. */
export function weekOf(at: Date): string {
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - sinceMonday)).toISOString().slice(0, 10);
}

/** The `count` weeks up to and including the week of `now`, oldest first, as their Mondays ('YYYY-MM-DD'). */
export function reportWeeks(now: Date, count = reportWeekCount): string[] {
  const last = Date.parse(`${weekOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * 7 * dayMs).toISOString().slice(0, 10));
}

/** Session statuses a report counts as completed: the session took place and the expert was paid ('Concluded'). */
export const completedStatuses = ['confirmed', 'completed'] as const;
/** Session statuses a report counts as cancelled: cancelled, or a reservation whose payment never completed. */
export const cancelledStatuses = ['cancelled', 'expired'] as const;
