/**
 * Expert profile editing (docs/product.md "Expert profiles"): GET/PUT /api/me/expert-profile rules and authorisation, photo and
 * intro video by uploaded file (typed by content), and the landing carousel's GET /api/experts/videos.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertiseMessages } from '../../src/shared/expertise.js';
import { messages } from '../../src/shared/messages.js';
import type { ExpertProfileInput, MyExpertProfile } from '../../src/shared/schemas/expert-profile.js';
import type { ExpertProfile } from '../../src/shared/schemas/experts.js';
import type { ExpertVideosResponse } from '../../src/shared/schemas/expert-videos.js';
import { seedDemo } from '../../src/server/demo/seed.js';
import { demoMediaFolder } from '../../src/server/demo/seed-experts.js';
import { experts } from '../../src/server/db/schema.js';
import { storageDriver } from '../../src/server/infra/storage/select.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin, signIn } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';
import { tinyPng, upload } from '../helpers/uploads.js';

const m = messages.profile;
const webm = readFileSync(path.join(demoMediaFolder(), 'marcus-johnson.webm'));

const valid: ExpertProfileInput = {
  headline: 'Principal Data Scientist',
  about: 'I help analysts become data scientists.',
  experience: '9 years at two fintechs.',
  courses: ['MSc Statistics'],
  languages: ['English', 'Portuguese'],
  hobbies: ['Surfing'],
  expertise: ['data science & analytics', 'Career Storytelling'],
  hourlyRate: 140.5,
  cancellationPolicy: 'strict',
};

describe('expert profile editing', () => {
  let ctx: TestContext;
  let erin: Awaited<ReturnType<typeof createExpert>>;
  let other: Awaited<ReturnType<typeof createExpert>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let noProfile: Awaited<ReturnType<typeof createUser>>;

  const put = (cookie: string | null, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/me/expert-profile',
      headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
  const mine = async (cookie: string) => (await ctx.app.inject({ url: '/api/me/expert-profile', headers: { cookie } })).json() as MyExpertProfile;
  const publicProfile = async (slug: string) => (await ctx.app.inject(`/api/experts/${slug}`)).json() as ExpertProfile;
  const videos = async () => ((await ctx.app.inject('/api/experts/videos')).json() as ExpertVideosResponse).videos;
  const uploaded = async (cookie: string, purpose: string, name: string, bytes: Buffer) => {
    const res = await upload(ctx, cookie, purpose, name, bytes);
    expect(res.statusCode).toBe(201);
    return (res.json() as { file: { id: string; url: string } }).file;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    erin = await createExpert(ctx, { email: 'erin@example.com', slug: 'erin-expert' });
    other = await createExpert(ctx, { email: 'olga@example.com', slug: 'olga-other' });
    client = await createUser(ctx, { email: 'casey@example.com', role: 'client' });
    admin = await createUser(ctx, { email: 'ada@example.com', role: 'admin' });
    noProfile = await createUser(ctx, { email: 'newbie@example.com', role: 'expert' });
  });
  afterAll(() => ctx.close());

  it('refuses visitors, clients, admins and experts without a profile, and changes nothing', async () => {
    expect((await ctx.app.inject('/api/me/expert-profile')).statusCode).toBe(401);
    expect((await put(null, valid)).statusCode).toBe(401);
    for (const cookie of [client.cookie, admin.cookie]) {
      expect((await ctx.app.inject({ url: '/api/me/expert-profile', headers: { cookie } })).statusCode).toBe(403);
      expect((await put(cookie, valid)).statusCode).toBe(403);
    }
    const none = await put(noProfile.cookie, valid);
    expect(none.statusCode).toBe(403);
    expect(none.json().error.message).toBe(m.notAnExpert);
    expect((await publicProfile('erin-expert')).role).toBe('Staff Engineer');
  });

  it('shows the expert their own profile, with rate in cents and read-only rating', async () => {
    const p = await mine(erin.cookie);
    expect(p).toMatchObject({
      slug: 'erin-expert',
      name: 'Erin Expert',
      headline: 'Staff Engineer',
      hourlyRateCents: 9000,
      cancellationPolicy: 'flexible',
      ratingAvg: null,
      reviewCount: 0,
      imageUrl: null,
      introVideoUrl: null,
    });
  });

  it('saves every field: dollars become cents, catalogue areas take the catalogue spelling, the public profile and search show it', async () => {
    const res = await put(erin.cookie, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      headline: 'Principal Data Scientist',
      hourlyRateCents: 14050,
      expertise: ['Data Science & Analytics', 'Career Storytelling'],
      cancellationPolicy: 'strict',
    });
    expect(await publicProfile('erin-expert')).toMatchObject({
      role: 'Principal Data Scientist',
      about: valid.about,
      experience: valid.experience,
      courses: valid.courses,
      languages: valid.languages,
      hobbies: valid.hobbies,
      hourlyRateCents: 14050,
      cancellationPolicy: 'strict',
    });
    const search = (await ctx.app.inject('/api/experts?query=storytelling')).json() as { matched: boolean; experts: { slug: string; role: string }[] };
    expect(search.matched).toBe(true);
    expect(search.experts.map((e) => [e.slug, e.role])).toEqual([['erin-expert', 'Principal Data Scientist']]);
    expect((await ctx.app.inject('/api/expert-languages')).json().languages).toContain('Portuguese');
    // The other expert's profile is untouched: there is no way to address it.
    expect((await publicProfile('olga-other')).role).toBe('Staff Engineer');
  });

  it('trims texts and accepts the rate limits $10 and $1000', async () => {
    const low = await put(erin.cookie, { ...valid, headline: '  Mentor  ', languages: [' English '], hourlyRate: 10 });
    expect(low.json()).toMatchObject({ headline: 'Mentor', languages: ['English'], hourlyRateCents: 1000 });
    expect((await put(erin.cookie, { ...valid, hourlyRate: 1000 })).json().hourlyRateCents).toBe(100000);
  });

  it.each([
    ['blank headline', { headline: '   ' }, m.headlineRequired],
    ['missing about', { about: undefined }, m.aboutRequired],
    ['rate under $10', { hourlyRate: 9.99 }, m.rateRange],
    ['rate over $1000', { hourlyRate: 1000.01 }, m.rateRange],
    ['rate as text', { hourlyRate: '95' }, m.rateRange],
    ['fractions of a cent', { hourlyRate: 50.555 }, m.rateCents],
    ['no expertise', { expertise: [] }, expertiseMessages.required],
    ['four areas', { expertise: ['Marketing', 'Hospitality', 'Public Speaking', 'Leadership Skills'] }, expertiseMessages.tooMany],
    ['the same area twice', { expertise: ['Marketing', 'marketing '] }, expertiseMessages.duplicateArea],
    ['a blank area', { expertise: ['  '] }, expertiseMessages.blankArea],
    ['a custom area over 60 characters', { expertise: ['x'.repeat(61)] }, expertiseMessages.areaTooLong],
    ['a language twice', { languages: ['English', 'english'] }, m.duplicate('language')],
    ['a long hobby', { hobbies: ['x'.repeat(61)] }, m.itemTooLong('hobby', 60)],
    ['21 courses', { courses: Array.from({ length: 21 }, (_, i) => `Course ${i}`) }, m.tooMany('courses', 20)],
    ['an unknown policy', { cancellationPolicy: 'lenient' }, m.policyRequired],
    ['a rating', { ratingAvg: 5 }, m.readOnly],
    ['a review count', { reviewCount: 999 }, m.readOnly],
    ['a photo id that is not a file id', { photoFileId: '../../etc/passwd' }, m.photoNotFound],
  ])('refuses %s with a clear message and changes nothing', async (_name, patch, message) => {
    const before = await mine(erin.cookie);
    const res = await put(erin.cookie, { ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await mine(erin.cookie)).toEqual(before);
  });

  it('takes a photo by uploaded file: the expert’s own photo only, shown publicly; null removes it', async () => {
    const photo = await uploaded(erin.cookie, 'photo', 'me.png', tinyPng);
    const res = await put(erin.cookie, { ...valid, photoFileId: photo.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().imageUrl).toBe(`/api/files/${photo.id}`);
    const card = ((await ctx.app.inject('/api/experts?query=erin')).json() as { experts: { slug: string; imageUrl: string | null }[] }).experts.find(
      (e) => e.slug === 'erin-expert',
    );
    expect(card?.imageUrl).toBe(photo.url);
    const served = await ctx.app.inject(photo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // Leaving the photo out keeps it.
    expect((await put(erin.cookie, valid)).json().imageUrl).toBe(photo.url);

    // Someone else's photo, a video, or an unknown id is refused and nothing changes.
    const theirs = await uploaded(other.cookie, 'photo', 'them.png', tinyPng);
    const video = await uploaded(erin.cookie, 'video', 'intro.webm', webm);
    for (const id of [theirs.id, video.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await put(erin.cookie, { ...valid, headline: 'Changed', photoFileId: id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(m.photoNotFound);
    }
    expect((await publicProfile('erin-expert')).imageUrl).toBe(photo.url);
    expect((await publicProfile('erin-expert')).role).toBe(valid.headline);

    expect((await put(erin.cookie, { ...valid, photoFileId: null })).json().imageUrl).toBeNull();
  });

  it('decides upload types by content: a PNG named .webm is not a video, a WebM is not a photo', async () => {
    const fake = await upload(ctx, erin.cookie, 'video', 'intro.webm', tinyPng);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe('Please upload an MP4 or WebM video');
    const notPhoto = await upload(ctx, erin.cookie, 'photo', 'me.png', webm);
    expect(notPhoto.statusCode).toBe(415);
    expect(notPhoto.json().error.message).toBe('Please upload a JPEG, PNG or WebP image');
    // A client may upload a photo (their account photo, docs/product.md "Account"), never a video.
    expect((await upload(ctx, client.cookie, 'video', 'intro.webm', webm)).statusCode).toBe(403);
    expect((await upload(ctx, null, 'video', 'intro.webm', webm)).statusCode).toBe(401);
  });

  it('takes an intro video by uploaded file; published experts with a video feed the landing carousel', async () => {
    expect(await videos()).toEqual([]);
    const video = await uploaded(erin.cookie, 'video', 'intro.webm', webm);
    const theirs = await uploaded(other.cookie, 'video', 'theirs.webm', webm);
    const refused = await put(erin.cookie, { ...valid, videoFileId: theirs.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(m.videoNotFound);

    const saved = await put(erin.cookie, { ...valid, videoFileId: video.id });
    expect(saved.json().introVideoUrl).toBe(video.url);
    expect((await publicProfile('erin-expert')).introVideoUrl).toBe(video.url);
    expect(await videos()).toEqual([
      { id: erin.expert.id, url: video.url, posterUrl: null, expertName: 'Erin Expert', expertRole: valid.headline, expertSlug: 'erin-expert' },
    ]);
    const served = await ctx.app.inject(video.url);
    expect(served.headers['content-type']).toBe('video/webm');
    expect(served.rawPayload.equals(webm)).toBe(true);

    // A profile that is not published stays out of the carousel.
    // Written behind the API's back, so the catalogue hears of it through the change feed.
    await ctx.database.db.update(experts).set({ status: 'draft' }).where(eq(experts.id, erin.expert.id));
    await ctx.app.changeFeed.sync();
    expect(await videos()).toEqual([]);
    await ctx.database.db.update(experts).set({ status: 'published' }).where(eq(experts.id, erin.expert.id));
    await ctx.app.changeFeed.sync();

    expect((await put(erin.cookie, { ...valid, videoFileId: null })).json().introVideoUrl).toBeNull();
    expect(await videos()).toEqual([]);
  });
});

describe('demo intro videos', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemo(ctx.database.db, ctx.app.auth, storageDriver(ctx.config));
    await ctx.app.changeFeed.sync();
  });
  afterAll(() => ctx.close());

  it('attaches three small WebM videos to three demo experts on a fresh database', async () => {
    const { videos } = (await ctx.app.inject('/api/experts/videos')).json() as ExpertVideosResponse;
    expect(videos.map((v) => v.expertSlug).sort()).toEqual(['emily-rodriguez', 'marcus-johnson', 'sarah-chen']);
    for (const v of videos) {
      expect(v.posterUrl).toBe(`/avatars/${v.expertSlug}.svg`);
      const res = await ctx.app.inject(v.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/webm');
      expect(res.rawPayload.length).toBeLessThan(300 * 1024);
    }
  });

  it('lets the demo expert edit their profile', async () => {
    const cookie = await signIn(ctx, 'expert@example.com');
    const before = (await ctx.app.inject({ url: '/api/me/expert-profile', headers: { cookie } })).json() as MyExpertProfile;
    expect(before).toMatchObject({ slug: 'sarah-chen', headline: 'Senior Product Manager', hourlyRateCents: 8500 });
    expect(before.reviewCount).toBeGreaterThan(0);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/expert-profile',
      headers: { cookie, origin, 'content-type': 'application/json' },
      payload: { ...valid, headline: 'Group Product Manager', hourlyRate: 110 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      headline: 'Group Product Manager',
      hourlyRateCents: 11000,
      reviewCount: before.reviewCount,
      ratingAvg: before.ratingAvg,
      introVideoUrl: before.introVideoUrl,
    });
  });
});
