/** An expert's busy times as SQL, for slot generation (src/server/modules/experts/availability-service.ts). */
import { sql, type SQL } from 'drizzle-orm';
import { liveStatuses } from '../../../shared/sessions.js';
import { qualified as q } from '../../db/qualified.js';
import { sessions, workshops } from '../../db/schema.js';

/**
 * SQL for the busy times of the expert `expertId` (a uuid value or a column of an enclosing query) starting in
 * [from, to) (SQL timestamptz values): their live one-to-one sessions (incl. reserved ones) and their workshops not
 * cancelled (docs/product.md "Workshops": a workshop takes the expert's time like a session, without buffers), as a
 * json array of [startMs, endMs, bufferBeforeMinutes, bufferAfterMinutes] (ms since the epoch, UTC; the buffers the
 * session was booked under). Workshop seats are the workshop's time, not sessions of the expert's day. A scalar
 * subquery, so the slot read embeds it in its single statement; it reads the sessions_expert_idx and
 * workshops_expert_idx ranges. The caller widens [from, to) by the longest session and buffers, and by a day for
 * the daily maximum (availability-service.ts).
 */
export function busyIntervalsSql(expertId: SQL, from: SQL, to: SQL): SQL<[number, number, number, number][]> {
  const live = sql.join(
    liveStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const [start, end] = [q(sessions.startsAt), q(sessions.endsAt)];
  const [wStart, wEnd] = [q(workshops.startsAt), q(workshops.endsAt)];
  return sql<[number, number, number, number][]>`coalesce((select json_agg(b.row) from (
    select json_build_array(${ms(start)}, ${ms(end)}, ${q(sessions.bufferBeforeMinutes)}, ${q(sessions.bufferAfterMinutes)}) as row from ${sessions}
      where ${q(sessions.expertId)} = ${expertId} and ${q(sessions.workshopId)} is null and ${q(sessions.status)} in (${live}) and ${start} < ${to} and ${start} >= ${from}
    union all
    select json_build_array(${ms(wStart)}, ${ms(wEnd)}, 0, 0) from ${workshops}
      where ${q(workshops.expertId)} = ${expertId} and ${q(workshops.status)} <> 'cancelled' and ${wStart} < ${to} and ${wStart} >= ${from}
  ) b), '[]'::json)`;
}
