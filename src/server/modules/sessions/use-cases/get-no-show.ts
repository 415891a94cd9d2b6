/** GET /api/sessions/{id}/no-show (docs/product.md "No-shows"): the session's no-show report for its parties. */
import type { NoShowAnswer } from '../../../../shared/schemas/no-shows.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { loadForParty } from '../load-session.js';
import { reportOf, toNoShowView } from '../no-show-report.js';

/** The report on session `id` (null when none was made), for its client or expert only. 403 / 404 as loadForParty. */
export async function getNoShow(db: Db, user: CurrentUser, id: string): Promise<NoShowAnswer> {
  await loadForParty(db, user, id);
  const report = await reportOf(db, id);
  return { report: report ? toNoShowView(report) : null };
}
