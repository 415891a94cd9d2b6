/**
 * Uploaded files (issue 4 §1, §3): stored under a server-chosen key, typed by content, private or public by
 * purpose. CVs are readable by their owner and admins only; photos and intro videos by anyone.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import { safeFileName, uploadMessages, uploadRules, type UploadPurpose } from '../../../shared/uploads.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { StorageDriver } from '../../infra/storage/driver.js';
import { detectContentType } from './content-type.js';

export type FileRow = typeof files.$inferSelect;

/** The public shape of a stored file. */
export function fileView(row: FileRow) {
  return { id: row.id, purpose: row.purpose as UploadPurpose, name: row.originalName, contentType: row.contentType, sizeBytes: row.sizeBytes, createdAt: row.createdAt.toISOString(), url: `/api/files/${row.id}` };
}
export type FileView = ReturnType<typeof fileView>;

/**
 * Checks and stores one upload for `owner`. Errors (nothing stored): VALIDATION 'The file is empty';
 * PAYLOAD_TOO_LARGE with the purpose's size message (over `uploadRules[purpose].maxBytes`);
 * UNSUPPORTED_MEDIA_TYPE with the purpose's type message when the bytes are not an accepted type.
 */
export async function storeUpload(db: Db, storage: StorageDriver, owner: CurrentUser, purpose: UploadPurpose, name: string, bytes: Buffer): Promise<FileView> {
  const rule = uploadRules[purpose];
  if (bytes.length === 0) throw new AppError('VALIDATION', uploadMessages.empty);
  if (bytes.length > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge);
  const contentType = await detectContentType(bytes);
  if (!contentType || !rule.types.includes(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.wrongType);

  const storageKey = `${purpose}/${randomUUID()}`;
  await storage.put(storageKey, bytes, contentType);
  try {
    const [row] = await db
      .insert(files)
      .values({ ownerId: owner.id, purpose, storageKey, originalName: safeFileName(name, purpose), contentType, sizeBytes: bytes.length })
      .returning();
    return fileView(row!);
  } catch (err) {
    await storage.delete(storageKey);
    throw err;
  }
}

/** A file row by id, or null (also for ids that are not UUIDs). */
export async function findFile(db: Db, id: string): Promise<FileRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

/**
 * Reads a file for `viewer`: photos and videos are public; a CV only for its owner or an admin.
 * Errors: NOT_FOUND (no such file), UNAUTHENTICATED (a CV, signed out), FORBIDDEN (someone else's CV).
 */
export async function readFileFor(db: Db, storage: StorageDriver, viewer: CurrentUser | null, id: string): Promise<{ row: FileRow; bytes: Buffer }> {
  const row = await findFile(db, id);
  if (!row) throw new AppError('NOT_FOUND', messages.common.notFound);
  if (row.purpose === 'cv') {
    if (!viewer) throw new AppError('UNAUTHENTICATED', messages.common.notSignedIn);
    if (viewer.id !== row.ownerId && viewer.role !== 'admin') throw new AppError('FORBIDDEN', messages.common.forbidden);
  }
  return { row, bytes: await storage.get(row.storageKey) };
}

/** A file `owner` uploaded for `purpose`; NOT_FOUND otherwise (someone else's file is not revealed). */
export async function ownFile(db: Db, owner: CurrentUser, id: string, purpose: UploadPurpose): Promise<FileRow> {
  const row = await findFile(db, id);
  if (!row || row.ownerId !== owner.id || row.purpose !== purpose) throw new AppError('NOT_FOUND', messages.common.notFound);
  return row;
}
