/**
 * Uploaded files (docs/product.md "Uploads"; docs/security.md "Uploads"): received as a stream into a staging file,
 * typed by content, counted against the owner's daily budget, stored under a server-chosen key. CVs are
 * readable by their owner and admins only; photos and intro videos by anyone while attached to their
 * owner's expert profile, and an organisation's logo while the organisation names it; otherwise by their owner and
 * admins only.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import { safeFileName, uploadMessages, uploadQuota, uploadRules, type UploadPurpose } from '../../../shared/uploads.js';
import { actsAsTeam } from '../../auth/guards.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { files, uploadUsage } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { StorageDriver } from '../../infra/storage/driver.js';
import { mayReadAttachment } from '../messages/attachment-service.js';
import { detectContentType } from './content-type.js';

export type FileRow = typeof files.$inferSelect;

/** Every stored file is read at `/api/files/{id}`; a profile refers to its photo and video by this URL. */
export const fileUrlPrefix = '/api/files/';

/** The public shape of a stored file. */
export function fileView(row: FileRow) {
  return {
    id: row.id,
    purpose: row.purpose as UploadPurpose,
    name: row.originalName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    url: `${fileUrlPrefix}${row.id}`,
  };
}
export type FileView = ReturnType<typeof fileView>;

/**
 * SQL: the `files` row is its owner's profile photo or intro video (profiles store the file's URL). Names
 * are written out because Drizzle leaves columns unqualified in single-table queries, and inside this
 * subquery `id` would be the expert's.
 */
export const attachedToProfile = sql<boolean>`exists (select 1 from experts e where e.user_id = files.owner_id and (${sql.raw(`'${fileUrlPrefix}'`)} || files.id) in (e.image_url, e.intro_video_url))`;

/** SQL: the `files` row is a partner organisation's logo (docs/security.md "Uploads": logos are public while shown). */
export const organisationLogo = sql<boolean>`exists (select 1 from organisations o where o.logo_file_id = files.id)`;

/** SQL: today in UTC, the key of the upload budget. */
const today = sql`(now() at time zone 'UTC')::date`;

/**
 * Refuses (RATE_LIMITED, 429, `uploadMessages.quotaReached`) when `owner` cannot upload one more file of
 * `size` bytes today. Read only: the binding check is `reserveQuota`, in the transaction that stores the row.
 */
async function checkQuota(db: Db, ownerId: string, size: number): Promise<void> {
  const [used] = await db
    .select()
    .from(uploadUsage)
    .where(and(eq(uploadUsage.userId, ownerId), eq(uploadUsage.day, today)));
  if (used && (used.files + 1 > uploadQuota.filesPerDay || used.bytes + size > uploadQuota.bytesPerDay))
    throw new AppError('RATE_LIMITED', uploadMessages.quotaReached);
}

/**
 * Counts one upload of `size` bytes against `owner`'s budget for today, or refuses (RATE_LIMITED) when it
 * would pass `uploadQuota`. One conditional upsert: concurrent uploads are serialised on the ledger row, so
 * they can never together pass the budget.
 */
async function reserveQuota(tx: Tx, ownerId: string, size: number): Promise<void> {
  const counted = await tx
    .insert(uploadUsage)
    .values({ userId: ownerId, day: today, files: 1, bytes: size })
    .onConflictDoUpdate({
      target: [uploadUsage.userId, uploadUsage.day],
      set: { files: sql`upload_usage.files + 1`, bytes: sql`upload_usage.bytes + excluded.bytes` },
      setWhere: sql`upload_usage.files + 1 <= ${uploadQuota.filesPerDay} and upload_usage.bytes + excluded.bytes <= ${uploadQuota.bytesPerDay}`,
    })
    .returning({ files: uploadUsage.files });
  if (counted.length === 0) throw new AppError('RATE_LIMITED', uploadMessages.quotaReached);
}

/** Writes `source` to `file`, refusing (PAYLOAD_TOO_LARGE) as soon as it passes `maxBytes`. Returns its size in bytes. */
async function receive(source: Readable, file: string, maxBytes: number, tooLarge: string): Promise<number> {
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? new AppError('PAYLOAD_TOO_LARGE', tooLarge) : null, chunk);
    },
  });
  await pipeline(source, count, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  return size;
}

/**
 * Checks and stores one upload for `owner`, streamed from `source` (a Buffer for files already in memory).
 * At most `uploadRules[purpose].maxBytes` are ever written, to a staging file, never held in memory.
 * Errors (nothing stored, nothing counted): RATE_LIMITED `uploadMessages.quotaReached` past the daily
 * budget (`uploadQuota`); VALIDATION 'The file is empty'; PAYLOAD_TOO_LARGE with the purpose's size
 * message; UNSUPPORTED_MEDIA_TYPE with the purpose's type message when the bytes are not an accepted type.
 */
export async function storeUpload(
  db: Db,
  storage: StorageDriver,
  owner: CurrentUser,
  purpose: UploadPurpose,
  name: string,
  source: Readable | Buffer,
): Promise<FileView> {
  const rule = uploadRules[purpose];
  // Before a byte is received, so an account past its budget does not make the server take another file.
  await checkQuota(db, owner.id, 0);
  await mkdir(storage.stagingDir, { recursive: true });
  const staged = path.join(storage.stagingDir, `${randomUUID()}.part`);
  try {
    const size = await receive(Buffer.isBuffer(source) ? Readable.from([source]) : source, staged, rule.maxBytes, rule.tooLarge);
    if (size === 0) throw new AppError('VALIDATION', uploadMessages.empty);
    const contentType = await detectContentType(staged);
    if (!contentType || !rule.types.includes(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.wrongType);
    await checkQuota(db, owner.id, size);

    const storageKey = `${purpose}/${randomUUID()}`;
    await storage.putFile(storageKey, staged, contentType, size);
    try {
      return await db.transaction(async (tx) => {
        await reserveQuota(tx, owner.id, size);
        const [row] = await tx
          .insert(files)
          .values({ ownerId: owner.id, purpose, storageKey, originalName: safeFileName(name, purpose), contentType, sizeBytes: size })
          .returning();
        return fileView(row!);
      });
    } catch (err) {
      await storage.delete(storageKey);
      throw err;
    }
  } finally {
    await rm(staged, { force: true });
  }
}

const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/** A file row by id, or null (also for ids that are not UUIDs). */
export async function findFile(db: Db, id: string): Promise<FileRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

/**
 * The file `viewer` may read, and whether it is `shared` (anyone may read it, so shared caches may keep
 * it): a photo or video attached to its owner's profile, and a logo an organisation shows, are shared; otherwise only its owner and the team
 * (actsAsTeam: admins with two-factor sign-in) read it; a message attachment its uploader and its conversation's
 * participants (messages/attachment-service.ts). Errors: NOT_FOUND (no such file, or a photo or video not attached, to anyone else);
 * UNAUTHENTICATED (a CV, signed out); FORBIDDEN (someone else's CV).
 */
export async function fileFor(db: Db, viewer: CurrentUser | null, id: string): Promise<{ row: FileRow; shared: boolean }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', messages.common.notFound);
  const [found] = await db
    .select({ row: files, attached: sql<boolean>`case when files.purpose = 'logo' then ${organisationLogo} else ${attachedToProfile} end` })
    .from(files)
    .where(eq(files.id, id));
  if (!found) throw new AppError('NOT_FOUND', messages.common.notFound);
  const { row, attached } = found;
  const ownerOrTeam = viewer !== null && (viewer.id === row.ownerId || actsAsTeam(viewer));
  if (row.purpose === 'attachment') {
    // A message's attachment: its uploader, the conversation's two participants, the team once it is reported.
    if (!viewer) throw new AppError('UNAUTHENTICATED', messages.common.notSignedIn);
    if (viewer.id !== row.ownerId && !(await mayReadAttachment(db, viewer, row.id))) throw new AppError('NOT_FOUND', messages.common.notFound);
    return { row, shared: false };
  }
  if (row.purpose === 'cv') {
    if (!viewer) throw new AppError('UNAUTHENTICATED', messages.common.notSignedIn);
    if (!ownerOrTeam) throw new AppError('FORBIDDEN', messages.common.forbidden);
    return { row, shared: false };
  }
  if (attached) return { row, shared: true };
  if (!ownerOrTeam) throw new AppError('NOT_FOUND', messages.common.notFound);
  return { row, shared: false };
}

/** A file `owner` uploaded for `purpose`; NOT_FOUND otherwise (someone else's file is not revealed). */
export async function ownFile(db: Db, owner: CurrentUser, id: string, purpose: UploadPurpose): Promise<FileRow> {
  const row = await findFile(db, id);
  if (!row || row.ownerId !== owner.id || row.purpose !== purpose) throw new AppError('NOT_FOUND', messages.common.notFound);
  return row;
}

/**
 * `owner`'s file of `purpose`, marked as attached now; NOT_FOUND otherwise. Call it in the transaction that
 * stores the file's URL on the profile: the row lock it takes keeps the cleanup job from deleting the file
 * meanwhile, and once the profile no longer refers to it the job deletes it at once (cleanup.ts).
 */
export async function attachFile(tx: Tx, owner: CurrentUser, id: string, purpose: UploadPurpose): Promise<FileRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', messages.common.notFound);
  const [row] = await tx
    .update(files)
    .set({ attachedAt: sql`now()` })
    .where(and(eq(files.id, id), eq(files.ownerId, owner.id), eq(files.purpose, purpose)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', messages.common.notFound);
  return row;
}
