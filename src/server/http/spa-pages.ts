/**
 * The HTML the server answers for a page of the single-page app (issue 6 §2 Lighthouse): dist/web/index.html
 * with, per route, `<link rel="modulepreload">` for the JS chunks that route's page needs (read from
 * dist/web/route-preloads.json, written by scripts/vite-route-preloads.ts at build time). The browser then
 * fetches the page's code alongside the entry script instead of only after the entry has run; a few pages also
 * preload the API read they start with (`dataPreloads`).
 * Built once at start-up; an unknown path, or a build without route-preloads.json, gets index.html as is.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type RoutePreload = { path: string; js: string[] };
type Page = { path: string; pattern: RegExp; params: number; html: string };

/**
 * API reads a page starts with, by route: preloaded with the HTML (`<link rel="preload" as="fetch">`) so the
 * answer is on its way while the scripts load. The URLs must equal the page's own fetch (src/web/features/.../*-queries.ts).
 */
const dataPreloads: Record<string, (params: string[]) => string[]> = {
  '/expert/:id': ([id]) => [`/api/experts/${encodeURIComponent(id ?? '')}`],
};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `/expert/:id` → /^\/expert\/[^/]+\/?$/ (a `:name` segment matches one non-empty path segment). */
function routePattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
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
      path: route.path,
      pattern: routePattern(route.path),
      params: route.path.split('/').filter((s) => s.startsWith(':')).length,
      html: intoHead(index, route.js.map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`)),
    }))
    .sort((a, b) => a.params - b.params);
  return (urlPath) => {
    const page = pages.find((p) => p.pattern.test(urlPath));
    if (!page) return index;
    const data = dataPreloads[page.path];
    if (!data) return page.html;
    const params = (page.pattern.exec(urlPath) ?? []).slice(1).map(decodeSegment);
    if (params.some((p) => p === null)) return page.html;
    return intoHead(page.html, data(params as string[]).map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`));
  };
}

/** `html` with `tags` added at the end of its head, one a line. */
function intoHead(html: string, tags: string[]): string {
  return html.replace(/\n?[ \t]*<\/head>/, `${tags.map((tag) => `\n    ${tag}`).join('')}\n  </head>`);
}

/** A URL path segment decoded, or null when it is not valid percent-encoding. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
