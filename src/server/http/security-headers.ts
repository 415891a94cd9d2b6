/**
 * Security headers (issue 6 §1 "Headers") computed once at start-up instead of per request. helmet builds
 * the header set (CSP, HSTS, nosniff, Referrer-Policy, COOP/CORP, …) from `options`; this plugin runs it
 * once against a stand-in response, keeps what it set, and copies that fixed set onto every reply in an
 * onRequest hook. Same headers as registering helmet per request (@fastify/helmet rebuilds its middleware
 * and re-parses the CSP directives on every request, a measurable share of a cached catalogue read), and a
 * route may still override one with `reply.header`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

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

/** Adds helmet's headers for the plugin options (helmet's own options) to every reply, computed once. */
export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
