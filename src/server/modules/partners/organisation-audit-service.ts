/**
 * The team's actions about an organisation, for its page in the console (docs/product.md "Partners"): creating it,
 * inviting managers, bank transfers, grants, adjustments and seats reserved for its programmes — every audit row whose
 * subject is the organisation — and the inbox actions on the partner enquiry it was created from.
 */
import { and, eq, or } from 'drizzle-orm';
import { partnerMessages as m } from '../../../shared/partners.js';
import type { AuditEntry } from '../../../shared/schemas/admin.js';
import type { Db } from '../../db/client.js';
import { adminAuditLog, organisations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { listAudit, type Page, type PageQuery } from '../admin/audit-service.js';
import { assertOrganisationId } from './organisation-service.js';

/**
 * GET /api/admin/organisations/{id}/audit?page=&pageSize=: those actions newest first, a page at a time with their
 * total, each with who on the team, when and its particulars (cents, the reason). 404 'Organisation not found'.
 */
export async function listOrganisationAudit(db: Db, id: string, q: PageQuery): Promise<Page<AuditEntry>> {
  assertOrganisationId(id);
  const [o] = await db.select({ enquiryId: organisations.enquiryId }).from(organisations).where(eq(organisations.id, id));
  if (!o) throw new AppError('NOT_FOUND', m.organisationNotFound);
  const subject = (targetType: string, targetId: string) => and(eq(adminAuditLog.targetType, targetType), eq(adminAuditLog.targetId, targetId));
  // Both on the audit log's (target_type, target_id) index (migration 0053).
  return listAudit(db, q, or(subject('organisation', id), o.enquiryId ? subject('partner', o.enquiryId) : undefined));
}
