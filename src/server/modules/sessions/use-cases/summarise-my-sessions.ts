/** GET /api/sessions/summary: the dashboards' counters over all of the caller's sessions (docs/product.md "Sessions"). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionSummary } from '../../../../shared/schemas/sessions.js';
import { pendingGraceMinutes } from '../../../../shared/sessions.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { payments, rescheduleProposals, sessions } from '../../../db/schema.js';
import { mySessions } from '../session-parts.js';
import { clock } from '../../../clock.js';

/**
 * The caller's counters at instant `at` (UTC), in one query over their sessions as client and as expert:
 * upcoming (booked, not started), awaiting confirmation (booked, started, more than `pendingGraceMinutes` past its
 * end — the rules of isUpcoming and isPendingConfirmation in src/shared/sessions.ts), concluded (confirmed or
 * completed), completed, and `spentCents`: what they paid as client and kept paid, in integer cents (held or
 * released less refunds; no payment, a failed one or one awaiting the bank's 3-D Secure costs nothing), and the
 * experts' proposals of a new time the caller can still answer as client (`proposalsToAnswer`, the rule of canAnswer in
 * src/shared/reschedule-proposals.ts) with the soonest such session (`proposalSessionId`, null when none).
 */
export async function summariseMySessions(db: Db, user: CurrentUser, at = clock.now()): Promise<SessionSummary> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const booked = eq(sessions.status, 'booked');
  const where = (condition: ReturnType<typeof and>) => sql`count(*) filter (where ${condition})`.mapWith(Number);
  const toAnswer = and(
    eq(sessions.clientId, user.id),
    booked,
    sql`${rescheduleProposals.expiresAt} > ${now}`,
    eq(rescheduleProposals.expiresAt, sessions.startsAt),
  );
  const [row] = await db
    .select({
      upcoming: where(and(booked, sql`${sessions.startsAt} > ${now}`)),
      awaitingConfirmation: where(
        and(booked, sql`${sessions.startsAt} <= ${now}`, sql`${now} > ${sessions.endsAt} + make_interval(mins => ${pendingGraceMinutes})`),
      ),
      concluded: where(inArray(sessions.status, ['confirmed', 'completed'])),
      completed: where(eq(sessions.status, 'completed')),
      spentCents: sql`coalesce(sum(greatest(0, ${payments.amountCents} - ${payments.refundedCents})) filter (where ${and(
        eq(sessions.clientId, user.id),
        sql`${payments.status} not in ('failed', 'pending')`,
      )}), 0)`.mapWith(Number),
      proposalsToAnswer: where(toAnswer),
      proposalSessionId: sql<string | null>`(array_agg(${sessions.id} order by ${sessions.startsAt}) filter (where ${toAnswer}))[1]`,
    })
    .from(sessions)
    .leftJoin(payments, eq(payments.sessionId, sessions.id))
    // At most one open proposal per session (a partial unique index), so the join adds no rows.
    .leftJoin(rescheduleProposals, and(eq(rescheduleProposals.sessionId, sessions.id), eq(rescheduleProposals.status, 'open')))
    .where(mySessions(user.id));
  return row ?? { upcoming: 0, awaitingConfirmation: 0, concluded: 0, completed: 0, spentCents: 0, proposalsToAnswer: 0, proposalSessionId: null };
}
