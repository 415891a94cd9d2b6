/** File endpoints (issue 4 §1, §3): multipart upload and authorised download. Rules live in service.ts. */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/common.js';
import { fileInfo } from '../../../shared/schemas/files.js';
import { uploadPurposes, uploadRules } from '../../../shared/uploads.js';
import { requireRole } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { StorageDriver } from '../../infra/storage/driver.js';
import { parseByteRange } from './byte-range.js';
import { readFileFor, storeUpload } from './service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 413: errorResponse, 415: errorResponse };
const largest = Math.max(...Object.values(uploadRules).map((r) => r.maxBytes));

export const fileRoutes: FastifyPluginAsyncZod<{ db: Db; storage: StorageDriver }> = async (app, { db, storage }) => {
  await app.register(multipart, { limits: { files: 1, fields: 0, fileSize: largest + 1, parts: 2 } });
  const tags = ['files'];

  /**
   * Uploads one file (multipart field `file`) as `purpose` cv | photo | video; experts only (spec §6: only
   * expert-role accounts apply). 201 `{ file }`. 400 empty, 413 too large, 415 wrong type (by content).
   */
  app.post(
    '/api/files',
    {
      schema: { tags, consumes: ['multipart/form-data'], querystring: z.object({ purpose: z.enum(uploadPurposes) }), response: { 201: z.object({ file: fileInfo }), ...errors } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await requireRole(request, ['expert']);
      const rule = uploadRules[request.query.purpose];
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.wrongType);
      const part = await request.file({ limits: { fileSize: rule.maxBytes } });
      if (!part) throw new AppError('VALIDATION', 'Please choose a file to upload');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', rule.tooLarge);
        throw err;
      }
      return reply.status(201).send({ file: await storeUpload(db, storage, user, request.query.purpose, part.filename, bytes) });
    },
  );

  /**
   * The bytes of one file, with its true type and `Content-Disposition: attachment`. Photos and videos are
   * public (cached a day); a CV only for its owner or an admin (401 / 403), never cached. A single
   * `Range: bytes=…` answers 206 with that slice (416 when it lies outside the file), so videos stream and seek.
   */
  app.get('/api/files/:id', { schema: { tags, params: z.object({ id: z.string().max(64) }) } }, async (request, reply) => {
    const { row, bytes } = await readFileFor(db, storage, await request.getUser(), request.params.id);
    const asciiName = row.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    reply
      .header('content-type', row.contentType)
      .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(row.originalName)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', row.purpose === 'cv' ? 'private, no-store' : 'public, max-age=86400')
      .header('accept-ranges', 'bytes');
    const range = parseByteRange(request.headers.range, bytes.length);
    if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${bytes.length}`).send();
    if (!range) return reply.send(bytes);
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
      .send(bytes.subarray(range.start, range.end + 1));
  });
};
