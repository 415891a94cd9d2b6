/**
 * API guards decide on the route that will run, never on how the client spelled its path (docs/security.md
 * "Path spellings"). The router (find-my-way) percent-decodes the path before matching, so `/%61pi/sessions/x/confirm`
 * runs the `/api/sessions/:id/confirm` route, and it matches `/api/sessions/` to `/api/sessions/:id` with an empty
 * id; `request.url` keeps the client's spelling, so a guard testing `request.url.startsWith('/api/')` was skipped.
 *
 * Two parts:
 * - `isApiRequest`: true when the matched route is an API route (`request.routeOptions.url`, known from the first
 *   onRequest hook on), or when the path, read loosely (percent-decoded, runs of '/' collapsed, any case), is under
 *   /api: guards using it err on the side of guarding (the same-origin check, `Cache-Control: no-store`, the API's
 *   security headers, the pages catch-all's refusal).
 * - `canonicalApiPaths`: one spelling per API path. An API request whose path is not spelled exactly like its route
 *   (a percent-escape, '//', a '.' or '..' segment, a trailing '/' its route does not have, or '/API' in another case) answers the
 *   ordinary 404 before any other guard, rate limit, kept answer or handler. API paths never need those spellings:
 *   ids are uuids, slugs and Better Auth paths are [a-z0-9-], and free text travels in the query or the body.
 *   Refusing is chosen over canonicalising with Fastify's `rewriteUrl`: rewriting would have to reproduce the
 *   router's decoding exactly (and Better Auth, which matches the raw URL with its own router, a second time),
 *   whereas after a refusal every guard, log line, cache key, rate limit and Better Auth see the one spelling the
 *   route has. The remaining guards also read the route pattern, so neither part alone is relied on.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/messages.js';
import type { ErrorBody } from '../errors.js';

/** `url` up to its query or fragment, as the router splits it ('?' or '#'). */
export function pathOf(url: string): string {
  let end = url.indexOf('?');
  const hash = url.indexOf('#');
  if (hash !== -1 && (end === -1 || hash < end)) end = hash;
  return end === -1 ? url : url.slice(0, end);
}

/**
 * `text` with every %XX escape decoded as one Latin-1 character, repeated while escapes remain (at most 4 rounds):
 * lenient (a malformed escape stays as it is, no exception), for recognising words such as "api" or "token" in a
 * path, never for using the value.
 */
export function looseDecode(text: string): string {
  let decoded = text;
  for (let round = 0; round < 4 && decoded.includes('%'); round++) {
    const next = decoded.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

/** `path` with its '.' and '..' segments resolved (RFC 3986 §5.2.4). */
function withoutDotSegments(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') {
      if (out.length > 1) out.pop();
    } else if (segment !== '.') out.push(segment);
  }
  return out.join('/') || '/';
}

/** The path of `url` read loosely: percent-decoded (looseDecode), runs of '/' collapsed, dot segments resolved, lower-cased. */
export function loosePath(url: string): string {
  let path = pathOf(url);
  if (path.includes('%')) path = looseDecode(path);
  if (path.includes('//')) path = path.replace(/\/{2,}/g, '/');
  if (path.includes('/.')) path = withoutDotSegments(path);
  return path.toLowerCase();
}

const underApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** True when the route that runs is an API route, or the path is one in any spelling (see the file comment). */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (route !== undefined && route.startsWith('/api/')) || underApi(loosePath(request.url));
}

/** A '.' or '..' segment (RFC 3986 §5.2.4), which the router does not resolve but clients and proxies may. */
const dotSegment = /\/\.\.?(?:\/|$)/;

/** True when `path` (no query) is spelled exactly like an API route pattern `route` would be (undefined: no route matched). */
function spelledAsRoute(path: string, route: string | undefined): boolean {
  if (route === undefined || !path.startsWith('/api/') || path.includes('%') || path.includes('//') || dotSegment.test(path)) return false;
  return !path.endsWith('/') || route.endsWith('/');
}

/** Registers the refusal of non-canonical API spellings (see the file comment); register it before every other guard. */
export const canonicalApiPaths = fp(async (app: FastifyInstance) => {
  // A callback hook (no promise per request); a refusal answers without calling done, so nothing else runs.
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    const api = (route !== undefined && route.startsWith('/api/')) || underApi(loosePath(request.url));
    if (!api || spelledAsRoute(pathOf(request.url), route)) return done();
    reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ error: { code: 'NOT_FOUND', message: messages.common.notFound } } satisfies ErrorBody);
  });
});
