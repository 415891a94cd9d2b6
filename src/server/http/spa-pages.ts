/**
 * The HTML the server answers for a page of the web app, from dist/web/index.html and
 * dist/web/route-preloads.json (written by scripts/vite-route-preloads.ts at build time: the app's own chunks
 * and, per lazy route, the chunks of its page). For each address:
 * - `html`: index.html with `<link rel="modulepreload">` for those chunks, so a browser-rendered page fetches
 *   its code alongside the entry script instead of one import after another;
 * - `shell` and `modules`: index.html as is and the same chunk list, for a server-rendered page
 *   (page-render.ts), whose entry (src/web/boot.ts) preloads them after the first paint.
 * Built once at start-up; a build without route-preloads.json gives index.html and no modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Preloads = { app: string[]; routes: { path: string; js: string[] }[] };
export type SpaPage = { html: string; shell: string; modules: string[] };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `/expert/:id` → /^\/expert\/[^/]+\/?$/ (a `:name` segment matches one non-empty path segment). */
function routePattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^${source}\\/?$`);
}

/** `html` with `tags` added at the end of its head, one a line (a function replacement: a `$` in a tag is text). */
export function intoHead(html: string, tags: string[]): string {
  return html.replace(/\n?[ \t]*<\/head>/, () => `${tags.map((tag) => `\n    ${tag}`).join('')}\n  </head>`);
}

/**
 * Reads `webDir` once; returns the page for a URL path (no query string), the route with fewer `:params`
 * winning when two match (so `/expert/application` beats `/expert/:id`, as in the router).
 */
export function spaPages(webDir: string): (urlPath: string) => SpaPage {
  const index = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const preloadFile = path.join(webDir, 'route-preloads.json');
  const preloads: Preloads = existsSync(preloadFile) ? (JSON.parse(readFileSync(preloadFile, 'utf8')) as Preloads) : { app: [], routes: [] };
  const page = (modules: string[]): SpaPage => ({
    html: intoHead(
      index,
      modules.map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`),
    ),
    shell: index,
    modules,
  });
  const routes = preloads.routes
    .map((route) => ({
      pattern: routePattern(route.path),
      params: route.path.split('/').filter((s) => s.startsWith(':')).length,
      page: page([...preloads.app, ...route.js]),
    }))
    .sort((a, b) => a.params - b.params);
  const otherwise = page(preloads.app);
  return (urlPath) => routes.find((r) => r.pattern.test(urlPath))?.page ?? otherwise;
}
