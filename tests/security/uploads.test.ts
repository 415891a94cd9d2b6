/**
 * Uploads without limits (docs/security.md "Uploads"): a daily budget per account (count and bytes, safe
 * under concurrent uploads), photos and videos public only while attached to their owner's profile, and the
 * cleanup job that deletes never-attached uploads after 24 hours and replaced ones at once — row and stored
 * object — while keeping attached files and CVs that applications refer to.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertApplications, files, uploadUsage } from '../../src/server/db/schema.js';
import { demoMediaFolder } from '../../src/server/demo/seed-experts.js';
import { storageDriver } from '../../src/server/infra/storage/select.js';
import { deleteUnusedUploads } from '../../src/server/modules/files/cleanup.js';
import { uploadMessages, uploadQuota } from '../../src/shared/uploads.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';
import { makePdf, tinyPng, upload } from '../helpers/uploads.js';

const webm = readFileSync(path.join(demoMediaFolder(), 'marcus-johnson.webm'));
const profile = {
  headline: 'Principal Data Scientist',
  about: 'I help analysts become data scientists.',
  experience: '9 years at two fintechs.',
  courses: [],
  languages: ['English'],
  hobbies: [],
  expertise: ['Programming & Tech'],
  hourlyRate: 90,
  cancellationPolicy: 'flexible',
};

describe('uploads: budget, visibility and cleanup', () => {
  let ctx: TestContext;
  let erin: Awaited<ReturnType<typeof createExpert>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let client: Awaited<ReturnType<typeof createUser>>;

  const uploaded = async (cookie: string, purpose: string, name: string, bytes: Buffer) => {
    const res = await upload(ctx, cookie, purpose, name, bytes);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().file as { id: string; url: string };
  };
  const saveProfile = async (cookie: string, over: object) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/expert-profile',
      headers: { origin, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...profile, ...over }),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const status = async (url: string, cookie?: string) => (await ctx.app.inject({ url, headers: cookie ? { cookie } : {} })).statusCode;
  const fileCount = async (ownerId: string) => (await ctx.database.db.select({ n: count() }).from(files).where(eq(files.ownerId, ownerId)))[0]!.n;
  const storedAt = async (id: string) => {
    const [row] = await ctx.database.db.select({ key: files.storageKey }).from(files).where(eq(files.id, id));
    return row ? path.join(ctx.config.dataDir, 'uploads', row.key) : null;
  };
  const age = (id: string, hours: number) =>
    ctx.database.db
      .update(files)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(files.id, id));

  beforeAll(async () => {
    ctx = await createTestApp();
    erin = await createExpert(ctx, { email: 'erin@example.com', slug: 'erin-expert' });
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin' });
    client = await createUser(ctx, { email: 'casey@example.com', role: 'client' });
  });
  afterAll(() => ctx.close());

  it('a photo or video is 404 to others until it is attached to its owner’s profile, and again once replaced', async () => {
    const photo = await uploaded(erin.cookie, 'photo', 'me.png', tinyPng);
    const video = await uploaded(erin.cookie, 'video', 'intro.webm', webm);
    for (const f of [photo, video]) {
      expect(await status(f.url)).toBe(404);
      expect(await status(f.url, client.cookie)).toBe(404);
      expect(await status(f.url, erin.cookie)).toBe(200);
      expect(await status(f.url, admin.cookie)).toBe(200);
    }
    await saveProfile(erin.cookie, { photoFileId: photo.id, videoFileId: video.id });
    for (const f of [photo, video]) {
      const res = await ctx.app.inject(f.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    }
    // A new photo replaces the old one: the old one is no longer anyone's but its owner's.
    const next = await uploaded(erin.cookie, 'photo', 'me-2.png', tinyPng);
    await saveProfile(erin.cookie, { photoFileId: next.id });
    expect(await status(next.url)).toBe(200);
    expect(await status(photo.url)).toBe(404);
    expect(await status(photo.url, erin.cookie)).toBe(200);
    // Removing the video takes it off the public web too.
    await saveProfile(erin.cookie, { videoFileId: null });
    expect(await status(video.url)).toBe(404);
  });

  it(`refuses uploads past ${uploadQuota.filesPerDay} a day with 429, even when sent all at once, and stores nothing`, async () => {
    const uploader = await createUser(ctx, { email: 'busy@example.com', role: 'expert' });
    // From an address of its own: the per-address limit of 30 uploads a minute is not what is tested here.
    const address = '198.51.100.20';
    const tries = await Promise.all(
      Array.from({ length: uploadQuota.filesPerDay + 5 }, (_, i) => upload(ctx, uploader.cookie, 'photo', `p${i}.png`, tinyPng, address)),
    );
    expect(tries.filter((r) => r.statusCode === 201)).toHaveLength(uploadQuota.filesPerDay);
    const refused = tries.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.statusCode).toBe(429);
      expect(r.json().error.message).toBe(uploadMessages.quotaReached);
    }
    expect(await fileCount(uploader.id)).toBe(uploadQuota.filesPerDay);
    const later = await upload(ctx, uploader.cookie, 'photo', 'later.png', tinyPng, address);
    expect(later.statusCode).toBe(429);
    expect(await fileCount(uploader.id)).toBe(uploadQuota.filesPerDay);
    // Someone else's budget is their own.
    expect((await upload(ctx, erin.cookie, 'photo', 'mine.png', tinyPng)).statusCode).toBe(201);
  });

  it('refuses an upload that would pass the day’s bytes, and a deleted file does not give its share back', async () => {
    const uploader = await createUser(ctx, { email: 'bytes@example.com', role: 'expert' });
    await uploaded(uploader.cookie, 'photo', 'first.png', tinyPng);
    // As if 200 MB less a few bytes had been uploaded today.
    await ctx.database.db
      .update(uploadUsage)
      .set({ bytes: uploadQuota.bytesPerDay - tinyPng.length + 1 })
      .where(eq(uploadUsage.userId, uploader.id));
    const refused = await upload(ctx, uploader.cookie, 'photo', 'over.png', tinyPng);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(uploadMessages.quotaReached);
    await ctx.database.db.delete(files).where(eq(files.ownerId, uploader.id));
    expect((await upload(ctx, uploader.cookie, 'photo', 'again.png', tinyPng)).statusCode).toBe(429);
    expect(await fileCount(uploader.id)).toBe(0);
  });

  it('the cleanup job deletes old never-attached uploads and replaced photos (row and object), keeps attached files and CVs in applications', async () => {
    const owner = await createExpert(ctx, { email: 'olga@example.com', slug: 'olga-other' });
    const oldLoose = await uploaded(owner.cookie, 'photo', 'old-loose.png', tinyPng);
    const newLoose = await uploaded(owner.cookie, 'video', 'new-loose.webm', webm);
    const replaced = await uploaded(owner.cookie, 'photo', 'replaced.png', tinyPng);
    await saveProfile(owner.cookie, { photoFileId: replaced.id });
    const current = await uploaded(owner.cookie, 'photo', 'current.png', tinyPng);
    await saveProfile(owner.cookie, { photoFileId: current.id });
    const pdf = await makePdf(['Olga Other', 'Staff Engineer']);
    const appliedCv = await uploaded(owner.cookie, 'cv', 'applied.pdf', pdf);
    const looseCv = await uploaded(owner.cookie, 'cv', 'loose.pdf', pdf);
    await ctx.database.db.insert(expertApplications).values({
      userId: owner.id,
      professionalTitle: 'Staff Engineer',
      yearsExperience: '6-10',
      cvFileId: appliedCv.id,
      selectedExpertise: ['Programming & Tech'],
      whyExpert: 'I like helping.',
    });
    for (const f of [oldLoose, current, appliedCv, looseCv]) await age(f.id, 25);
    const paths = Object.fromEntries(
      await Promise.all([oldLoose, newLoose, replaced, current, appliedCv, looseCv].map(async (f) => [f.id, await storedAt(f.id)] as const)),
    );
    for (const p of Object.values(paths)) expect(existsSync(p!)).toBe(true);

    const deleted = await deleteUnusedUploads(ctx.database.db, storageDriver(ctx.config));
    expect(deleted).toBeGreaterThanOrEqual(3);
    for (const gone of [oldLoose, replaced, looseCv]) {
      expect(await storedAt(gone.id)).toBeNull();
      expect(existsSync(paths[gone.id]!)).toBe(false);
    }
    for (const kept of [newLoose, current, appliedCv]) {
      expect(await storedAt(kept.id)).not.toBeNull();
      expect(existsSync(paths[kept.id]!)).toBe(true);
    }
    expect(await status(current.url)).toBe(200);
    const [application] = await ctx.database.db
      .select()
      .from(expertApplications)
      .where(and(eq(expertApplications.userId, owner.id)));
    expect(application!.cvFileId).toBe(appliedCv.id);
    expect(await status(appliedCv.url, admin.cookie)).toBe(200);
    // A second run finds nothing more to delete.
    expect(await deleteUnusedUploads(ctx.database.db, storageDriver(ctx.config))).toBe(0);
  });
});
