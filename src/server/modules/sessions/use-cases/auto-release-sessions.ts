/** Job: auto-release 72 hours after a session (docs/product.md "Sessions"; docs/architecture.md "Jobs"). */
import { and, eq, lte, notExists } from 'drizzle-orm';
import { autoReleaseHours } from '../../../../shared/sessions.js';
import { noShowReports, sessions } from '../../../db/schema.js';
import type { SessionDeps } from '../deps.js';
import { handleEachClaimed } from '../claimed-items.js';
import { confirmAndRelease } from '../transitions.js';
import { clock } from '../../../clock.js';

/**
 * Booked sessions that ended more than 72 hours before `now`, without an open no-show report (docs/product.md
 * "No-shows"), become confirmed and their payments are released,
 * at most `batch` per call. Claims rows with FOR UPDATE SKIP LOCKED, so several servers can run it at once. Each
 * session is released in a savepoint of its own: one the provider refuses (e.g. a lapsed card authorisation)
 * stays booked and the others still go through; the job then throws an AggregateError naming the refused
 * sessions, which the job runner logs. Returns how many were released.
 */
export async function autoReleaseDue(deps: SessionDeps, now = clock.now(), batch = 50): Promise<number> {
  const cutoff = new Date(now.getTime() - autoReleaseHours * 3_600_000);
  return handleEachClaimed(
    deps.db,
    'auto-release',
    (tx) =>
      tx
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.status, 'booked'),
            lte(sessions.endsAt, cutoff),
            // An open no-show report is settled by its own rules (settle-no-shows.ts), never released here.
            notExists(
              tx
                .select({ one: noShowReports.id })
                .from(noShowReports)
                .where(and(eq(noShowReports.sessionId, sessions.id), eq(noShowReports.status, 'open'))),
            ),
          ),
        )
        .orderBy(sessions.endsAt)
        .limit(batch)
        .for('update', { skipLocked: true }),
    (s) => s.id,
    (item, s) => confirmAndRelease(item, deps, s, null, true, now),
  );
}
