/** Account basics contract: details, photo, export and deletion (docs/product.md "Account"). */
import { z } from 'zod';
import { messages } from '../messages.js';
import { profileInput } from './profile.js';

/** Body of PUT /api/me/details: the account's name and phone, with the same rules as completing the profile. */
export const detailsInput = profileInput.pick({ firstName: true, lastName: true, phone: true });
export type DetailsInput = z.input<typeof detailsInput>;

/** Body of PUT /api/me/photo: an uploaded photo of the account's own (POST /api/files?purpose=photo), or null to remove it. */
export const photoInput = z.object({ fileId: z.uuid({ error: messages.profile.photoNotFound }).nullable() });
export type PhotoInput = z.input<typeof photoInput>;

/** Body of POST /api/me/delete: the account's password (accounts without one confirm by a sign-in of the last 10 minutes). */
export const deleteAccountInput = z.object({ password: z.string().max(128).optional() });
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;

const row = z.record(z.string(), z.unknown());

/**
 * GET /api/me/export: everything Mentora holds about the account, as a JSON download. Only the account's own data and
 * what it was shown anyway (the other party's name on a session); never another person's e-mail or card, never a
 * password hash, two-factor secret or token. Times ISO-8601 UTC, money integer cents.
 */
export const accountExport = z.object({
  exportedAt: z.string(),
  account: row,
  expertProfile: row.nullable(),
  sessions: z.array(row),
  payments: z.array(row),
  feedbackGiven: z.array(row),
  privateFeedbackGiven: z.array(row),
  disputes: z.array(row),
  noShowReports: z.array(row),
  applications: z.array(row),
  enquiries: z.object({ contact: z.array(row), partner: z.array(row), match: z.array(row) }),
  files: z.array(row),
  messagesWritten: z.array(row),
  calendarFeed: z.object({ exists: z.boolean(), createdAt: z.string().nullable() }),
});
export type AccountExport = z.infer<typeof accountExport>;
