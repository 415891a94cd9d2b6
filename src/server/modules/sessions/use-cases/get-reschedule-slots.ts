/** GET /api/sessions/{id}/reschedule-slots (docs/product.md "Reschedule"): where a session can move to. */
import type { RescheduleSlotsQuery } from '../../../../shared/schemas/reschedule.js';
import { rescheduleSlotsQuery } from '../../../../shared/schemas/reschedule.js';
import { shiftDate } from '../../../../shared/slots.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { loadForParty } from '../load-session.js';
import { rescheduleSlots } from '../reschedule-slots.js';
import { clock } from '../../../clock.js';

/**
 * The free start times (UTC ISO, ascending) session `id` could move to on `days` client dates from `from` in zone
 * `tz`: its expert's bookable slots for its duration, the session itself not busy (reschedule-slots.ts). Either
 * party may ask (the client to reschedule, the expert to propose); a session that is not booked has none.
 * 403 another account; 404.
 */
export async function getRescheduleSlots(db: Db, user: CurrentUser, id: string, raw: RescheduleSlotsQuery, now = clock.now()): Promise<{ slots: string[] }> {
  const q = rescheduleSlotsQuery.parse(raw);
  const { row } = await loadForParty(db, user, id);
  if (row.session.status !== 'booked') return { slots: [] };
  return { slots: await rescheduleSlots(db, row.session, { from: q.from, to: shiftDate(q.from, q.days - 1), tz: q.tz }, now) };
}
