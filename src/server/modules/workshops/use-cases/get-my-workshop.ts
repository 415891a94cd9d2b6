/** GET /api/me/workshops/{id} (docs/product.md "Workshops"): one of the signed-in expert's own workshops, drafts included. */
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../../../shared/ids.js';
import type { MyWorkshopView } from '../../../../shared/schemas/workshops.js';
import { workshopMessages } from '../../../../shared/workshops.js';
import type { CurrentUser } from '../../../auth/plugin.js';
import type { Db } from '../../../db/client.js';
import { experts, workshops } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';

import { ownExpert, selectWorkshops, toMyWorkshopViews } from '../workshop-rows.js';

/** The workshop `id` of the expert signed in as `user`, with seats sold, waitlist and ledger money. 403 not an expert with a profile; 404 not theirs (or unknown). */
export async function getMyWorkshop(db: Db, user: CurrentUser, id: string): Promise<MyWorkshopView> {
  await ownExpert(db, user);
  const [row] = isUuid(id) ? await selectWorkshops(db, and(eq(workshops.id, id), eq(experts.userId, user.id))).limit(1) : [];
  if (!row) throw new AppError('NOT_FOUND', workshopMessages.notFound);
  const [view] = await toMyWorkshopViews(db, [row]);
  return view!;
}
