/**
 * Security headers (docs/security.md) computed once at start-up instead of per request. helmet builds
 * the header set (CSP, HSTS, nosniff, Referrer-Policy, COOP/CORP, …) from `options`; this plugin runs it
 * once against a stand-in response, keeps what it set, and copies that fixed set onto every reply in an
 * onRequest hook. Same headers as registering helmet per request (@fastify/helmet rebuilds its middleware
 * and re-parses the CSP directives on every request, a measurable share of a cached catalogue read), and a
 * route may still override one with `reply.header`.
 *
 * API answers (/api/…, except the HTML of /api/docs) are data, never a document: they get the headers that
 * matter for data (OWASP REST Security Cheat Sheet) — a CSP that allows nothing (`default-src 'none'`, no
 * scripts, no plugins, no <base>, no framing), nosniff, the Referrer-Policy, Cross-Origin-Resource-Policy and
 * HSTS when on https — instead of the page set's eight further document-only headers (COOP, X-Frame-Options,
 * X-XSS-Protection, …): each header is validated and written per answer, and the full set was a measurable
 * share of a cached read's server CPU (docs/performance.md).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiRequest } from './api-path.js';

/** The headers helmet sets for `options`, as `{ name: value }`; throws when helmet refuses the options. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => void (failure = err));
  if (failure) throw failure;
  return headers;
}

/** The CSP of API answers: data loads nothing, runs nothing and is framed by nobody. */
const apiContentSecurityPolicy = "default-src 'none';script-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'";
/** The page headers that also matter for API answers. */
const dataHeaders = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy'];

/** The headers of API answers, from the page set of `helmetHeaders`. */
function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'content-security-policy': apiContentSecurityPolicy };
  for (const name of dataHeaders) if (pageHeaders[name] !== undefined) headers[name] = pageHeaders[name];
  return headers;
}

/**
 * Adds helmet's headers for the plugin options (helmet's own options) to every page and the API set
 * (apiHeaders) to every API answer, both computed once.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const pages = helmetHeaders(options);
  const api = apiHeaders(pages);
  app.addHook('onRequest', (request, reply, done) => {
    // Decided on the route that runs (api-path.ts): the OpenAPI page under /api/docs is a page.
    reply.headers(isApiRequest(request) && !request.routeOptions.url?.startsWith('/api/docs') ? api : pages);
    done();
  });
});
