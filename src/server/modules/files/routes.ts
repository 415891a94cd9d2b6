/** File endpoints (docs/product.md "Uploads"; docs/security.md "Uploads"): multipart upload and authorised download. Rules live in service.ts. */
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { fileInfo } from '../../../shared/schemas/files.js';
import { uploadPurposes, uploadRules } from '../../../shared/uploads.js';
import { requireRole, requireUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { StorageDriver } from '../../infra/storage/driver.js';
import { parseByteRange } from './byte-range.js';
import { assertMayUploadLogo } from '../partners/organisation-logo-service.js';
import { fileFor, storeUpload } from './service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 413: errorResponse, 415: errorResponse, 429: errorResponse };
const largest = Math.max(...Object.values(uploadRules).map((r) => r.maxBytes));
/** An upload's body as the document shows it: one part named `file`. */
const multipartFile: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file, with its name' } },
  required: ['file'],
};

/**
 * Downloads per client address per minute. A page of the site shows up to 13 intro videos and as many
 * photos, and a browser asks for a new range at every seek in a video, so this is 10 a second sustained:
 * far above a person watching, far below a script pulling files in a loop.
 */
export const fileDownloadsPerMinute = 600;

export const fileRoutes: FastifyPluginAsyncZod<{ db: Db; storage: StorageDriver }> = async (app, { db, storage }) => {
  await app.register(multipart, { limits: { files: 1, fields: 0, fileSize: largest + 1, parts: 2 } });
  const tags = ['files'];

  /**
   * Uploads one file (multipart field `file`) as `purpose` cv | photo | video | attachment | logo; a photo or a message
   * attachment (a PDF or image ≤ 10 MB, docs/product.md "Messages") by any signed-in account (docs/product.md
   * "Account"), a CV or video by experts only (only expert-role accounts apply: docs/product.md "Roles"), an
   * organisation's logo (JPEG, PNG or WebP ≤ 1 MB) by the team or an organisation's manager (docs/product.md "Partners"). The body is streamed to a staging file, never held in memory. 201
   * `{ file }`. 400 empty, 413 too large, 415 wrong type (by content), 429 past the daily upload budget.
   */
  app.post(
    '/api/files',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: z.object({ purpose: z.enum(uploadPurposes) }),
        response: { 201: z.object({ file: fileInfo }), ...errors },
      },
      config: {
        signIn: 'required',
        rateLimit: { max: 30, timeWindow: '1 minute' },
        // The route reads the multipart body itself, as a stream; only the document carries its shape.
        openapi: { rawBody: multipartFile, rawBodyType: 'multipart/form-data' },
      },
    },
    async (request, reply) => {
      // Every account may have a photo (docs/product.md "Account"); CVs and videos belong to experts and applicants; logos to the team and managers.
      const purpose = request.query.purpose;
      const anyone = purpose === 'photo' || purpose === 'attachment' || purpose === 'logo';
      const user = anyone ? await requireUser(request) : await requireRole(request, ['expert']);
      if (purpose === 'logo') await assertMayUploadLogo(db, user);
      const rule = uploadRules[request.query.purpose];
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.wrongType);
      // One byte over the limit, so that storeUpload sees an oversized file as such (the parser then stops).
      const part = await request.file({ limits: { fileSize: rule.maxBytes + 1 } });
      if (!part) throw new AppError('VALIDATION', 'Please choose a file to upload');
      return reply.status(201).send({ file: await storeUpload(db, storage, user, request.query.purpose, part.filename, part.file) });
    },
  );

  /**
   * The bytes of one file, streamed from storage, with its true type and `Content-Disposition: attachment`.
   * A photo or video attached to a profile is public (cached a day); otherwise (a CV, an unattached photo or
   * video) only for its owner or an admin, never cached: 401 / 403 for a CV, 404 for the others. A single
   * `Range: bytes=…` answers 206 with that slice, read from storage alone (416 when it lies outside the
   * file), so videos stream and seek. Rate limited per address (`fileDownloadsPerMinute`).
   */
  app.route({
    // HEAD is its own method here: Fastify's generated HEAD would open the object and read it to the end.
    method: ['GET', 'HEAD'],
    url: '/api/files/:id',
    schema: {
      tags,
      params: z.object({ id: z.string().max(64) }),
      response: {
        200: z.string().describe('The file, in the type it was stored as'),
        206: z.string().describe('The byte range asked for'),
        401: errorResponse,
        403: errorResponse,
        404: errorResponse,
        416: z.null().describe('The range lies outside the file (Content-Range gives its size)'),
        429: errorResponse,
      },
    },
    config: {
      signIn: 'optional',
      rateLimit: { max: fileDownloadsPerMinute, timeWindow: '1 minute' },
      openapi: { answers: { 200: '*/*', 206: '*/*' } },
    },
    // Stored types are already compressed (PDF, Word, images, video), and a compressed range is not that range.
    compress: false,
    handler: async (request, reply) => {
      const { row, shared } = await fileFor(db, await request.getUser(), request.params.id);
      const size = row.sizeBytes;
      const asciiName = row.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      reply
        .header('content-type', row.contentType)
        .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', shared ? 'public, max-age=86400' : 'private, no-store')
        .header('accept-ranges', 'bytes');
      const range = parseByteRange(request.headers.range, size);
      // The answers are bytes and empty bodies, past the serializer: the response schemas above only document them.
      const bytes = reply as FastifyReply;
      if (range === 'unsatisfiable') return bytes.status(416).header('content-range', `bytes */${size}`).send();
      const slice = range ?? { start: 0, end: size - 1 };
      reply.header('content-length', slice.end - slice.start + 1);
      if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      // HEAD answers the headers alone, without opening the object.
      if (request.method === 'HEAD') return bytes.send();
      return bytes.send(await storage.read(row.storageKey, slice));
    },
  });
};
