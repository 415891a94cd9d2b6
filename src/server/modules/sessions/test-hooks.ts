/** Test-only helpers, loaded solely when TEST_HOOKS=1 outside production (browser journeys). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';

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
