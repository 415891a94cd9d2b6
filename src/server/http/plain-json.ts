import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

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

/** Sends `body` (JSON bytes from jsonBytes, e.g. a kept answer) as the answer, as it is. */
export const sendJson = async (reply: FastifyReply, body: Buffer | Promise<Buffer>) => reply.type('application/json; charset=utf-8').send(await body);

/**
 * A route `onRequest` hook answering a GET with a kept answer before parsing, validation and the handler: `peek`
 * gives the JSON bytes kept for this very request (by its raw URL, path parameters or kept session check), which
 * were answered 200 to the same request when they were kept; otherwise the request goes on. What it skips was
 * a large share of a kept read's server CPU (docs/performance.md). `Params` types the route's path parameters.
 * Keying by the raw URL is safe: only the one canonical spelling of an API path reaches a route (api-path.ts), and
 * one raw URL always names the same route, parameters and query, so a kept answer only ever answers the request
 * it was computed for.
 */
export const answerKept =
  <Params = unknown>(peek: (request: FastifyRequest<{ Params: Params }>) => unknown) =>
  (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const body = peek(request as FastifyRequest<{ Params: Params }>);
    if (Buffer.isBuffer(body)) void sendJson(reply, body);
    else done();
  };
