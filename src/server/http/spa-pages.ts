/**
 * The HTML the server answers for a page of the single-page app (issue 6 §2 Lighthouse): dist/web/index.html
 * with, per route, `<link rel="modulepreload">` for the JS chunks that route's page needs (read from
 * dist/web/route-preloads.json, written by scripts/vite-route-preloads.ts at build time). The browser then
 * fetches the page's code alongside the entry script instead of only after the entry has run.
 * Built once at start-up; an unknown path, or a build without route-preloads.json, gets index.html as is.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type RoutePreload = { path: string; js: string[] };
type Page = { pattern: RegExp; params: number; html: string };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `/expert/:id` → /^\/expert\/[^/]+\/?$/ (a `:name` segment matches one non-empty path segment). */
function routePattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^${source}\\/?$`);
}

/**
 * Reads `webDir` once; returns `htmlFor(urlPath)`, the page for a URL path (no query string), the route with
 * fewer `:params` winning when two match (so `/expert/application` beats `/expert/:id`, as in the router).
 */
export function spaPages(webDir: string): (urlPath: string) => string {
  const index = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const preloadFile = path.join(webDir, 'route-preloads.json');
  const routes: RoutePreload[] = existsSync(preloadFile) ? (JSON.parse(readFileSync(preloadFile, 'utf8')) as RoutePreload[]) : [];
  const pages: Page[] = routes
    .map((route) => ({
      pattern: routePattern(route.path),
      params: route.path.split('/').filter((s) => s.startsWith(':')).length,
      html: index.replace('</head>', `${route.js.map((file) => `    <link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">\n`).join('')}  </head>`),
    }))
    .sort((a, b) => a.params - b.params);
  return (urlPath) => pages.find((page) => page.pattern.test(urlPath))?.html ?? index;
}
