/**
 * Vite plugin (build only): writes `route-preloads.json` next to index.html: the JS chunks of the app itself
 * (src/web/main.tsx and what it imports, loaded by the tiny entry boot.ts) and, for every top-level lazy route of
 * src/web/app/router.tsx, the chunks its page needs beyond those, as
 * `{ app: ['/assets/main-….js', …], routes: [{ path: '/expert/:id', js: ['/assets/expert-profile-page-….js', …] }] }`.
 * The server (src/server/http/spa-pages.ts) lists them as `<link rel="modulepreload">` in the page it serves
 * for that path, or hands them to boot.ts to preload after the first paint of a server-rendered page, so the
 * browser fetches the page's code at once instead of one import after another.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/**
 * A route of src/web/app/router.tsx: its path, an optional title handle, and its lazily loaded page module (a
 * feature's page, `../features/…`, or a page composed in app/, `./…`), relative to app/.
 */
const routeLine = /path: '(\/[^']*)',\s*(?:handle: titled\([^)]*\),\s*)?lazy: page\(\(\) => import\('(\.\.?\/[^']+)'\)\)/g;

/** The plugin; `webRoot` is the SPA source folder (src/web). */
export function routePreloads({ webRoot }: { webRoot: string }): Plugin {
  return {
    name: 'mentora-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byModule = new Map(chunks.flatMap((c) => (c.facadeModuleId ? [[path.normalize(c.facadeModuleId), c] as const] : [])));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (chunk: OutputChunk, out = new Set<string>()): Set<string> => {
        if (out.has(chunk.fileName)) return out;
        out.add(chunk.fileName);
        for (const file of chunk.imports) {
          const dep = byFile.get(file);
          if (dep) closure(dep, out);
        }
        return out;
      };
      const entry = new Set<string>();
      for (const c of chunks) if (c.isEntry) closure(c, entry);
      const main = byModule.get(path.normalize(path.join(webRoot, 'main.tsx')));
      const app = main ? [...closure(main)].filter((f) => !entry.has(f)) : [];
      const loaded = new Set([...entry, ...app]);

      const router = readFileSync(path.join(webRoot, 'app/router.tsx'), 'utf8');
      const routes: { path: string; js: string[] }[] = [];
      for (const [, routePath, module] of router.matchAll(routeLine)) {
        const chunk = byModule.get(path.normalize(path.join(webRoot, 'app', `${module ?? ''}.tsx`)));
        if (!routePath) continue;
        if (!chunk) continue;
        const js = [...closure(chunk)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
        routes.push({ path: routePath, js });
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify({ app: app.map((f) => `/${f}`), routes }, null, 1)}\n` });
    },
  };
}
