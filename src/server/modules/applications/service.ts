/**
 * Expert applications (docs/product.md "Expert applications"):
 * submit, read the latest, and suggest expertise areas from the applicant's own CV.
 */
import { desc, eq } from 'drizzle-orm';
import { mergeSuggestions } from '../../../shared/application-rules.js';
import { expertiseCatalogue } from '../../../shared/constants.js';
import { classifyCv } from '../../../shared/expertise-classifier.js';
import { messages } from '../../../shared/messages.js';
import type { ApplicationView, SuggestionsResponse, applicationInput, suggestionsInput } from '../../../shared/schemas/applications.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { expertApplications, user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { enqueueEmail } from '../../infra/mail/outbox.js';
import type { StorageDriver } from '../../infra/storage/driver.js';
import { ownFile } from '../files/service.js';
import type { z } from 'zod';
import { extractCvText } from './cv-text.js';
import { applicantConfirmationEmail, teamNoticeEmail } from './emails.js';

export type ApplicationRow = typeof expertApplications.$inferSelect;

/** The API shape of an application row (for the applicant and the team console). Instants ISO-8601 UTC. */
export function applicationView(row: ApplicationRow): ApplicationView {
  return {
    id: row.id,
    userId: row.userId,
    professionalTitle: row.professionalTitle,
    yearsExperience: row.yearsExperience,
    linkedinProfile: row.linkedinProfile,
    cv: row.cvFileId ? { id: row.cvFileId, name: row.cvFileName ?? 'CV', url: `/api/files/${row.cvFileId}` } : null,
    selectedExpertise: row.selectedExpertise,
    whyExpert: row.whyExpert,
    referenceName: row.referenceName,
    referencePosition: row.referencePosition,
    referenceEmail: row.referenceEmail,
    status: row.status as ApplicationView['status'],
    statusNote: row.statusNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    expertId: row.expertId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's latest application (newest first; docs/product.md "Expert applications"), or null. */
export async function latestApplication(db: Db, userId: string): Promise<ApplicationView | null> {
  const [row] = await db.select().from(expertApplications).where(eq(expertApplications.userId, userId)).orderBy(desc(expertApplications.createdAt)).limit(1);
  return row ? applicationView(row) : null;
}

/** Who hears about a new application: every admin account plus ADMIN_EMAILS, lower-cased, once each. */
async function teamRecipients(db: Db | Tx, adminEmails: readonly string[]): Promise<string[]> {
  const admins = await db.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
  return [...new Set([...admins.map((a) => a.email.toLowerCase()), ...adminEmails])];
}

export type SubmitDeps = {
  db: Db;
  baseUrl: string;
  adminEmails: readonly string[];
  /** Queues one e-mail; the outbox by default (tests pass a failing one). */
  enqueue?: typeof enqueueEmail;
};

/**
 * Stores `applicant`'s application with status `submitted` (docs/product.md "Expert applications") and queues the confirmation to the
 * applicant and a notice to the team. The e-mails are queued in a savepoint: if queueing fails the
 * application is kept and `emailQueued` is false (the applicant reads 'Application submitted! Email
 * confirmation may be delayed.'). `cvFileId`, when given, must be the applicant's own CV upload.
 * Errors: NOT_FOUND (the CV is not the applicant's), CONFLICT `alreadyOpen` (an application is still open,
 * enforced by the partial unique index).
 */
export async function submitApplication(
  deps: SubmitDeps,
  applicant: CurrentUser,
  input: z.output<typeof applicationInput>,
): Promise<{ application: ApplicationView; emailQueued: boolean }> {
  const { db, baseUrl, adminEmails, enqueue = enqueueEmail } = deps;
  const cv = input.cvFileId ? await ownFile(db, applicant, input.cvFileId, 'cv') : null;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(expertApplications)
        .values({
          userId: applicant.id,
          professionalTitle: input.professionalTitle,
          yearsExperience: input.yearsExperience,
          linkedinProfile: input.linkedinProfile ?? null,
          cvFileId: cv?.id ?? null,
          cvFileName: cv?.originalName ?? null,
          selectedExpertise: input.selectedExpertise,
          whyExpert: input.whyExpert,
          referenceName: input.referenceName ?? null,
          referencePosition: input.referencePosition ?? null,
          referenceEmail: input.referenceEmail ?? null,
          status: 'submitted',
        })
        .returning();
      const application = applicationView(row!);
      const name = [applicant.firstName, applicant.lastName].filter(Boolean).join(' ') || applicant.name;
      let emailQueued = true;
      try {
        await tx.transaction(async (sp) => {
          await enqueue(sp, applicantConfirmationEmail(application, { email: applicant.email, firstName: applicant.firstName || name }, baseUrl));
          for (const to of await teamRecipients(sp, adminEmails))
            await enqueue(sp, teamNoticeEmail(application, { name, email: applicant.email }, to, baseUrl));
        });
      } catch {
        emailQueued = false;
      }
      return { application, emailQueued };
    });
  } catch (err) {
    if (pgError(err).code === '23505') throw new AppError('CONFLICT', messages.application.alreadyOpen);
    throw err;
  }
}

/**
 * Suggests expertise areas from the caller's own uploaded CV (docs/product.md "Expert applications"): the text
 * is extracted (PDF, DOCX, DOC) and classified with the keyword table in src/shared/expertise-classifier.
 * `suggested_expertise` keeps only catalogue areas not in `selected`, so that at most 3 are chosen in all;
 * `matched_expertise` is every matching area, best first. It never fetches a URL.
 * Errors: NOT_FOUND (no such file, or not the caller's CV); UNPROCESSABLE (unreadable, or over the reading
 * limits of cv-text.ts); UNAVAILABLE (too many CVs being read at once).
 */
export async function suggestExpertise(
  db: Db,
  storage: StorageDriver,
  caller: CurrentUser,
  input: z.output<typeof suggestionsInput>,
): Promise<SuggestionsResponse> {
  const file = await ownFile(db, caller, input.fileId, 'cv');
  const text = await extractCvText(await storage.get(file.storageKey), file.contentType);
  const matched = classifyCv(text);
  return { suggested_expertise: mergeSuggestions(input.selected, matched, expertiseCatalogue).added, matched_expertise: matched };
}
