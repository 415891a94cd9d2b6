/**
 * A Fastify `serializerCompiler` that writes the answer with plain JSON.stringify instead of the zod serializer,
 * for routes whose answers come typed from their services (the catalogue, slots, the session list): re-validating
 * the same objects on every request was the main cost of those reads. The route's response schema still documents
 * the shape (OpenAPI) and the services' types keep it honest.
 */
export const plainJson = () => jsonText;

const writtenText = Symbol('json text');

/**
 * `value` carrying its own JSON text, which `plainJson` and `jsonBytes` send instead of serialising it again: for
 * answers assembled from parts kept already serialised (the catalogue's result cards). `text` must be exactly
 * `JSON.stringify(value)`.
 */
export function withJsonText<T extends object>(value: T, text: string): T {
  Object.defineProperty(value, writtenText, { value: text });
  return value;
}

/** The JSON text of `value`: the text it carries (withJsonText), else JSON.stringify's. */
export function jsonText(value: unknown): string {
  const written = typeof value === 'object' && value !== null ? (value as { [writtenText]?: string })[writtenText] : undefined;
  return written ?? JSON.stringify(value);
}

/**
 * `value` as UTF-8 JSON bytes, the form in which the caches keep answers: sent as they are, a kept answer costs
 * neither serialisation nor the string's encoding and length scan on every request.
 */
export const jsonBytes = (value: unknown): Buffer => Buffer.from(jsonText(value));
