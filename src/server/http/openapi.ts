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
     * Documentation the zod schemas cannot carry: the operation's description, and the JSON Schema of a body the
     * route reads raw (so it has no zod `body` to validate with).
     */
    openapi?: { description?: string; rawBody?: OpenAPIV3_1.SchemaObject };
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

/**
 * The documented Better Auth operations as Better Auth's own `openAPI` plugin describes them (request and answer
 * shapes, including the account fields Mentora adds), with Mentora's security, tag and notes, under /api/auth.
 * The plugin's generator runs in-process against this instance's context; the plugin is not mounted, so its
 * /reference page and schema endpoint are not served.
 */
async function betterAuthPaths(auth: Auth) {
  const generate = openAPI().endpoints.generateOpenAPISchema as unknown as (input: { context: unknown }) => Promise<BetterAuthDocument>;
  const generated = await generate({ context: await auth.$context });
  const renamed = JSON.parse(JSON.stringify(generated).replaceAll('"#/components/schemas/', '"#/components/schemas/Auth')) as BetterAuthDocument;
  const paths: Record<string, Record<string, OpenAPIV3_1.OperationObject>> = {};
  for (const [key, access] of Object.entries(authOperations)) {
    const [method, path] = key.split(' ') as [string, string];
    const operation = renamed.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`Better Auth no longer describes ${key}`);
    const { security: _bearer, tags: _tags, ...rest } = operation;
    const note = authNotes[key];
    const security = securityOf[access];
    paths[`/api/auth${path}`] = {
      ...paths[`/api/auth${path}`],
      [method.toLowerCase()]: {
        ...rest,
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
      .map(([name, schema]) => [authSchemaName(name), schema]),
  );
  return { paths, schemas };
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
        ...(extra?.rawBody ? { body: extra.rawBody, consumes: ['application/json'] } : {}),
      } as FastifySchema;
      return { schema: documented, url };
    },
    transformObject: (input) => {
      const document = (input as { openapiObject: OpenAPIV3_1.Document }).openapiObject;
      return {
        ...document,
        paths: { ...document.paths, ...betterAuth.paths },
        components: { ...document.components, schemas: { ...document.components?.schemas, ...betterAuth.schemas } },
      };
    },
  };
}
