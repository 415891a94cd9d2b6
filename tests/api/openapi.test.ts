/**
 * The API document served at /api/docs/json, as an API client reads it: valid OpenAPI 3.1 by three independent
 * validators (@apidevtools/swagger-parser; the OpenAPI Initiative's JSON Schema for 3.1 through
 * @seriousme/openapi-schema-validator; Redocly's structural rules), with BASE_URL as its server, the session cookie Better Auth really
 * sets as a security scheme, Better Auth's endpoints and the Stripe webhook. Every operation's declared security
 * is checked against the answer a visitor gets: an operation that answers a visitor 401 declares the session
 * cookie, and an operation that declares only cookies answers every visitor 401.
 *
 * The app is built with Stripe keys, the only configuration that serves the webhook.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { randomUUID } from 'node:crypto';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';
import { makePdf, upload } from '../helpers/uploads.js';

const stripe = { STRIPE_SECRET_KEY: 'sk_test_openapi', STRIPE_WEBHOOK_SECRET: 'whsec_openapi', STRIPE_API_URL: 'http://127.0.0.1:9' };
const methods = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;

/** The Better Auth endpoints the web app and API clients call. */
const authPaths = [
  'post /api/auth/sign-up/email',
  'post /api/auth/sign-in/email',
  'post /api/auth/sign-in/social',
  'get /api/auth/callback/{id}',
  'post /api/auth/sign-out',
  'get /api/auth/get-session',
  'post /api/auth/send-verification-email',
  'get /api/auth/verify-email',
  'post /api/auth/request-password-reset',
  'post /api/auth/reset-password',
  'post /api/auth/change-password',
  'post /api/auth/update-user',
  'post /api/auth/two-factor/enable',
  'post /api/auth/two-factor/disable',
  'post /api/auth/two-factor/verify-totp',
  'post /api/auth/two-factor/verify-backup-code',
];

type Operation = OpenAPIV3_1.OperationObject;

async function served(ctx: TestContext): Promise<OpenAPIV3_1.Document> {
  const res = await ctx.app.inject('/api/docs/json');
  expect(res.statusCode).toBe(200);
  return res.json();
}

const operationsOf = (doc: OpenAPIV3_1.Document) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    methods.filter((m) => item?.[m]).map((method) => ({ method, path, operation: item![method] as Operation })),
  );

/** True when the operation can be called without any cookie (`{}` among its alternatives, or no security at all). */
const openToVisitors = (op: Operation) => !op.security || op.security.some((alternative) => Object.keys(alternative).length === 0);
const acceptsSessionCookie = (op: Operation) => op.security?.some((alternative) => 'sessionCookie' in alternative) ?? false;

type Schema = OpenAPIV3_1.SchemaObject;

/**
 * Fields whose rule is a zod refinement the JSON Schema cannot show (an IANA time zone, the booking lengths, a
 * booking's card or Stripe payment method: one of the two is needed, a calendar date), sent wherever the schema has them.
 */
const refined: Record<string, unknown> = {
  timezone: 'Europe/London',
  timeZone: 'Europe/London',
  durationMinutes: 60,
  paymentMethodId: 'pm_card_visa',
  from: '2030-01-15',
  startsAtLocal: '2030-01-15T10:00',
};

/**
 * A value the schema accepts, so that a visitor's call passes validation and meets the route's sign-in check (a
 * body refused as invalid would hide it): required properties (and the `refined` ones), the first of an enum or union, the smallest
 * length or number allowed.
 */
function sample(schema: Schema): unknown {
  if (schema.enum) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return sample(union.find((s) => (s as Schema).type !== 'null') as Schema);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => schema.required?.includes(key) || key in refined)
          .map(([key, property]) => [key, key in refined ? refined[key] : sample(property as Schema)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample((schema as OpenAPIV3_1.ArraySchemaObject).items as Schema));
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time') return new Date(Date.now() + 7 * 86_400_000).toISOString();
      if (schema.format === 'email') return 'visitor@example.com';
      if (schema.format === 'uuid') return randomUUID();
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 12)).slice(0, schema.maxLength ?? 12);
    default:
      return {};
  }
}

/**
 * An answer asking the caller to sign in: Mentora's `UNAUTHENTICATED` error, or Better Auth's 401 for a missing
 * session or of the pending two-factor sign-in (its 401 for a wrong password is an answer to the credentials, not a
 * request to sign in).
 */
function isSignInFirst(status: number, body: string): boolean {
  if (status !== 401) return false;
  const parsed = JSON.parse(body || '{}') as { error?: { code?: string }; code?: string; message?: string };
  return parsed.error?.code === 'UNAUTHENTICATED' || parsed.code === undefined || parsed.code === 'UNAUTHORIZED' || parsed.code === 'INVALID_TWO_FACTOR_COOKIE';
}

describe('OpenAPI document', () => {
  let ctx: TestContext;
  let doc: OpenAPIV3_1.Document;
  let cookie: string;
  /**
   * Path parameters that name something that exists where a visitor could otherwise be answered 404 before being
   * asked to sign in: an expert, and a private file (a CV, which only its owner and the team read).
   */
  let ids: { slug: string; cv: string };

  beforeAll(async () => {
    ctx = await createTestApp(stripe);
    doc = await served(ctx);
    const expert = await createExpert(ctx, { email: 'openapi-expert@example.com', slug: 'openapi-expert' });
    const client = await createUser(ctx, { email: 'openapi-client@example.com' });
    cookie = client.cookie;
    const applicant = await createUser(ctx, { email: 'openapi-applicant@example.com', role: 'expert' });
    const cv = await upload(ctx, applicant.cookie, 'cv', 'cv.pdf', await makePdf(['Avery Applicant', 'Designer']));
    expect(cv.statusCode, cv.body).toBe(201);
    ids = { slug: expert.expert.slug, cv: cv.json().file.id };
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('is valid OpenAPI 3.1 for an independent validator', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it("is valid by the OpenAPI Initiative's JSON Schema for 3.1", async () => {
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("breaks none of Redocly's structural rules", async () => {
    // 'spec' is the rule set of the OpenAPI specification itself (types, required fields, references, unique
    // operation ids…); style rules (descriptions, examples) are a matter of taste, not validity.
    const config = await createConfig({
      rules: {
        struct: 'error',
        'no-unresolved-refs': 'error',
        'operation-operationId-unique': 'error',
        'path-parameters-defined': 'error',
        'no-identical-paths': 'error',
        'operation-parameters-unique': 'error',
        'no-schema-type-mismatch': 'error',
      },
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`)).toEqual([]);
  });

  it('names this server (BASE_URL)', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: ctx.config.baseUrl })]);
  });

  it('declares the session cookie under the name a sign-in sets', () => {
    const scheme = doc.components?.securitySchemes?.sessionCookie as OpenAPIV3_1.ApiKeySecurityScheme;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(cookie.split(/;\s*/).map((c) => c.split('=')[0])).toContain(scheme.name);
  });

  it('names the cookie with the __Secure- prefix Better Auth uses over https', async () => {
    const secure = await createTestApp({ BASE_URL: 'https://mentora.example' });
    try {
      const secureDoc = await served(secure);
      const scheme = secureDoc.components?.securitySchemes?.sessionCookie as OpenAPIV3_1.ApiKeySecurityScheme;
      const plain = doc.components?.securitySchemes?.sessionCookie as OpenAPIV3_1.ApiKeySecurityScheme;
      expect(scheme.name).toBe(`__Secure-${plain.name}`);
      expect(secureDoc.servers).toEqual([expect.objectContaining({ url: 'https://mentora.example' })]);
    } finally {
      await secure.close();
    }
  });

  it("documents Better Auth's endpoints with their request bodies", () => {
    const documented = new Set(operationsOf(doc).map((o) => `${o.method} ${o.path}`));
    expect(authPaths.filter((p) => !documented.has(p))).toEqual([]);
    const signIn = doc.paths?.['/api/auth/sign-in/email']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(signIn.content['application/json']?.schema).toMatchObject({ required: expect.arrayContaining(['email', 'password']) });
    expect(doc.paths?.['/api/auth/change-password']?.post?.security).toEqual([{ sessionCookie: [] }]);
  });

  it('documents the Stripe webhook: its signature header, its raw event body and its answers', () => {
    const webhook = doc.paths?.['/api/payments/stripe/webhook']?.post;
    expect(webhook).toBeDefined();
    expect(webhook!.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'stripe-signature' })]));
    expect((webhook!.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']?.schema).toMatchObject({ required: ['id', 'type', 'data'] });
    expect(Object.keys(webhook!.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
    expect(openToVisitors(webhook!)).toBe(true);
  });

  it("declares each operation's security as a visitor finds it: asked to sign in means the session cookie is declared, cookie-only means asked to sign in", async () => {
    const value = (path: string, name: string) =>
      name === 'idOrSlug'
        ? ids.slug
        : name === 'kind'
          ? 'contact'
          : name === 'token'
            ? 'not-a-token'
            : path.startsWith('/api/files/')
              ? ids.cv
              : path.startsWith('/api/auth/')
                ? 'google'
                : randomUUID();
    const mismatches: string[] = [];
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(40);
    for (const [index, { method, path, operation }] of operations.entries()) {
      const url = new URL(
        path.replace(/\{(\w+)\}/g, (_m, name: string) => value(path, name)),
        origin,
      );
      const headers: Record<string, string> = { origin };
      for (const p of (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]) {
        if (!p.required) continue;
        if (p.in === 'query') url.searchParams.set(p.name, String(p.name in refined ? refined[p.name] : sample(p.schema as Schema)));
        if (p.in === 'header') headers[p.name] = String(sample(p.schema as Schema));
      }
      const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content['application/json']?.schema;
      const writes = method !== 'get' && method !== 'head';
      const res = await ctx.app.inject({
        method: method.toUpperCase() as 'GET',
        url: url.pathname + url.search,
        headers: { ...headers, ...(writes ? { 'content-type': 'application/json' } : {}) },
        ...(writes ? { payload: JSON.stringify(body ? sample(body as Schema) : {}) } : {}),
        remoteAddress: `10.77.${Math.floor(index / 200)}.${(index % 200) + 1}`,
      });
      const signInFirst = isSignInFirst(res.statusCode, res.body);
      const label = `${method.toUpperCase()} ${path}: visitor answered ${res.statusCode} ${res.body.slice(0, 120)}, security ${JSON.stringify(operation.security ?? null)}`;
      if (signInFirst && !acceptsSessionCookie(operation)) mismatches.push(`${label} — asks to sign in but declares no session cookie`);
      if (!openToVisitors(operation) && !signInFirst) mismatches.push(`${label} — declares only cookies but answered a visitor`);
    }
    expect(mismatches).toEqual([]);
  });
});
