/**
 * Writes an avatar SVG (initials on a coloured square) for every demo expert to src/web/public/avatars/<slug>.svg,
 * served as /avatars/<slug>.svg (experts.image_url). No network, no photos. White text on colours with
 * contrast of at least 4.5:1. Run with `npx tsx scripts/make-avatars.mjs` (it reads the TypeScript demo data).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoExperts } from '../src/server/demo/demo-experts.ts';

const colours = ['#4338ca', '#065f46', '#be123c', '#92400e', '#075985', '#6d28d9', '#115e59', '#334155', '#86198f', '#1d4ed8', '#155e75', '#9a3412'];
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'src/web/public/avatars');

/** A stable colour per slug. */
function colourFor(slug) {
  let hash = 0;
  for (const ch of slug) hash = (hash * 31 + ch.codePointAt(0)) >>> 0;
  return colours[hash % colours.length];
}

const escapeXml = (s) => s.replace(/[<>&"']/g, (c) => `&#${c.codePointAt(0)};`);

function avatar({ slug, firstName, lastName }) {
  const initials = `${[...firstName][0]}${[...lastName][0]}`.toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-label="${escapeXml(`${firstName} ${lastName}`)}">
<title>${escapeXml(`${firstName} ${lastName}`)}</title>
<rect width="256" height="256" fill="${colourFor(slug)}"/>
<text x="128" y="128" dy="0.35em" text-anchor="middle" fill="#ffffff" font-family="Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="104" font-weight="600">${escapeXml(initials)}</text>
</svg>
`;
}

mkdirSync(out, { recursive: true });
for (const expert of demoExperts) writeFileSync(path.join(out, `${expert.slug}.svg`), avatar(expert));
console.log(`wrote ${demoExperts.length} avatars to ${path.relative(root, out)}`);
