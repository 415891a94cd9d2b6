/** Test-only helpers, loaded solely when TEST_HOOKS=1 outside production (browser journeys). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { noShowReports, sessions } from '../../db/schema.js';

/** Moves a session's start and end by `hours` (negative = into the past). */
export async function shiftSession(db: Db, id: string, hours: number): Promise<void> {
  await db
    .update(sessions)
    .set({
      startsAt: sql`${sessions.startsAt} + make_interval(secs => ${hours * 3600})`,
      endsAt: sql`${sessions.endsAt} + make_interval(secs => ${hours * 3600})`,
    })
    .where(eq(sessions.id, id));
}

/** Moves the no-show report of session `sessionId` back by `hours` (its report time and contest deadline). */
export async function ageNoShowReport(db: Db, sessionId: string, hours: number): Promise<void> {
  await db
    .update(noShowReports)
    .set({
      createdAt: sql`${noShowReports.createdAt} - make_interval(secs => ${hours * 3600})`,
      respondBy: sql`${noShowReports.respondBy} - make_interval(secs => ${hours * 3600})`,
    })
    .where(eq(noShowReports.sessionId, sessionId));
}
