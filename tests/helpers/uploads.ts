/** Upload helpers for API tests: real multipart bodies through app.inject, and small real files. */
import PDFDocument from 'pdfkit';
import type { TestContext } from './app.js';
import { origin } from './auth.js';

/** A multipart/form-data body with one `file` field. */
export function multipartBody(name: string, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----mentora${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/files?purpose=… as `cookie` (or anonymous), from `remoteAddress` (uploads are rate limited per address). */
export async function upload(ctx: TestContext, cookie: string | null, purpose: string, name: string, bytes: Buffer, remoteAddress = '127.0.0.1') {
  const body = multipartBody(name, bytes);
  return ctx.app.inject({
    method: 'POST',
    remoteAddress,
    url: `/api/files?purpose=${purpose}`,
    headers: { origin, 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

/** A real one-page PDF whose text is `lines`. */
export async function makePdf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  for (const line of lines) doc.text(line);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** The smallest valid PNG (1×1 pixel). */
export const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
