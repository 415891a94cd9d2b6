/**
 * Job: deletes uploads nobody uses (docs/security.md "Uploads"), row and stored object. A photo or video is
 * unused once it is not its owner's profile photo, account photo or intro video and either was attached before (it was
 * replaced or removed) or is older than `unattachedGraceMs` (never attached). A CV is unused when no
 * application refers to it and it is older than the grace period. A message attachment is unused when no message
 * refers to it and it was attached before (its conversation was deleted) or is older than the grace period. A logo is unused
 * when no organisation shows it and it was shown before (replaced or removed) or is older than the grace period. Files are claimed with FOR UPDATE SKIP
 * LOCKED and re-checked after the lock by the DELETE itself, so a file being attached in another transaction
 * (files/service.ts attachFile locks its row) or one several servers look at is never deleted wrongly.
 * Also drops upload ledger rows of past days and staging files left by interrupted uploads.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, uploadUsage } from '../../db/schema.js';
import type { StorageDriver } from '../../infra/storage/driver.js';
import { attachedToProfile, fileUrlPrefix, organisationLogo } from './service.js';

/** How long a new upload may wait to be attached (a profile saved, an application sent): 24 hours. */
export const unattachedGraceMs = 24 * 60 * 60 * 1000;
/** A staging file older than this belongs to no upload in progress (uploads are capped at 50 MB). */
const stagingMaxAgeMs = 60 * 60 * 1000;

type Log = { error: (obj: object, msg: string) => void };

function unused(now: Date) {
  const old = lt(files.createdAt, new Date(now.getTime() - unattachedGraceMs));
  // Qualified by hand: Drizzle leaves columns unqualified in single-table queries.
  const cvUnused = sql`not exists (select 1 from expert_applications a where a.cv_file_id = files.id)`;
  const accountPhoto = sql`exists (select 1 from "user" u where u.id = files.owner_id and u.image = ${fileUrlPrefix} || files.id)`;
  return or(
    and(eq(files.purpose, 'cv'), old, cvUnused),
    and(inArray(files.purpose, ['photo', 'video']), or(isNotNull(files.attachedAt), old), sql`not ${attachedToProfile}`, sql`not ${accountPhoto}`),
    and(
      eq(files.purpose, 'attachment'),
      or(isNotNull(files.attachedAt), old),
      sql`not exists (select 1 from messages m where m.attachment_file_id = files.id)`,
    ),
    and(eq(files.purpose, 'logo'), or(isNotNull(files.attachedAt), old), sql`not ${organisationLogo}`),
  );
}

/** Deletes unused uploads in batches of `batch`; returns how many files were deleted. */
export async function deleteUnusedUploads(db: Db, storage: StorageDriver, opts: { now?: Date; batch?: number; log?: Log } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const batch = opts.batch ?? 100;
  let deleted = 0;
  for (;;) {
    const { claimed, keys } = await db.transaction(async (tx) => {
      const due = await tx.select({ id: files.id }).from(files).where(unused(now)).limit(batch).for('update', { skipLocked: true });
      if (due.length === 0) return { claimed: 0, keys: [] };
      // A statement of its own, so it sees every attachment committed before the rows were locked.
      const gone = await tx
        .delete(files)
        .where(
          and(
            inArray(
              files.id,
              due.map((d) => d.id),
            ),
            unused(now),
          ),
        )
        .returning({ key: files.storageKey });
      return { claimed: due.length, keys: gone.map((g) => g.key) };
    });
    // Objects go after the rows are gone: at worst an orphan object, never a row without its bytes.
    for (const key of keys) await storage.delete(key).catch((err: unknown) => opts.log?.error({ err, key }, 'deleting an unused upload failed'));
    deleted += keys.length;
    if (claimed < batch) break;
  }
  await db.delete(uploadUsage).where(lt(uploadUsage.day, sql`(now() at time zone 'UTC')::date - 1`));
  await removeStaleStaging(storage.stagingDir, now);
  return deleted;
}

/** Removes staging files older than an hour (an upload interrupted by a crash). */
async function removeStaleStaging(dir: string, now: Date): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now.getTime() - info.mtimeMs > stagingMaxAgeMs) await rm(file, { force: true });
  }
}
