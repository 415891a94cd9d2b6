/**
 * A Fastify `serializerCompiler` that writes the answer with plain JSON.stringify instead of the zod serializer,
 * for routes whose answers come typed from their services (the catalogue, slots, the session list): re-validating
 * the same objects on every request was the main cost of those reads. The route's response schema still documents
 * the shape (OpenAPI) and the services' types keep it honest.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * `value` as UTF-8 JSON bytes, the form in which the caches keep answers: sent as they are, a kept answer costs
 * neither serialisation nor the string's encoding and length scan on every request.
 */
export const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
