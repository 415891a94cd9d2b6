/**
 * Reviewing expert applications (docs/product.md "Expert applications"). Reads `expert_applications` with the applicant's account;
 * each decision locks the application row, checks the transition (`reviewFrom` in src/shared/admin.ts, else
 * 409 and nothing changes) and writes the status, the audit row and the e-mail in ONE transaction.
 * Approval also creates the expert's draft profile (not public until the expert publishes it) in that same transaction.
 */
import { count, desc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import { approvedExpertDefaults, canReview, slugFromName, uniqueSlug, type ReviewAction } from '../../../shared/admin.js';
import { openApplicationStatuses } from '../../../shared/application-status.js';
import { messages } from '../../../shared/messages.js';
import type { ApplicationDetail, ApplicationSummary } from '../../../shared/schemas/admin.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { expertApplications, experts, user as userTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import { assertUuid, recordAudit, type Page, type PageQuery } from './audit-service.js';
import { approvalEmail, rejectionEmail } from './emails.js';
import { clock } from '../../clock.js';

const m = messages.admin;
type ApplicationRow = typeof expertApplications.$inferSelect;
type Applicant = Pick<typeof userTable.$inferSelect, 'id' | 'name' | 'email' | 'firstName' | 'lastName' | 'timeZone'>;

const applicantColumns = {
  id: userTable.id,
  name: userTable.name,
  email: userTable.email,
  firstName: userTable.firstName,
  lastName: userTable.lastName,
  timeZone: userTable.timeZone,
};

/** The applicant's full name: first and last name from the profile, else the account name. */
function fullName(u: Applicant): string {
  return (
    [u.firstName, u.lastName]
      .filter((p) => p?.trim())
      .join(' ')
      .trim() || u.name
  );
}

function toSummary(a: ApplicationRow, u: Applicant): ApplicationSummary {
  return {
    id: a.id,
    applicant: { id: u.id, name: fullName(u), email: u.email },
    professionalTitle: a.professionalTitle,
    yearsExperience: a.yearsExperience,
    selectedExpertise: a.selectedExpertise,
    status: a.status as ApplicationSummary['status'],
    createdAt: a.createdAt.toISOString(),
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/admin/applications?status=: `open` (submitted, pending, under review; oldest first, the
 * review queue) or one status (newest first). Paginated.
 */
export async function listApplications(db: Db, q: PageQuery & { status: string }): Promise<Page<ApplicationSummary>> {
  const where: SQL = q.status === 'open' ? inArray(expertApplications.status, [...openApplicationStatuses]) : eq(expertApplications.status, q.status);
  const rows = await db
    .select({ a: expertApplications, u: applicantColumns })
    .from(expertApplications)
    .innerJoin(userTable, eq(userTable.id, expertApplications.userId))
    .where(where)
    .orderBy(q.status === 'open' ? expertApplications.createdAt : desc(expertApplications.createdAt), expertApplications.id)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(expertApplications).where(where);
  return { items: rows.map(({ a, u }) => toSummary(a, u)), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** How many applications wait for the team (submitted, pending or under review). */
export async function countOpenApplications(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(expertApplications)
    .where(inArray(expertApplications.status, [...openApplicationStatuses]));
  return row?.n ?? 0;
}

/** GET /api/admin/applications/{id}: everything the applicant sent, the CV link and the review so far. 404. */
export async function getApplication(db: Db | Tx, id: string): Promise<ApplicationDetail> {
  assertUuid(id, m.applicationNotFound);
  const [row] = await db
    .select({ a: expertApplications, u: applicantColumns, expertSlug: experts.slug, expertStatus: experts.status })
    .from(expertApplications)
    .innerJoin(userTable, eq(userTable.id, expertApplications.userId))
    .leftJoin(experts, eq(experts.id, expertApplications.expertId))
    .where(eq(expertApplications.id, id));
  if (!row) throw new AppError('NOT_FOUND', m.applicationNotFound);
  const { a, u } = row;
  return {
    ...toSummary(a, u),
    linkedinProfile: a.linkedinProfile,
    cv: a.cvFileName || a.cvFileId ? { name: a.cvFileName ?? 'CV', url: a.cvFileId ? `/api/files/${a.cvFileId}` : null } : null,
    whyExpert: a.whyExpert,
    reference: { name: a.referenceName, position: a.referencePosition, email: a.referenceEmail },
    statusNote: a.statusNote,
    reviewedBy: a.reviewedBy,
    expert: a.expertId && row.expertSlug ? { id: a.expertId, slug: row.expertSlug, published: row.expertStatus === 'published' } : null,
  };
}

/** Locks the application and its applicant; 404 unknown, 409 when `action` does not apply to its status. */
async function lockForReview(tx: Tx, id: string, action: ReviewAction): Promise<{ a: ApplicationRow; u: Applicant }> {
  assertUuid(id, m.applicationNotFound);
  const [a] = await tx.select().from(expertApplications).where(eq(expertApplications.id, id)).for('update');
  if (!a) throw new AppError('NOT_FOUND', m.applicationNotFound);
  if (!canReview(action, a.status)) throw new AppError('CONFLICT', m.badApplicationTransition);
  const [u] = await tx.select(applicantColumns).from(userTable).where(eq(userTable.id, a.userId)).for('update');
  return { a, u: u! };
}

/** POST /api/admin/applications/{id}/under-review: submitted | pending → under_review. 404 / 409. */
export async function markUnderReview(db: Db, admin: CurrentUser, id: string, now = clock.now()): Promise<ApplicationDetail> {
  return db.transaction(async (tx) => {
    const { a } = await lockForReview(tx, id, 'under_review');
    await tx
      .update(expertApplications)
      .set({ status: 'under_review', reviewedBy: admin.id, reviewedAt: now, updatedAt: now })
      .where(eq(expertApplications.id, id));
    await recordAudit(tx, { actorId: admin.id, action: 'application.under_review', targetType: 'application', targetId: id, detail: { from: a.status } });
    return getApplication(tx, id);
  });
}

/** Slugs already used that start with `base` (so `uniqueSlug` can add the first free suffix). */
async function takenSlugs(tx: Tx, base: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: experts.slug })
    .from(experts)
    .where(or(eq(experts.slug, base), like(experts.slug, `${base}-%`)));
  return new Set(rows.map((r) => r.slug));
}

/**
 * POST /api/admin/applications/{id}/approve: an open application → approved, and in the same transaction
 * creates the `experts` row as a draft (slug from the name, unique with a suffix; headline = professional title;
 * about = motivation; expertise = selected areas; `approvedExpertDefaults` for language and policy; no rate, no
 * hours, no photo; the account's zone as a provisional zone), sets user.role = 'expert' and
 * application.expert_id, audits and e-mails the applicant the steps to publish (docs/product.md "Expert
 * onboarding and publishing"). 404; 409 bad transition or the account already has a profile.
 */
export async function approveApplication(db: Db, admin: CurrentUser, id: string, baseUrl: string, now = clock.now()): Promise<ApplicationDetail> {
  try {
    return await db.transaction(async (tx) => {
      const { a, u } = await lockForReview(tx, id, 'approve');
      const [existing] = await tx.select({ id: experts.id }).from(experts).where(eq(experts.userId, u.id));
      if (existing) throw new AppError('CONFLICT', m.alreadyExpert);
      const name = fullName(u);
      const base = slugFromName(name);
      const slug = uniqueSlug(base, await takenSlugs(tx, base));
      const d = approvedExpertDefaults;
      const [expert] = await tx
        .insert(experts)
        .values({
          slug,
          userId: u.id,
          name,
          role: a.professionalTitle,
          about: a.whyExpert,
          experience: `${a.yearsExperience} years of professional experience`,
          expertise: a.selectedExpertise,
          languages: [...d.languages],
          timezone: u.timeZone ?? d.provisionalTimeZone,
          cancellationPolicy: d.cancellationPolicy,
          status: 'draft',
          publishedAt: null,
        })
        .returning({ id: experts.id });
      await tx.update(userTable).set({ role: 'expert', updatedAt: now }).where(eq(userTable.id, u.id));
      await tx
        .update(expertApplications)
        .set({ status: 'approved', statusNote: null, reviewedBy: admin.id, reviewedAt: now, expertId: expert!.id, updatedAt: now })
        .where(eq(expertApplications.id, id));
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'application.approve',
        targetType: 'application',
        targetId: id,
        detail: { from: a.status, expertId: expert!.id, slug },
      });
      await enqueueEmail(tx, approvalEmail(u.email, { firstName: u.firstName?.trim() || name }, baseUrl));
      return getApplication(tx, id);
    });
  } catch (err) {
    // Two approvals racing for one slug: the unique index refuses the second; nothing was written.
    if (pgError(err).code === '23505') throw new AppError('CONFLICT', m.badApplicationTransition);
    throw err;
  }
}

/** POST /api/admin/applications/{id}/reject `{ reason }`: an open application → rejected; the reason is stored and e-mailed. 404 / 409. */
export async function rejectApplication(
  db: Db,
  admin: CurrentUser,
  id: string,
  reason: string,
  baseUrl: string,
  now = clock.now(),
): Promise<ApplicationDetail> {
  return db.transaction(async (tx) => {
    const { a, u } = await lockForReview(tx, id, 'reject');
    await tx
      .update(expertApplications)
      .set({ status: 'rejected', statusNote: reason, reviewedBy: admin.id, reviewedAt: now, updatedAt: now })
      .where(eq(expertApplications.id, id));
    await recordAudit(tx, { actorId: admin.id, action: 'application.reject', targetType: 'application', targetId: id, detail: { from: a.status, reason } });
    await enqueueEmail(tx, rejectionEmail(u.email, { firstName: u.firstName?.trim() || fullName(u), reason }, baseUrl));
    return getApplication(tx, id);
  });
}
