/**
 * Writes the demo intro videos for the landing carousel (docs/product.md "Uploads") to src/server/demo/demo-media/<slug>.webm:
 * 5-second 360×640 title cards (name, headline, a growing progress bar, a soft tone) for the experts in
 * `demoVideoSlugs`. VP9 + Opus in WebM, each well under 300 KB; the seed stores them through the files
 * table and the storage driver. Needs ffmpeg (with libvpx-vp9, libopus, drawtext) and the DejaVu fonts.
 * Run with `npx tsx scripts/make-demo-videos.mjs` (it reads the TypeScript demo data).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoExperts, demoVideoSlugs } from '../src/server/demo/demo-experts.ts';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'src/server/demo/demo-media');
const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const boldFont = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const seconds = 5;
const maxBytes = 300 * 1024;
/** Background and tone per video, in `demoVideoSlugs` order. */
const looks = [
  { background: '0x312e81', tone: 262 },
  { background: '0x134e4a', tone: 294 },
  { background: '0x831843', tone: 330 },
];

/** drawtext reading its text from a file (no quoting trouble with apostrophes), fading in from `start` s. */
function text(file, { size, y, bold = false, start = 0, colour = 'white' }) {
  return `drawtext=fontfile=${bold ? boldFont : font}:textfile=${file}:fontsize=${size}:fontcolor=${colour}:x=(w-text_w)/2:y=${y}:alpha='clip((t-${start})/0.6,0,1)'`;
}

function makeVideo(expert, look, work) {
  const lines = { brand: 'MENTORA', hello: "Hi, I'm", name: `${expert.firstName} ${expert.lastName}`, role: expert.role, cta: 'Book a free 15-minute intro' };
  const files = Object.fromEntries(
    Object.entries(lines).map(([key, value]) => {
      const file = path.join(work, `${expert.slug}-${key}.txt`);
      writeFileSync(file, value);
      return [key, file];
    }),
  );
  const video = [
    `drawbox=x=40:y=112:w=280:h=4:color=white@0.35:t=fill`,
    text(files.brand, { size: 20, y: 72, bold: true, colour: 'white@0.85' }),
    text(files.hello, { size: 26, y: 160, start: 0.2 }),
    text(files.name, { size: 34, y: 202, bold: true, start: 0.4 }),
    text(files.role, { size: 20, y: 256, start: 0.8, colour: 'white@0.9' }),
    text(files.cta, { size: 18, y: 318, start: 1.6, colour: 'white@0.9' }),
  ].join(',');
  // Everything sits in the upper half: the landing carousel lays the name and a gradient over the lower part.
  // The progress bar slides in from behind a strip of background on the left (drawbox sizes are not per frame).
  const graph = `[0:v]${video}[card];[card][2:v]overlay=x='40-280+280*t/${seconds}':y=370:eval=frame,drawbox=x=0:y=370:w=40:h=6:color=${look.background}:t=fill[v]`;
  const target = path.join(out, `${expert.slug}.webm`);
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=${look.background}:s=360x640:r=24:d=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${look.tone}:sample_rate=48000:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `color=c=white:s=280x6:r=24:d=${seconds}`,
      '-filter_complex',
      graph,
      '-map',
      '[v]',
      '-map',
      '1:a',
      '-af',
      `volume=0.08,afade=t=in:d=0.5,afade=t=out:st=${seconds - 0.8}:d=0.8`,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '4',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'libopus',
      '-b:a',
      '24k',
      '-ac',
      '1',
      '-shortest',
      target,
    ],
    { stdio: 'inherit' },
  );
  const size = statSync(target).size;
  if (size > maxBytes) throw new Error(`${target} is ${size} bytes, over ${maxBytes}`);
  return { target, size };
}

mkdirSync(out, { recursive: true });
const work = mkdtempSync(path.join(os.tmpdir(), 'mentora-videos-'));
try {
  demoVideoSlugs.forEach((slug, i) => {
    const expert = demoExperts.find((e) => e.slug === slug);
    if (!expert) throw new Error(`no demo expert ${slug}`);
    const { target, size } = makeVideo(expert, looks[i % looks.length], work);
    console.log(`wrote ${path.relative(root, target)} (${Math.round(size / 1024)} KB)`);
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
