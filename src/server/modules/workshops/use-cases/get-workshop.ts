/** GET /api/workshops/{id} (docs/product.md "Workshops"): a workshop's public page, published or cancelled. */
import { and, eq, ne } from 'drizzle-orm';
import { isUuid } from '../../../../shared/ids.js';
import type { WorkshopView } from '../../../../shared/schemas/workshops.js';
import { workshopMessages } from '../../../../shared/workshops.js';
import type { Db } from '../../../db/client.js';
import { experts, workshops } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { selectWorkshops, toWorkshopView } from '../workshop-rows.js';

/** The workshop `id` of a published expert, unless a draft. 404 'Workshop not found' otherwise (malformed ids too). */
export async function getWorkshop(db: Db, id: string): Promise<WorkshopView> {
  const [row] = isUuid(id) ? await selectWorkshops(db, and(eq(workshops.id, id), ne(workshops.status, 'draft'), eq(experts.status, 'published'))).limit(1) : [];
  if (!row) throw new AppError('NOT_FOUND', workshopMessages.notFound);
  return toWorkshopView(row);
}
