/** PUT /api/me/photo: the account's photo (docs/product.md "Account"). */
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages.js';
import { photoInput, type PhotoInput } from '../../../shared/schemas/account.js';
import type { Me } from '../../../shared/schemas/profile.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { experts, user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { attachFile, fileView } from '../files/service.js';
import { toMe } from './service.js';

/**
 * Stores `url` (an `/api/files/{id}` address, or null) as the person's photo: the account's and, for an expert, the
 * public profile's — one photo, whichever page sets it (/account or the expert profile editor).
 */
export async function storePhotoUrl(tx: Tx, userId: string, url: string | null): Promise<CurrentUser | undefined> {
  const [row] = await tx.update(user).set({ image: url, updatedAt: new Date() }).where(eq(user.id, userId)).returning();
  await tx.update(experts).set({ imageUrl: url, updatedAt: new Date() }).where(eq(experts.userId, userId));
  return row;
}

/**
 * Sets the account's photo to an uploaded photo of its own (`fileId`, uploaded with POST /api/files?purpose=photo,
 * which checks type by content and size), or removes it (`null`). 400 'Photo not found. Please upload it again.' for
 * a file that is not the account's own photo. A replaced photo is deleted by the cleanup job.
 */
export async function saveAccountPhoto(db: Db, current: CurrentUser, input: PhotoInput): Promise<Me> {
  const { fileId } = photoInput.parse(input);
  const row = await db.transaction(async (tx) => {
    let url: string | null = null;
    if (fileId !== null) {
      try {
        url = fileView(await attachFile(tx, current, fileId, 'photo')).url;
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND') throw new AppError('VALIDATION', messages.profile.photoNotFound);
        throw err;
      }
    }
    return storePhotoUrl(tx, current.id, url);
  });
  if (!row) throw new AppError('NOT_FOUND', messages.auth.saveProfileFailed);
  return toMe(row);
}
