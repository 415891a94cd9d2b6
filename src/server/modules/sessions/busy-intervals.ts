/** An expert's busy times as SQL, for slot generation (src/server/modules/experts/availability-service.ts). */
import { sql, type SQL } from 'drizzle-orm';
import { liveStatuses } from '../../../shared/sessions.js';
import { qualified as q } from '../../db/qualified.js';
import { sessions } from '../../db/schema.js';

/**
 * SQL for the live sessions (incl. reserved ones) of the expert `expertId` (a uuid value or a column of an
 * enclosing query) starting in [from, to) (SQL timestamptz values), as a json array of [startMs, endMs,
 * bufferBeforeMinutes, bufferAfterMinutes] (ms since the epoch, UTC; the buffers the session was booked under),
 * for slot generation. A scalar subquery, so the slot read embeds it in its single statement; it reads the
 * sessions_expert_idx range (expert_id, starts_at). The caller widens [from, to) by the longest session and
 * buffers, and by a day for the daily maximum (availability-service.ts).
 */
export function busyIntervalsSql(expertId: SQL, from: SQL, to: SQL): SQL<[number, number, number, number][]> {
  const live = sql.join(
    liveStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const [start, end] = [q(sessions.startsAt), q(sessions.endsAt)];
  return sql<
    [number, number, number, number][]
  >`coalesce((select json_agg(json_build_array(${ms(start)}, ${ms(end)}, ${q(sessions.bufferBeforeMinutes)}, ${q(sessions.bufferAfterMinutes)})) from ${sessions} where ${q(sessions.expertId)} = ${expertId} and ${q(sessions.status)} in (${live}) and ${start} < ${to} and ${start} >= ${from}), '[]'::json)`;
}
