/**
 * Every answer an API test receives, checked against the OpenAPI document the app serves, by an independent JSON
 * Schema validator (Ajv, JSON Schema 2020-12, the dialect of OpenAPI 3.1) rather than by the zod schemas the routes
 * encode with: the status is declared for the operation, the Content-Type is one of the status's declared media types
 * (an answer without a body needs none), and a JSON body matches the declared schema.
 *
 * `watchAnswers` is added by createTestApp to every app a test builds: it hangs an onSend hook on each route as the
 * route registers (so it sees the serialised answer, errors and refusals by hooks included) and keeps the mismatches;
 * createTestApp's `close()` fails with them, naming the test that received each answer. Routes the document does
 * not list (hidden routes, pages, health checks) and requests no route matched are not API operations and are not
 * checked. Each schema is compiled once per test worker, when an answer first needs it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { expect } from 'vitest';

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Response = OpenAPIV3_1.ResponseObject;

/** The document's paths as patterns, literal paths before templated ones (`/api/me/details` before `/api/me/{id}`). */
function pathMatchers(doc: Document) {
  return Object.keys(doc.paths ?? {})
    .map((template) => ({
      template,
      literal: !template.includes('{'),
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => Number(b.literal) - Number(a.literal));
}

const mediaTypeOf = (header: unknown) => (typeof header === 'string' ? header.split(';')[0]!.trim().toLowerCase() : undefined);

/** The declared media type an answer's Content-Type falls under: exact, then `type/*`, then `*\/*`. */
function declaredMediaType(content: Record<string, unknown>, mediaType: string): string | undefined {
  const declared = Object.keys(content);
  return (
    declared.find((d) => d.toLowerCase() === mediaType) ??
    declared.find((d) => d.endsWith('/*') && mediaType.startsWith(d.slice(0, -1).toLowerCase())) ??
    declared.find((d) => d === '*/*')
  );
}

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/**
 * Validators by the components they refer to and their schema's text: the apps of a test worker serve the same
 * components (the documents differ in servers and in routes a configuration adds), so each schema is compiled once
 * per worker, not once per test file.
 */
const validators = new Map<string, { ajv: Ajv2020; compiled: Map<string, ValidateFunction> }>();

function validatorsFor(components: Document['components']) {
  const key = JSON.stringify(components ?? {});
  let entry = validators.get(key);
  if (!entry) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(ajv);
    // Answers' schemas reach the shared ones as `#/components/...`, resolved in this copy of the components.
    ajv.addSchema({ $id: 'openapi:components', components: components ?? {} });
    entry = { ajv, compiled: new Map() };
    validators.set(key, entry);
  }
  return entry;
}

const checkers = new WeakMap<Document, ReturnType<typeof makeAnswerChecker>>();

/** A checker for one app's document: `(method, path, status, content type, body) => problems`; one per document. */
export function answerChecker(doc: Document) {
  let checker = checkers.get(doc);
  if (!checker) checkers.set(doc, (checker = makeAnswerChecker(doc)));
  return checker;
}

function makeAnswerChecker(doc: Document) {
  const { ajv, compiled } = validatorsFor(doc.components);
  const matchers = pathMatchers(doc);

  function validator(schema: unknown): ValidateFunction {
    const text = JSON.stringify(schema);
    let validate = compiled.get(text);
    if (!validate) {
      validate = ajv.compile(JSON.parse(text.replaceAll('"#/components/', '"openapi:components#/components/')) as object);
      compiled.set(text, validate);
    }
    return validate;
  }

  return (method: string, path: string, status: number, contentType: unknown, body: string | Buffer | null): string[] => {
    const template = matchers.find((m) => m.pattern.test(path))?.template;
    const operation = template ? (doc.paths?.[template]?.[method.toLowerCase() as 'get'] as Operation | undefined) : undefined;
    if (!template || !operation) return [];
    const where = `${method} ${template} answered ${status}`;
    const declared = operation.responses?.[String(status)] ?? operation.responses?.default;
    // A shared answer is named by reference (`#/components/responses/...`).
    const response = (declared && '$ref' in declared ? doc.components?.responses?.[declared.$ref.split('/').pop()!] : declared) as Response | undefined;
    if (!response) return [`${where}, a status the document does not declare (${Object.keys(operation.responses ?? {}).join(', ')})`];
    const hasBody = body !== null && body.length > 0;
    if (!hasBody) return [];
    const mediaType = mediaTypeOf(contentType);
    const content = response.content ?? {};
    const media = mediaType && declaredMediaType(content, mediaType);
    if (!media)
      return [`${where} with ${mediaType ?? 'no Content-Type'}, which the document does not declare (${Object.keys(content).join(', ') || 'no body'})`];
    const schema = content[media]?.schema;
    if (!schema || !isJson(mediaType)) return [];
    let value: unknown;
    try {
      value = JSON.parse(body.toString());
    } catch {
      return [`${where} with a body that is not JSON: ${body.toString().slice(0, 80)}`];
    }
    const validate = validator(schema);
    if (validate(value)) return [];
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
    return [`${where}: the body does not match the document's schema: ${errors.join('; ')}`];
  };
}

/**
 * Hangs the check on every route of an app as it registers (pass it as an `onRoute` hook, before the routes), and
 * keeps what it finds; `problems()` lists them, each with the test that received the answer.
 */
export function watchAnswers(documentOf: () => Document) {
  // One line per kind of mismatch (the first test that met it, and how often it was met), not one per answer.
  const found = new Map<string, { test: string; times: number }>();
  let check: ReturnType<typeof answerChecker> | undefined;
  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    // A stream (a file, an event stream) is checked for its status and media type, not its bytes.
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : payload == null ? null : Buffer.from('stream');
    check ??= answerChecker(documentOf());
    const path = request.url.split('?')[0]!;
    for (const problem of check(request.method, path, reply.statusCode, reply.getHeader('content-type'), body)) {
      const seen = found.get(problem) ?? { test: expect.getState().currentTestName ?? 'outside a test', times: 0 };
      found.set(problem, { ...seen, times: seen.times + 1 });
    }
    return payload;
  }
  return {
    onRoute(route: RouteOptions) {
      const existing = route.onSend ? [route.onSend].flat() : [];
      route.onSend = [...existing, onSend] as RouteOptions['onSend'];
    },
    problems: () => [...found].map(([problem, { test, times }]) => `${test}${times > 1 ? ` (and ${times - 1} more)` : ''}: ${problem}`),
  };
}
