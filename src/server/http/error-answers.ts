/**
 * Every error as the API's error body `{ error: { code, message } }` (src/server/errors.ts): an AppError as thrown,
 * a failed validation 400 with its first message, Fastify's own 4xx in the product's words, anything else 500
 * (logged), and an unknown route 404 'Not found'. A database that does not answer a read is 503 (DatabaseUnavailable,
 * logged and counted), and so is every error that says the database cannot be reached, wherever it was met — a route,
 * a hook, Better Auth's routes (db/errors.ts isConnectionFailure). Every 503 carries `Retry-After`. An answer its response schema refuses (answer-serializer.ts) is logged with the request id
 * and counted, then sent as it is — the request may have committed (docs/decisions/029-answers-after-commit.md) —
 * unless `strictAnswers` (NODE_ENV=test), where it fails the request with a 500 so that the test sees it.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages.js';
import { DatabaseUnavailable, isConnectionFailure } from '../db/errors.js';
import { AppError, type ErrorBody } from '../errors.js';
import { AnswerMismatch } from './answer-serializer.js';
import { jsonText } from './plain-json.js';

/**
 * Seconds a 503 asks the client to wait before trying again (`Retry-After`, RFC 9110 §10.2.3): about the pool's wait
 * for a connection (db/client.ts), so a retry meets a database that had time to come back or fail over.
 */
const retryAfterSeconds = 10;

export const errorAnswers = fp(async (app: FastifyInstance, { strictAnswers }: { strictAnswers: boolean }) => {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const send = (status: number, code: string, message: string) => {
      if (status === 503) reply.header('retry-after', String(retryAfterSeconds));
      return reply.status(status).send({ error: { code, message } } satisfies ErrorBody);
    };
    const err = !(thrown instanceof AppError) && isConnectionFailure(thrown) ? new DatabaseUnavailable(thrown) : thrown;
    if (err instanceof AnswerMismatch) {
      request.log.error({ err: err.cause, route: request.routeOptions.url, statusCode: reply.statusCode }, 'answer does not match its response schema');
      request.server.metrics.countFailure('answer_mismatch');
      if (!strictAnswers) return reply.serializer(jsonText).send(err.answer);
      return send(500, 'INTERNAL', messages.common.internal);
    }
    if (err instanceof DatabaseUnavailable) {
      request.log.error({ err: err.cause }, 'database unavailable');
      request.server.metrics.countFailure('database_unavailable');
    }
    if (err instanceof AppError) return send(err.status, err.code, err.message);
    if (hasZodFastifySchemaValidationErrors(err)) return send(400, 'VALIDATION', err.validation[0]?.message ?? messages.common.invalidRequest);
    if (err.statusCode === 429) return send(429, 'RATE_LIMITED', messages.common.rateLimited);
    if (err.statusCode === 413) return send(413, 'PAYLOAD_TOO_LARGE', 'The request is too large');
    if (err.statusCode === 415) return send(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return send(err.statusCode, 'BAD_REQUEST', messages.common.invalidRequest);
    request.log.error({ err }, 'unhandled error');
    return send(500, 'INTERNAL', messages.common.internal);
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: { code: 'NOT_FOUND', message: messages.common.notFound } } satisfies ErrorBody));
});
