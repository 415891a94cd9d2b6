/**
 * The API's serializer compiler (docs/decisions/029-answers-after-commit.md): each answer is encoded by its route's
 * zod response schema, as fastify-type-provider-zod's own compiler does, but an answer that does not match is not
 * turned into a bare 500 here. It is thrown as an `AnswerMismatch` carrying the answer, so that the error handler
 * (error-answers.ts), which knows the request, logs it with the request id, counts it and decides: in tests the
 * mismatch fails the request loudly; in production the product answers what it committed.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { isResponseSerializationError, serializerCompiler, type ResponseSerializationError } from 'fastify-type-provider-zod';

/** An answer its route's response schema refuses; `cause` names the route and holds zod's issues. */
export class AnswerMismatch extends Error {
  constructor(
    readonly answer: unknown,
    override readonly cause: ResponseSerializationError,
  ) {
    super(`An answer of ${cause.method} ${cause.url} does not match its response schema`);
  }
}

/**
 * Fastify's serializer compiler for every route: the route's `(answer) => JSON text`. Throws AnswerMismatch for an
 * answer its schema refuses (zod's issues on `cause.cause`).
 */
export const answerSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const encode = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  return (answer) => {
    try {
      return encode(answer);
    } catch (err) {
      if (isResponseSerializationError(err)) throw new AnswerMismatch(answer, err);
      throw err;
    }
  };
};
