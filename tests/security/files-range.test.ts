/**
 * Downloads are streamed with the requested range (docs/security.md "Uploads"): byte-exact 206 answers on
 * the local disk and on S3-compatible storage, a one-byte range fetches one byte from the bucket (not the
 * object), HEAD opens nothing, and downloads are rate limited per address.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDownloadsPerMinute } from '../../src/server/modules/files/routes.js';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser } from '../helpers/auth.js';
import { tinyPng, upload } from '../helpers/uploads.js';

/**
 * An HTTP proxy in front of the S3 server that counts the body bytes S3 sent for GET requests, so a test
 * sees how much of an object the app fetched.
 */
async function countingProxy(target: string) {
  const seen = { bytes: 0, ranges: [] as (string | undefined)[] };
  const server = http.createServer((req, res) => {
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      if (req.method === 'GET') up.on('data', (chunk: Buffer) => (seen.bytes += chunk.length));
      up.pipe(res);
    });
    if (req.method === 'GET') seen.ranges.push(req.headers.range);
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// A 1 MB "photo": a real PNG followed by random bytes (its type is decided by the PNG header).
const photo = Buffer.concat([tinyPng, randomBytes(1024 * 1024 - tinyPng.length)]);
const size = photo.length;

type Storage = { ctx: TestContext; proxy?: Awaited<ReturnType<typeof countingProxy>>; close: () => Promise<void> };

async function localStorage(): Promise<Storage> {
  const ctx = await createTestApp();
  return { ctx, close: () => ctx.close() };
}

async function s3Storage(): Promise<Storage> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-s3-range-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: 'mentora-files', configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const proxy = await countingProxy(`http://127.0.0.1:${port}`);
  const ctx = await createTestApp({
    S3_BUCKET: 'mentora-files',
    S3_ENDPOINT: proxy.url,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  return {
    ctx,
    proxy,
    close: async () => {
      await ctx.close();
      await proxy.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['the local disk', localStorage],
  ['S3-compatible storage', s3Storage],
])('ranges on %s', (_name, open) => {
  let storage: Storage;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let url: string;
  const get = (range?: string, method: 'GET' | 'HEAD' = 'GET') =>
    storage.ctx.app.inject({ method, url, headers: { cookie: owner.cookie, ...(range ? { range } : {}) } });

  beforeAll(async () => {
    storage = await open();
    owner = await createUser(storage.ctx, { email: 'erin@example.com', role: 'expert' });
    const res = await upload(storage.ctx, owner.cookie, 'photo', 'big.png', photo);
    expect(res.statusCode, res.body).toBe(201);
    url = res.json().file.url;
  });
  afterAll(() => storage.close());

  it.each([
    ['the first byte', 'bytes=0-0', 0, 0],
    ['the last byte', `bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
    ['a middle slice', 'bytes=1000-1999', 1000, 1999],
    ['the last 10 bytes (suffix)', 'bytes=-10', size - 10, size - 1],
    ['an open-ended range', `bytes=${size - 5000}-`, size - 5000, size - 1],
    ['a range past the end (clamped)', `bytes=${size - 3}-${size + 1000}`, size - 3, size - 1],
  ])('%s: 206 with exactly those bytes', async (_label, range, start, end) => {
    const res = await get(range);
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(photo.subarray(start, end + 1))).toBe(true);
  });

  it('a range that starts past the end is unsatisfiable: 416 with the size', async () => {
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const res = await get(range);
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(res.rawPayload.length).toBe(0);
    }
  });

  it('without a range the whole file, with its length; HEAD gives the headers alone', async () => {
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(size));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(photo)).toBe(true);
    const head = await get(undefined, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(size));
    expect(head.rawPayload.length).toBe(0);
  });

  it.runIf(_name === 'S3-compatible storage')('a small range fetches only those bytes from the bucket, not the whole object', async () => {
    const proxy = storage.proxy!;
    proxy.seen.bytes = 0;
    proxy.seen.ranges.length = 0;
    // Two bytes: s3rver answers `bytes=0-0` with the whole object (the driver then cuts it, tested above).
    const res = await get('bytes=0-1');
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(photo.subarray(0, 2))).toBe(true);
    expect(proxy.seen.ranges).toEqual(['bytes=0-1']);
    expect(proxy.seen.bytes).toBe(2);
    proxy.seen.bytes = 0;
    expect((await get('bytes=-10')).rawPayload.equals(photo.subarray(-10))).toBe(true);
    expect(proxy.seen.bytes).toBe(10);
  });
});

describe('download rate limit', () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const owner = await createUser(ctx, { email: 'erin@example.com', role: 'expert' });
    url = (await upload(ctx, owner.cookie, 'photo', 'me.png', tinyPng)).json().file.url;
  });
  afterAll(() => ctx.close());

  it(`answers 429 past ${fileDownloadsPerMinute} downloads a minute from one address; other addresses go on`, async () => {
    // A file that is not shared answers 404 to a visitor, and counts all the same: the budget is per address.
    for (let i = 0; i < fileDownloadsPerMinute; i += 1) {
      const res = await ctx.app.inject({ url, headers: { range: 'bytes=0-0' }, remoteAddress: '203.0.113.7' });
      expect(res.statusCode).not.toBe(429);
    }
    const refused = await ctx.app.inject({ url, headers: { range: 'bytes=0-0' }, remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(messages.common.rateLimited);
    expect((await ctx.app.inject({ url, remoteAddress: '203.0.113.8' })).statusCode).not.toBe(429);
  });
});
