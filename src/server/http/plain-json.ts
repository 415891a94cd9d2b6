import type { FastifyReply } from 'fastify';

/**
 * A Fastify `serializerCompiler` that writes the answer with plain JSON.stringify instead of the zod serializer,
 * for routes whose answers come typed from their services (the catalogue, slots, the session list): re-validating
 * the same objects on every request was the main cost of those reads. The route's response schema still documents
 * the shape (OpenAPI) and the services' types keep it honest.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);

/** Sends `text` (JSON text, e.g. a cached answer) as the answer, without serialising it again. */
export const sendJson = async (reply: FastifyReply, text: string | Promise<string>) => reply.type('application/json; charset=utf-8').send(await text);
