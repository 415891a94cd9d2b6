/**
 * Seeds the demo expert catalogue (demo-experts.ts): one expert login per profile (role expert, password
 * `mentora-demo`), the profile with its avatar `/avatars/<slug>.svg`, and its weekly availability. Sarah Chen
 * is owned by the existing expert@example.com account. Profiles whose slug exists are skipped. Three of them
 * get an intro video (`seedDemoVideos`).
 * rating_avg / review_count stay null / 0: they are computed from stored feedback.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageDriver } from '../infra/storage/driver.js';
import { storeUpload } from '../modules/files/service.js';
import type { Db, Tx } from '../db/client.js';
import { demoExperts, demoVideoSlugs, type DemoExpert } from './demo-experts.js';
import { availabilityRules, experts, user } from '../db/schema.js';
import type { CreateLogins } from './demo-logins.js';

/** The login e-mail of a demo expert: expert@example.com for Sarah Chen, `<slug>@example.com` otherwise. */
export function demoExpertEmail(e: Pick<DemoExpert, 'slug'>): string {
  return e.slug === 'sarah-chen' ? 'expert@example.com' : `${e.slug}@example.com`;
}

/**
 * Inserts the demo experts that are missing, with a login for each that has none (`createLogins`), in a
 * handful of multi-row statements. Returns how many were added.
 */
export async function seedExperts(db: Db | Tx, createLogins: CreateLogins): Promise<number> {
  const existing = new Set((await db.select({ slug: experts.slug }).from(experts)).map((r) => r.slug));
  const missing = demoExperts.filter((e) => !existing.has(e.slug));
  if (!missing.length) return 0;
  const userIds = new Map(
    (
      await db
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(inArray(user.email, missing.map(demoExpertEmail)))
    ).map((r) => [r.email, r.id]),
  );
  const withoutLogin = missing.filter((e) => !userIds.has(demoExpertEmail(e)));
  const created = await createLogins(withoutLogin.map((e) => ({ email: demoExpertEmail(e), firstName: e.firstName, lastName: e.lastName, role: 'expert' })));
  withoutLogin.forEach((e, i) => userIds.set(demoExpertEmail(e), created[i]!));
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(experts)
      .values(
        missing.map((e) => ({
          slug: e.slug,
          userId: userIds.get(demoExpertEmail(e))!,
          name: `${e.firstName} ${e.lastName}`,
          role: e.role,
          about: e.about,
          experience: e.experience,
          courses: e.courses,
          languages: e.languages,
          hobbies: e.hobbies,
          expertise: e.expertise,
          hourlyRateCents: e.hourlyRate * 100,
          timezone: e.timezone,
          cancellationPolicy: e.cancellationPolicy,
          imageUrl: `/avatars/${e.slug}.svg`,
          isAvailable: e.isAvailable ?? true,
        })),
      )
      .returning({ id: experts.id, slug: experts.slug });
    const idBySlug = new Map(rows.map((r) => [r.slug, r.id]));
    const rules = missing.flatMap((e) => (e.rules ?? []).map((r) => ({ expertId: idBySlug.get(e.slug)!, ...r })));
    if (rules.length) await tx.insert(availabilityRules).values(rules);
  });
  return missing.length;
}

/** Where the demo videos are read from: src/server/demo/demo-media, relative to the working directory (as ./drizzle is). */
export function demoMediaFolder(): string {
  return path.resolve('src/server/demo/demo-media');
}

/**
 * Gives the experts in `demoVideoSlugs` their intro video (docs/product.md "Uploads"), so the landing carousel plays on a
 * fresh start: each `<slug>.webm` is stored like an upload of that expert (files row + `storage`, type
 * checked by content) and its URL set as intro_video_url. Experts missing or already with a video are
 * skipped. Returns how many videos were attached.
 */
export async function seedDemoVideos(db: Db, storage: StorageDriver): Promise<number> {
  let attached = 0;
  for (const slug of demoVideoSlugs) {
    const [row] = await db
      .select({ expertId: experts.id, owner: user })
      .from(experts)
      .innerJoin(user, eq(user.id, experts.userId))
      .where(and(eq(experts.slug, slug), isNull(experts.introVideoUrl)));
    if (!row) continue;
    const bytes = await readFile(path.join(demoMediaFolder(), `${slug}.webm`));
    const file = await storeUpload(db, storage, row.owner, 'video', `${slug}-intro.webm`, bytes);
    await db.update(experts).set({ introVideoUrl: file.url }).where(eq(experts.id, row.expertId));
    attached += 1;
  }
  return attached;
}
