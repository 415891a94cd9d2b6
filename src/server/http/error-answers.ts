/**
 * Every error as the API's error body `{ error: { code, message } }` (src/server/errors.ts): an AppError as thrown,
 * a failed validation 400 with its first message, Fastify's own 4xx in the product's words, anything else 500
 * (logged), and an unknown route 404 'Not found'.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages.js';
import { AppError, type ErrorBody } from '../errors.js';

export const errorAnswers = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const send = (status: number, code: string, message: string) => reply.status(status).send({ error: { code, message } } satisfies ErrorBody);
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
