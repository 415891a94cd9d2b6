import { readFileSync } from 'node:fs';
import path from 'node:path';
import { seriousViolations } from './axe';
import { expect, test, type Page } from './test';
import type { MyExpertProfile } from '../../src/shared/schemas/expert-profile';
import { editableProfile } from './fixtures/marketplace';
import { bookViaApi, signInAs } from './helpers';
import { waitingForApp } from './test';

/**
 * Expert profile editing (docs/product.md "Expert profiles") and the landing carousel fed by real expert videos
 * (docs/product.md "Content and timings"). The journey's own expert edits the headline, rate, policy and photo.
 */
const headline = 'Head of Product Coaching';
/** A short real WebM clip (the seed's media, used here only as a file to upload). */
const sampleVideo = readFileSync(path.resolve('src/server/demo/demo-media/marcus-johnson.webm'));

/** A real 256×256 PNG portrait drawn by the browser. */
async function drawnPortrait(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 256;
    const g = canvas.getContext('2d')!;
    const gradient = g.createLinearGradient(0, 0, 256, 256);
    gradient.addColorStop(0, '#4f46e5');
    gradient.addColorStop(1, '#0f766e');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 256, 256);
    g.fillStyle = '#fde68a';
    g.beginPath();
    g.arc(128, 104, 52, 0, Math.PI * 2);
    g.fill();
    g.fillRect(48, 176, 160, 80);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('an expert edits headline, rate, policy and photo; the public profile and results show the change, a booked session keeps its policy', async ({
  page,
  browser,
  client,
  expert,
}) => {
  // The expert already has an intro video (uploaded as the editor would: POST /api/files, then the profile).
  const uploaded = await expert.request.post('/api/files?purpose=video', {
    multipart: { file: { name: 'intro.webm', mimeType: 'video/webm', buffer: sampleVideo } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const current = (await (await expert.request.get('/api/me/expert-profile')).json()) as MyExpertProfile;
  const videoFileId = ((await uploaded.json()) as { file: { id: string } }).file.id;
  const withVideo = await expert.request.put('/api/me/expert-profile', { data: { ...editableProfile(current), videoFileId } });
  expect(withVideo.status(), await withVideo.text()).toBe(200);

  // A client books the expert under the moderate policy before it changes.
  expect(expert.cancellationPolicy).toBe('moderate');
  const clientContext = await browser.newContext();
  const clientPage = waitingForApp(await clientContext.newPage());
  await signInAs(clientPage, client);
  const booked = await bookViaApi(clientPage.request, expert.slug, 16, 'Pricing a product launch');

  await signInAs(page, expert);
  await page.goto('/dashboard/expert');
  const original = await (await page.request.get('/api/me/expert-profile')).json();
  expect(original).toMatchObject({ slug: expert.slug, hourlyRateCents: expert.hourlyRateCents, introVideoUrl: expect.stringMatching(/^\/api\/files\//) });
  const rate = expert.hourlyRateCents / 100;
  const newRate = rate + 25;
  const newPrice = `$${newRate.toFixed(2)}`;

  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/expert\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByLabel('Headline')).toHaveValue(original.headline);
  await expect(page.getByLabel('Hourly rate (USD)')).toHaveValue(String(rate));
  await expect(page.getByText('Ratings come from client feedback and cannot be edited.')).toBeVisible();

  // Bad input is refused with a clear message, and nothing is saved.
  await page.getByLabel('Hourly rate (USD)').fill('5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('Hourly rate must be between $10 and $1000');
  expect((await (await page.request.get(`/api/experts/${expert.slug}`)).json()).hourlyRateCents).toBe(expert.hourlyRateCents);
  await page.getByLabel('Hourly rate (USD)').fill(String(newRate));
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A photo is previewed before saving; a file that is not an image is refused by the browser check.
  await page.locator('input[type=file][name=photo]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert')).toContainText('Please upload a JPEG, PNG or WebP image');
  await page.locator('input[type=file][name=photo]').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: await drawnPortrait(page) });
  const preview = page.getByRole('img', { name: `Preview of ${expert.name}` });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect(page.getByRole('progressbar', { name: 'Uploading photo' })).toHaveCount(0);
  await expect(page.getByText('Not saved yet. Save changes to update your public profile.')).toBeVisible();

  // An intro video shows upload progress (on a slow uplink) and a preview; removing it leaves the saved one alone.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 16 * 1024 });
  await page.locator('input[type=file][name=video]').setInputFiles({ name: 'intro.webm', mimeType: 'video/webm', buffer: sampleVideo });
  const progress = page.getByRole('progressbar', { name: 'Uploading video' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uploading…' })).toBeDisabled();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(page.getByLabel('Intro video preview')).toHaveAttribute('src', /^blob:/);
  await expect(progress).toHaveCount(0, { timeout: 15_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByRole('button', { name: 'Keep current video' }).click();
  await expect(page.getByLabel('Intro video preview')).toHaveAttribute('src', `${original.introVideoUrl}#t=2`);

  // Next to the policy choice: a change applies to new bookings only.
  await expect(page.getByText('A change applies to new bookings only. Sessions already booked keep the policy they were booked under.')).toBeVisible();
  await page.getByRole('radio', { name: /^Strict/ }).check();

  await page.getByLabel('Headline').fill(headline);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByRole('img', { name: `Preview of ${expert.name}` })).toHaveAttribute('src', /^\/api\/files\//);
  const saved = await (await page.request.get('/api/me/expert-profile')).json();
  expect(saved).toMatchObject({
    headline,
    hourlyRateCents: newRate * 100,
    cancellationPolicy: 'strict',
    reviewCount: original.reviewCount,
    ratingAvg: original.ratingAvg,
    introVideoUrl: original.introVideoUrl,
  });

  // The session booked before the change keeps its moderate policy and its price.
  await clientPage.goto(`/session/${booked.id}`);
  await expect(clientPage.getByText('Moderate:', { exact: true })).toBeVisible();
  await expect(clientPage.getByText('These are the terms this session was booked under; a later change by the expert does not apply.')).toBeVisible();
  await expect(clientPage.getByText(`$${(booked.totalAmountCents / 100).toFixed(2)}`).first()).toBeVisible();
  await clientPage.getByRole('button', { name: 'Cancel Session' }).click();
  await expect(clientPage.getByRole('dialog')).toContainText('Full refund until 72 hours before the session, 50% after.');
  await clientContext.close();

  // The public profile shows the new headline, rate and photo.
  await page.getByRole('link', { name: 'View public profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/expert/${expert.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: expert.name })).toBeVisible();
  await expect(page.getByText(headline, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(newPrice).filter({ visible: true }).first()).toBeVisible();
  const photo = page.getByRole('img', { name: expert.name }).first();
  await expect(photo).toHaveAttribute('src', saved.imageUrl);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  // So do the search results.
  await page.goto(`/results?query=${encodeURIComponent(headline)}`);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: expert.name }) });
  await expect(card).toContainText(headline);
  await expect(card).toContainText(newPrice);
  await expect(card.getByRole('img', { name: expert.name })).toHaveAttribute('src', saved.imageUrl);
});

/** Which slide is shown (1-based, from the dots) and the state of every video element. */
async function carouselState(page: Page) {
  const current = await page
    .getByRole('button', { name: /^Go to video \d+$/ })
    .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true') + 1);
  const videos = await page
    .locator('section[aria-roledescription=carousel] video')
    .evaluateAll((els) => (els as HTMLVideoElement[]).map((v) => ({ paused: v.paused, muted: v.muted, time: v.currentTime, duration: v.duration })));
  return { current, videos };
}

test('the landing carousel plays the seeded expert videos: play, mute, wrap-around, next on end, thumbnails', async ({ page }) => {
  // Whichever experts have videos (the seed's three and any a journey of this run gave one), in the API's order. A
  // journey beside this one may give an expert a video between the page's load and the API's answer: load both again
  // until they agree.
  let videos: { expertName: string; expertSlug: string }[] = [];
  const section = page.getByRole('region', { name: 'Hear from Our Experts' });
  const carousel = page.getByRole('region', { name: 'Expert videos' });
  await expect(async () => {
    await page.goto('/');
    ({ videos } = (await (await page.request.get('/api/experts/videos')).json()) as { videos: { expertName: string; expertSlug: string }[] });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole('button', { name: /^Go to video \d+$/ })).toHaveCount(videos.length, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  expect(videos.length).toBeGreaterThanOrEqual(3);
  await expect(section.getByText('No expert videos available at the moment.')).toHaveCount(0);
  const thumbnails = carousel.getByRole('button', { name: new RegExp(`^(${videos.map((v) => v.expertName).join('|')}), `) });
  await expect(thumbnails).toHaveCount(videos.length);
  expect((await carouselState(page)).current).toBe(1);

  // Previous from the first wraps to the last; next from the last wraps to the first.
  await carousel.getByRole('button', { name: 'Previous video' }).click();
  expect((await carouselState(page)).current).toBe(videos.length);
  await carousel.getByRole('button', { name: 'Next video' }).click();
  expect((await carouselState(page)).current).toBe(1);

  // Play: the current video runs, with sound until muted.
  await carousel.getByRole('button', { name: 'Play video' }).click();
  await expect(carousel.getByRole('button', { name: 'Pause video' })).toBeVisible();
  await expect.poll(async () => (await carouselState(page)).videos[0]!.time).toBeGreaterThan(0.2);
  expect((await carouselState(page)).videos[0]!.muted).toBe(false);
  await carousel.getByRole('button', { name: 'Mute video' }).click();
  await expect(carousel.getByRole('button', { name: 'Unmute video' })).toHaveAttribute('aria-pressed', 'true');
  expect((await carouselState(page)).videos[0]!.muted).toBe(true);

  // Next while playing: the others pause and the new one restarts from the beginning (after 100 ms), muted.
  await carousel.getByRole('button', { name: 'Next video' }).click();
  await expect
    .poll(async () => {
      const s = await carouselState(page);
      return s.current === 2 && s.videos[0]!.paused && !s.videos[1]!.paused && s.videos[1]!.muted && s.videos[2]!.paused;
    })
    .toBe(true);

  // A video ending (the clips last 5 seconds) advances to the next one, which plays.
  await expect.poll(async () => (await carouselState(page)).current, { timeout: 10_000 }).toBe(3);
  await expect.poll(async () => !(await carouselState(page)).videos[2]!.paused).toBe(true);

  // Pause, then pick a video by its thumbnail: it becomes current and highlighted, without playing.
  await carousel.getByRole('button', { name: 'Pause video' }).click();
  await expect(carousel.getByRole('button', { name: 'Play video' })).toBeVisible();
  await thumbnails.first().click();
  await expect(thumbnails.first()).toHaveAttribute('aria-current', 'true');
  expect((await carouselState(page)).current).toBe(1);
  expect((await carouselState(page)).videos.every((v) => v.paused)).toBe(true);

  // Each slide links to the expert's public profile.
  await carousel
    .getByRole('link', { name: /^View profile of / })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/expert/${videos[0]!.expertSlug}$`));
});

test('visitors and clients cannot open the profile editor or save a profile', async ({ page, client }) => {
  await page.goto('/dashboard/expert/profile');
  await expect(page).toHaveURL(/\/signup\?next=%2Fdashboard%2Fexpert%2Fprofile$/);
  expect((await page.request.get('/api/me/expert-profile')).status()).toBe(401);
  await signInAs(page, client);
  await page.goto('/dashboard/expert/profile');
  await expect(page).toHaveURL(/\/dashboard\/client$/);
  const res = await page.request.put('/api/me/expert-profile', {
    data: {
      headline: 'Hijack',
      about: 'x',
      experience: '',
      courses: [],
      languages: [],
      hobbies: [],
      expertise: ['Marketing'],
      hourlyRate: 10,
      cancellationPolicy: 'flexible',
    },
  });
  expect(res.status()).toBe(403);
});
