// Bundle analysis (docs/performance.md "Test suite", "What a page load costs"): builds the web app without writing
// it, then prints what the app's own JavaScript (boot + main and its static imports, loaded by every page) and each
// route of ROUTES (comma-separated parts of a page module's path, e.g. `session-page,expert-dashboard-route`) loads
// beyond it — chunks, minified and gzip (level 9) bytes, and the modules' sizes before minification grouped by
// package or source folder (TOP of them, 25 by default) — and the largest chunks.
// `ROUTES=session-page node bench/bundle.mjs`. To see why a module is in a route, `WHY=react-day-picker` with one route.
import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
const root = process.cwd();
let graph;
const why = {
  name: 'why',
  generateBundle() {
    graph = new Map([...this.getModuleIds()].map((id) => [id, this.getModuleInfo(id)]));
  },
};
const out = await build({ configFile: path.join(root, 'vite.config.ts'), build: { write: false }, logLevel: 'silent', plugins: [why] });
const output = (Array.isArray(out) ? out[0] : out).output;
const chunks = output.filter((c) => c.type === 'chunk');
const byFile = new Map(chunks.map((c) => [c.fileName, c]));
const closure = (c, set = new Set()) => {
  if (set.has(c.fileName)) return set;
  set.add(c.fileName);
  for (const f of c.imports) closure(byFile.get(f), set);
  return set;
};
const gz = (c) => gzipSync(c.code, { level: 9 }).length;
const group = (id) => {
  const nm = id.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = id.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const rel = path.relative(root, id.replace(/\?.*$/, ''));
  const parts = rel.split('/');
  return parts.slice(0, parts[1] === 'web' && parts[2] === 'features' ? 4 : 3).join('/');
};
const report = (name, files) => {
  const byGroup = new Map();
  let raw = 0,
    gzip = 0;
  for (const f of files) {
    const c = byFile.get(f);
    raw += c.code.length;
    gzip += gz(c);
    for (const [id, m] of Object.entries(c.modules)) byGroup.set(group(id), (byGroup.get(group(id)) ?? 0) + m.renderedLength);
  }
  console.log(`\n## ${name}: ${files.size} chunks, ${(raw / 1024).toFixed(1)} KB minified, ${(gzip / 1024).toFixed(1)} KB gzip`);
  for (const [g, n] of [...byGroup].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25)))
    console.log(`${(n / 1024).toFixed(1).padStart(7)} KB  ${g}`);
};
const entry = chunks.find((c) => c.facadeModuleId?.endsWith('src/web/main.tsx'));
const boot = chunks.find((c) => c.isEntry);
const app = closure(entry);
closure(boot, app);
report('app (boot + main and its static imports)', app);
for (const r of (process.env.ROUTES ?? '').split(',').filter(Boolean)) {
  const c = chunks.find((x) => x.facadeModuleId?.includes(r));
  if (!c) {
    console.log(`no chunk for ${r}`);
    continue;
  }
  const files = closure(c);
  for (const f of app) files.delete(f);
  report(`route ${r} beyond the app`, files);
}
console.log('\n## largest chunks');
for (const c of [...chunks].sort((a, b) => b.code.length - a.code.length).slice(0, 12))
  console.log(
    `${(c.code.length / 1024).toFixed(1).padStart(7)} KB  ${(gz(c) / 1024).toFixed(1).padStart(6)} KB gz  ${c.fileName}  ${c.facadeModuleId ? path.relative(root, c.facadeModuleId) : '(shared)'}${c.isDynamicEntry ? ' lazy' : ''}`,
  );

// The shortest chain of static imports from the route's page module to the module matching WHY.
if (process.env.WHY) {
  const start = [...graph.keys()].find((id) => id.includes((process.env.ROUTES ?? '').split(',')[0] || 'src/web/main.tsx'));
  const prev = new Map([[start, null]]);
  const queue = [start];
  let hit;
  while (queue.length) {
    const id = queue.shift();
    if (id.includes(process.env.WHY)) {
      hit = id;
      break;
    }
    for (const next of graph.get(id)?.importedIds ?? [])
      if (!prev.has(next)) {
        prev.set(next, id);
        queue.push(next);
      }
  }
  const chain = [];
  for (let id = hit; id; id = prev.get(id)) chain.unshift(path.relative(root, id));
  console.log(`\n## why ${process.env.WHY}\n${hit ? chain.join('\n  → ') : 'not statically reachable'}`);
}
