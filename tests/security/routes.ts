/**
 * The API routes the security tests walk, read from Fastify's own route list (buildApp's `onRoute`), so a new
 * route is covered without editing a list by hand. Left out, on purpose: HEAD twins of GET routes, everything
 * outside /api/ (health checks, the dev mailbox, static files), /api/auth/* (Better Auth's endpoints, see
 * tests/security/cross-site and passwords), /api/docs* (the public OpenAPI page) and /api/test/* (TEST_HOOKS only,
 * refused in production by the configuration).
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
