import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/server/db/schema.js';
import { storageDriver } from '../../src/server/infra/storage/select.js';
import { deleteUnusedUploads } from '../../src/server/modules/files/cleanup.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser } from '../helpers/auth.js';
import { makePdf, tinyPng, upload } from '../helpers/uploads.js';

/** Files on S3-compatible storage, against a real local S3 server (s3rver) started here. */
describe('files on S3-compatible storage', () => {
  let server: S3rver;
  let dir: string;
  let endpoint: string;
  let ctx: TestContext;
  let applicant: Awaited<ReturnType<typeof createUser>>;
  let other: Awaited<ReturnType<typeof createUser>>;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mentora-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: 'mentora-files', configs: [] }] });
    const { port } = (await server.run()) as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
    ctx = await createTestApp({
      S3_BUCKET: 'mentora-files',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    });
    applicant = await createUser(ctx, { email: 'applicant@example.com', role: 'expert' });
    other = await createUser(ctx, { email: 'other@example.com', role: 'expert' });
  });
  afterAll(async () => {
    await ctx.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a CV in the bucket, not on the local disk, and serves it only to its owner', async () => {
    const pdf = await makePdf(['Jordan Applicant', 'Staff Data Engineer']);
    const res = await upload(ctx, applicant.cookie, 'cv', 'cv.pdf', pdf);
    expect(res.statusCode).toBe(201);
    const id = res.json().file.id as string;
    expect(existsSync(path.join(ctx.config.dataDir, 'uploads'))).toBe(false);

    const s3 = new S3Client({ endpoint, region: 'us-east-1', credentials, forcePathStyle: true });
    const [row] = await ctx.database.db.select({ key: files.storageKey }).from(files).where(eq(files.id, id));
    const object = await s3.send(new GetObjectCommand({ Bucket: 'mentora-files', Key: row!.key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(pdf)).toBe(true);
    expect(object.ContentType).toBe('application/pdf');

    const own = await ctx.app.inject({ url: `/api/files/${id}`, headers: { cookie: applicant.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(pdf)).toBe(true);
    expect((await ctx.app.inject({ url: `/api/files/${id}`, headers: { cookie: other.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/files/${id}` })).statusCode).toBe(401);
  });

  it('serves an unattached photo from the bucket to its owner only', async () => {
    const res = await upload(ctx, applicant.cookie, 'photo', 'me.png', tinyPng);
    expect(res.statusCode).toBe(201);
    const own = await ctx.app.inject({ url: res.json().file.url, headers: { cookie: applicant.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(tinyPng)).toBe(true);
    expect((await ctx.app.inject({ url: res.json().file.url })).statusCode).toBe(404);
  });

  it('the cleanup job deletes a never-attached upload from the bucket after 24 hours', async () => {
    const res = await upload(ctx, applicant.cookie, 'photo', 'loose.png', tinyPng);
    const id = res.json().file.id as string;
    const [row] = await ctx.database.db
      .update(files)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(files.id, id))
      .returning();
    const s3 = new S3Client({ endpoint, region: 'us-east-1', credentials, forcePathStyle: true });
    const stored = () => s3.send(new HeadObjectCommand({ Bucket: 'mentora-files', Key: row!.storageKey }));
    await expect(stored()).resolves.toBeTruthy();
    expect(await deleteUnusedUploads(ctx.database.db, storageDriver(ctx.config))).toBeGreaterThanOrEqual(1);
    await expect(stored()).rejects.toThrow();
    expect((await ctx.app.inject({ url: `/api/files/${id}`, headers: { cookie: applicant.cookie } })).statusCode).toBe(404);
  });
});
