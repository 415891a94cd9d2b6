/**
 * The OpenAPI 3.1 document served at /api/docs/json (swagger-ui at /api/docs): every visible route's zod schemas
 * (fastify-type-provider-zod), who may call it, the server it runs on, and the Better Auth endpoints the web app
 * and API clients use, which Fastify only sees as one catch-all route.
 *
 * Who may call a route is said once, beside the route, as `config: { signIn: 'required' | 'optional' }`:
 *  - 'required': a visitor is answered 401 (`security: [{ sessionCookie: [] }]`);
 *  - 'optional': visitors and signed-in accounts are both answered, the answer may depend on the account
 *    (`security: [{}, { sessionCookie: [] }]`);
 *  - absent: the session cookie plays no part (public reads, the Stripe webhook signed by Stripe).
 * tests/api/openapi.test.ts checks every declaration against the answer a visitor actually gets.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { openAPI } from 'better-auth/plugins/open-api';
import type { Auth } from '../auth/auth.js';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether the route needs a signed-in account (see the top of src/server/http/openapi.ts). */
    signIn?: 'required' | 'optional';
    /**
     * Documentation the zod schemas cannot carry: the operation's description; the JSON Schema of a body the route
     * reads raw (so it has no zod `body` to validate with) and its media type (`rawBodyType`, JSON unless said);
     * and the media type of each answer that is not JSON (`answers`, by status: a PDF, an iCalendar file, a page).
     */
    openapi?: {
      description?: string;
      rawBody?: OpenAPIV3_1.SchemaObject;
      rawBodyType?: string;
      answers?: Partial<Record<number, string>>;
    };
  }
}

type Access = 'required' | 'optional' | 'public' | 'second-step';
type Security = OpenAPIV3_1.SecurityRequirementObject[];

const securityOf: Record<Access, Security | undefined> = {
  required: [{ sessionCookie: [] }],
  optional: [{}, { sessionCookie: [] }],
  // The second step of a sign-in carries the pending sign-in's cookie; an enrolment's first code, the session's.
  'second-step': [{ twoFactorCookie: [] }, { sessionCookie: [] }],
  public: undefined,
};

/**
 * The Better Auth endpoints documented (paths under /api/auth), with who may call them. Each is served by Better
 * Auth itself; Mentora's own rules on them are in docs/security.md ("Authentication: limits, password change, security log",
 * "Two-factor sign-in", "Account pre-hijacking").
 */
const authOperations: Record<string, Access> = {
  'POST /sign-up/email': 'public',
  'POST /sign-in/email': 'public',
  'POST /sign-in/social': 'public',
  'GET /callback/{id}': 'public',
  'POST /callback/{id}': 'public',
  'POST /sign-out': 'optional',
  'GET /get-session': 'optional',
  'POST /send-verification-email': 'optional',
  'GET /verify-email': 'public',
  'POST /request-password-reset': 'public',
  'GET /reset-password/{token}': 'public',
  'POST /reset-password': 'public',
  'POST /change-password': 'required',
  'POST /update-user': 'required',
  'POST /two-factor/enable': 'required',
  'POST /two-factor/disable': 'required',
  'POST /two-factor/verify-totp': 'second-step',
  'POST /two-factor/verify-backup-code': 'second-step',
};

/** The Better Auth endpoints a browser opens, which answer by sending it on (302 with Location) as well as in JSON. */
const authRedirects = new Set(['GET /callback/{id}', 'POST /callback/{id}', 'GET /verify-email', 'GET /reset-password/{token}']);
const redirectAnswer: OpenAPIV3_1.ResponseObject = {
  description: 'Sends the browser on: to the app, or to its error page with `?error=`',
  headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
  content: { 'application/json': { schema: { description: 'Better Auth may send a body along; a browser ignores it' } } },
};

/** Notes on what Mentora adds to Better Auth's own description of an endpoint. */
const authNotes: Record<string, string> = {
  'POST /sign-in/email':
    'An account with two-factor sign-in answers `{ twoFactorRedirect: true }` and a short-lived two-factor cookie instead of a session: the sign-in ends with /two-factor/verify-totp or /two-factor/verify-backup-code.',
  'POST /sign-in/social': 'Only `google`, and only when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set.',
  'GET /callback/{id}': 'Where Google sends the browser back after consent (`id` is `google`).',
  'POST /callback/{id}': 'Where Google sends the browser back after consent (`id` is `google`).',
};

type BetterAuthDocument = {
  paths: Record<string, Record<string, OpenAPIV3_1.OperationObject>>;
  components: { schemas: Record<string, OpenAPIV3_1.SchemaObject> };
};

/** Better Auth's names for its tables' schemas, prefixed so `Session` is never taken for a mentoring session. */
const authSchemaName = (name: string) => `Auth${name}`;

type Schema = OpenAPIV3_1.SchemaObject & { nullable?: boolean };

/**
 * A schema of Better Auth's description in OpenAPI 3.1 terms (JSON Schema 2020-12), as it really answers: OpenAPI
 * 3.0's `nullable: true` and a `default: null` become a `null` type, and in a table's schema (`nullableOptional`)
 * every optional column is nullable, since Better Auth answers an unset column as null.
 */
function as31(schema: Schema, nullableOptional = false): Schema {
  if (typeof schema !== 'object' || schema === null) return schema;
  if (Array.isArray(schema)) return schema.map((s: Schema) => as31(s)) as unknown as Schema;
  const { nullable, ...rest } = schema;
  const out = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, key === 'properties' ? value : as31(value as Schema)])) as Schema;
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, property]) => {
        const optional = nullableOptional && !schema.required?.includes(key);
        return [key, optional ? orNull(as31(property as Schema)) : as31(property as Schema)];
      }),
    );
  }
  return nullable || ('default' in schema && schema.default === null) ? orNull(out) : out;
}

/** `schema` that also allows null. */
function orNull(schema: Schema): Schema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] } as Schema;
  if (Array.isArray(schema.type)) return schema.type.includes('null') ? schema : ({ ...schema, type: [...schema.type, 'null'] } as Schema);
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * Better Auth's sign-in answer for an account with two-factor sign-in, which its description leaves out: no session
 * yet, and the methods the second step accepts.
 */
const twoFactorSignIn: Schema = {
  type: 'object',
  description: 'The account has two-factor sign-in: no session yet; a two-factor cookie is set for the second step.',
  properties: { twoFactorRedirect: { type: 'boolean', const: true }, twoFactorMethods: { type: 'array', items: { type: 'string', enum: ['totp', 'otp'] } } },
  required: ['twoFactorRedirect'],
};

/** The email sign-in with its second answer (`twoFactorSignIn`) beside the session Better Auth describes. */
function withTwoFactorAnswer(operation: OpenAPIV3_1.OperationObject): OpenAPIV3_1.OperationObject {
  const ok = operation.responses?.['200'] as OpenAPIV3_1.ResponseObject;
  const json = ok.content!['application/json']!;
  return {
    ...operation,
    responses: { ...operation.responses, 200: { ...ok, content: { 'application/json': { ...json, schema: { oneOf: [json.schema!, twoFactorSignIn] } } } } },
  };
}

/**
 * The backup-code step as it answers: Better Auth describes `{ user, session }`, but unless `disableSession` is sent it
 * answers as the authenticator step does, the new session's token and the user (its verify-two-factor `valid`).
 */
function withBackupCodeAnswer(operation: OpenAPIV3_1.OperationObject): OpenAPIV3_1.OperationObject {
  const ok = operation.responses?.['200'] as OpenAPIV3_1.ResponseObject;
  const json = ok.content!['application/json']!;
  const described = json.schema as Schema;
  const signedIn: Schema = {
    type: 'object',
    description: 'Signed in: the session token and the user',
    properties: { token: { type: 'string' }, user: described.properties!.user! },
    required: ['token', 'user'],
  };
  return {
    ...operation,
    responses: { ...operation.responses, 200: { ...ok, content: { 'application/json': { ...json, schema: { oneOf: [signedIn, described] } } } } },
  };
}

/**
 * The documented Better Auth operations as Better Auth's own `openAPI` plugin describes them (request and answer
 * shapes, including the account fields Mentora adds), with Mentora's security, tag and notes, under /api/auth.
 * The plugin's generator runs in-process against this instance's context; the plugin is not mounted, so its
 * /reference page and schema endpoint are not served.
 */
async function betterAuthPaths(auth: Auth) {
  const generate = openAPI().endpoints.generateOpenAPISchema as unknown as (input: { context: unknown }) => Promise<BetterAuthDocument>;
  const generated = await generate({ context: await auth.$context });
  const renamed = as31(
    JSON.parse(JSON.stringify(generated.paths).replaceAll('"#/components/schemas/', '"#/components/schemas/Auth')) as Schema,
  ) as BetterAuthDocument['paths'];
  const paths: Record<string, Record<string, OpenAPIV3_1.OperationObject>> = {};
  for (const [key, access] of Object.entries(authOperations)) {
    const [method, path] = key.split(' ') as [string, string];
    const operation = renamed[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`Better Auth no longer describes ${key}`);
    const {
      security: _bearer,
      tags: _tags,
      ...rest
    } = key === 'POST /sign-in/email'
      ? withTwoFactorAnswer(operation)
      : key === 'POST /two-factor/verify-backup-code'
        ? withBackupCodeAnswer(operation)
        : operation;
    const note = authNotes[key];
    const security = securityOf[access];
    paths[`/api/auth${path}`] = {
      ...paths[`/api/auth${path}`],
      [method.toLowerCase()]: {
        ...rest,
        ...(authRedirects.has(key) ? { responses: { ...rest.responses, 302: redirectAnswer } } : {}),
        tags: ['auth'],
        ...(note ? { description: [rest.description, note].filter(Boolean).join('\n\n') } : {}),
        ...(security ? { security } : {}),
      },
    };
  }
  const used = new Set([...JSON.stringify(paths).matchAll(/#\/components\/schemas\/Auth(\w+)/g)].map((m) => m[1]!));
  const schemas = Object.fromEntries(
    Object.entries(generated.components.schemas)
      .filter(([name]) => used.has(name))
      .map(([name, schema]) => [authSchemaName(name), as31(schema, true)]),
  );
  return { paths, schemas };
}

/**
 * Route answers with the media types `answers` names instead of JSON: a string schema under that type, binary unless
 * the type is text (OpenAPI 3.1 "Working with binary data": `contentMediaType`).
 */
function withMediaTypes(response: Record<string, OpenAPIV3_1.SchemaObject>, answers: Partial<Record<number, string>>) {
  const out: Record<string, unknown> = { ...response };
  for (const [status, mediaType] of Object.entries(answers)) {
    const declared = response[status];
    if (!declared || !mediaType) throw new Error(`openapi.answers names status ${status}, which the route's response schema lacks`);
    const text = mediaType.startsWith('text/');
    const schema = text ? { type: 'string' } : { type: 'string', contentMediaType: mediaType };
    out[status] = { description: declared.description ?? 'Default Response', content: { [mediaType]: { schema } } };
  }
  return out;
}

/** The body of every Mentora error answer (src/server/errors.ts `ErrorBody`). */
const errorBody: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] } },
  required: ['error'],
};
const errorAnswer = (description: string, extra: Partial<OpenAPIV3_1.ResponseObject> = {}): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { 'application/json': { schema: errorBody } },
  ...extra,
});

/** The answer of a rate-limited route past its limit (src/server/http/rate-limit-key.ts: per account, or per address). */
const rateLimited = { description: 'Too many requests from this account (signed out: from this address); try again in a minute', ...errorBody };

/**
 * Answers any operation may give before or apart from its own rules, said once in `components.responses` and named
 * by each operation they apply to: a malformed request (a NUL byte, a path or query its schema refuses), a write
 * from another site (src/server/http/same-origin.ts), a body too large or of a type the route does not read, an
 * unexpected failure, and the database unreachable (`Retry-After`, docs/deploy.md).
 */
const commonAnswers = {
  MalformedRequest: ['400', errorAnswer('The request is malformed (its path, query, headers or body break the rules of the operation)')],
  CrossSite: ['403', errorAnswer('A write sent from another site (its Origin or Sec-Fetch-Site header) is refused')],
  TooLarge: ['413', errorAnswer('The body is larger than the operation accepts')],
  UnsupportedType: ['415', errorAnswer('The body is of a media type the operation does not read')],
  Failure: ['500', errorAnswer('An unexpected failure; the request id (X-Request-Id) finds it in the logs')],
  Unavailable: [
    '503',
    errorAnswer('The database cannot be reached for now; try again after Retry-After seconds', {
      headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } } },
    }),
  ],
} as const satisfies Record<string, readonly [string, OpenAPIV3_1.ResponseObject]>;

type CommonAnswer = keyof typeof commonAnswers;

/**
 * Which common answers `operation` (an HTTP `method`) may give: writes can meet the cross-site refusal, and the size
 * and type checks of a body (Fastify reads the body a write is sent with, whether or not the operation takes one).
 */
function commonAnswersOf(method: string, operation: OpenAPIV3_1.OperationObject): CommonAnswer[] {
  const writes = method !== 'get' && method !== 'head';
  return [
    'MalformedRequest',
    ...(writes ? (['CrossSite'] as const) : []),
    ...(writes || operation.requestBody ? (['TooLarge', 'UnsupportedType'] as const) : []),
    'Failure',
    'Unavailable',
  ];
}

/** `paths` with each operation's common answers added where it does not declare that status itself. */
function withCommonAnswers(paths: OpenAPIV3_1.PathsObject): OpenAPIV3_1.PathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item ?? {}).map(([method, operation]) => {
          if (typeof operation !== 'object' || !operation || !('responses' in operation)) return [method, operation];
          const op = operation as OpenAPIV3_1.OperationObject;
          const responses = { ...op.responses };
          for (const name of commonAnswersOf(method, op)) {
            const [status] = commonAnswers[name];
            responses[status] ??= { $ref: `#/components/responses/${name}` };
          }
          return [method, { ...op, responses }];
        }),
      ),
    ]),
  );
}

/**
 * @fastify/swagger's options for this server: OpenAPI 3.1, `servers` = BASE_URL, the session cookie (and the
 * two-factor sign-in's cookie) as security schemes under the names Better Auth gives them for this BASE_URL
 * (`__Secure-` prefixed over https), each route's `security` from its `signIn` config, and Better Auth's endpoints.
 */
export async function openapiOptions(config: Config, auth: Auth): Promise<SwaggerOptions> {
  const context = await auth.$context;
  const betterAuth = await betterAuthPaths(auth);
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Mentora API', version: '1.0.0', description: 'Connect to Experience — the Mentora marketplace API.' },
      servers: [{ url: config.baseUrl, description: 'This server (BASE_URL)' }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: context.authCookies.sessionToken.name,
            description:
              'The session cookie set by a sign-in (POST /api/auth/sign-in/email, Google, or a confirmed e-mail link). A write that carries an Origin or Sec-Fetch-Site header must come from this site (src/server/http/same-origin.ts).',
          },
          twoFactorCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: context.createAuthCookie('two_factor').name,
            description: 'Set by a sign-in of an account with two-factor sign-in, until its second step answers.',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
      const config = input.route.config;
      if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
      const security = config?.signIn && securityOf[config.signIn];
      const extra = config?.openapi;
      const documented = {
        ...schema,
        ...(security ? { security } : {}),
        ...(extra?.description ? { description: extra.description } : {}),
        // Only the document reads this body schema; the route itself still receives the raw bytes.
        ...(extra?.rawBody ? { body: { content: { [extra.rawBodyType ?? 'application/json']: { schema: extra.rawBody } } } } : {}),
        ...(extra?.answers ? { response: withMediaTypes(schema.response as Record<string, OpenAPIV3_1.SchemaObject>, extra.answers) } : {}),
      } as FastifySchema;
      // A rate-limited route (`config.rateLimit`) answers 429 past its limit, whether or not its schema says so.
      if (config?.rateLimit) documented.response = { '429': rateLimited, ...(documented.response as object) };
      return { schema: documented, url };
    },
    transformObject: (input) => {
      const document = (input as { openapiObject: OpenAPIV3_1.Document }).openapiObject;
      return {
        ...document,
        paths: withCommonAnswers({ ...document.paths, ...betterAuth.paths }),
        components: {
          ...document.components,
          schemas: { ...document.components?.schemas, ...betterAuth.schemas },
          responses: Object.fromEntries(Object.entries(commonAnswers).map(([name, [, response]]) => [name, response])),
        },
      };
    },
  };
}
