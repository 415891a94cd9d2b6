/**
 * The API routes the security tests walk, read from Fastify's own route list (buildApp's `onRoute`), so a new
 * route is covered without editing a list by hand. Left out, on purpose: HEAD twins of GET routes, everything
 * outside /api/ (health checks, the dev mailbox, /metrics, /backup/database, static files), /api/auth/* (Better
 * Auth's endpoints, see tests/security/cross-site and passwords), /api/docs* (the public OpenAPI page) and
 * /api/test/* (TEST_HOOKS only, refused in production by the configuration).
 */
import type { RouteOptions } from 'fastify';

const outOfScope = (method: string, url: string) =>
  method === 'HEAD' || !url.startsWith('/api/') || url.startsWith('/api/auth/') || url.startsWith('/api/docs') || url.startsWith('/api/test/');

/** An `onRoute` hook adding `"METHOD /path"` for every in-scope route to `into`. */
export function collectRoutes(into: Set<string>) {
  return (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (!outOfScope(method, route.url)) into.add(`${method} ${route.url}`);
  };
}

/**
 * Other spellings of the API URL `url` (`/api/…`, with or without a query) that a router or proxy might take for
 * the same route: percent-escaped letters (in `/api` and in the next segment), doubled slashes, a trailing slash,
 * other cases. Each must be answered like `url` or 404, never reach a handler past fewer guards (src/server/http/api-path.ts).
 */
export function spellings(url: string): { name: string; url: string }[] {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? '' : url.slice(mark);
  const rest = path.slice('/api/'.length);
  const escaped = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  return [
    { name: 'percent-encoded /api', url: `/%61pi/${rest}${query}` },
    { name: 'percent-encoded letter in a later segment', url: `/api/${escaped(rest[0]!)}${rest.slice(1)}${query}` },
    { name: 'leading double slash', url: `//api/${rest}${query}` },
    { name: 'double slash inside', url: `/api//${rest}${query}` },
    { name: 'trailing slash', url: `${path}/${query}` },
    { name: 'upper-case /API', url: `/API/${rest}${query}` },
    { name: 'mixed-case segment', url: `/api/${rest[0]!.toUpperCase()}${rest.slice(1)}${query}` },
  ];
}
