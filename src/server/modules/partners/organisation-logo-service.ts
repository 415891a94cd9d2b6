/**
 * An organisation's logo (docs/product.md "Partners"): the team or one of its managers shows an uploaded logo (files
 * purpose 'logo', typed from its bytes, at most 1 MB) or removes it. A logo is public while an organisation shows it
 * (docs/security.md "Uploads"); one replaced or removed is deleted by the uploads' cleanup job.
 */
import { eq } from 'drizzle-orm';
import { partnerMessages as m } from '../../../shared/partners.js';
import type { OrganisationDetail } from '../../../shared/schemas/partners.js';
import { actsAsTeam } from '../../auth/guards.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { organisationManagers, organisations } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../admin/audit-service.js';
import { attachFile } from '../files/service.js';
import { assertOrganisationId, getOrganisation } from './organisation-service.js';

/**
 * POST /api/files?purpose=logo: only the team (admins with two-factor sign-in) and managers of an organisation upload
 * logos, so the purpose is no free image hosting for every account. 403 'Only the team or an organisation's managers
 * can upload a logo' otherwise.
 */
export async function assertMayUploadLogo(db: Db, user: CurrentUser): Promise<void> {
  if (actsAsTeam(user)) return;
  const [managed] = await db
    .select({ id: organisationManagers.organisationId })
    .from(organisationManagers)
    .where(eq(organisationManagers.userId, user.id))
    .limit(1);
  if (!managed) throw new AppError('FORBIDDEN', m.logoUploaders);
}

/**
 * PUT (`fileId`) and DELETE (null) …/organisations/{id}/logo: shows the logo `actor` uploaded, replacing any other, or
 * removes it. The caller has checked that `actor` is on the team or manages the organisation. The team's changes are
 * audited ('organisation.logo', 'organisation.logo_remove'). 404 'Organisation not found'; 404 'Not found' for a file
 * that is not the actor's own logo upload.
 */
export async function setOrganisationLogo(
  db: Db,
  actor: CurrentUser,
  id: string,
  fileId: string | null,
  opts: { asTeam: boolean },
): Promise<OrganisationDetail> {
  assertOrganisationId(id);
  return db.transaction(async (tx) => {
    // Marks the upload as shown in this transaction: the cleanup job cannot delete it meanwhile (files/service.ts).
    const file = fileId ? await attachFile(tx, actor, fileId, 'logo') : null;
    const [row] = await tx
      .update(organisations)
      .set({ logoFileId: file?.id ?? null })
      .where(eq(organisations.id, id))
      .returning({ id: organisations.id });
    if (!row) throw new AppError('NOT_FOUND', m.organisationNotFound);
    if (opts.asTeam)
      await recordAudit(tx, {
        actorId: actor.id,
        action: file ? 'organisation.logo' : 'organisation.logo_remove',
        targetType: 'organisation',
        targetId: id,
        ...(file ? { detail: { fileId: file.id } } : {}),
      });
    return getOrganisation(tx, id);
  });
}
