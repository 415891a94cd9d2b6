import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser } from '../helpers/auth.js';
import { makePdf, tinyPng, upload } from '../helpers/uploads.js';

/** Every file under `dir`, recursively. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(path.join(dir, n)).isDirectory() ? walk(path.join(dir, n)) : [path.join(dir, n)]));
}

describe('files', () => {
  let ctx: TestContext;
  let applicant: Awaited<ReturnType<typeof createUser>>;
  let otherExpert: Awaited<ReturnType<typeof createUser>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let pdf: Buffer;
  const rows = async () => (await ctx.database.db.select({ n: count() }).from(files))[0]!.n;

  beforeAll(async () => {
    ctx = await createTestApp();
    applicant = await createUser(ctx, { email: 'applicant@example.com', role: 'expert' });
    otherExpert = await createUser(ctx, { email: 'other-expert@example.com', role: 'expert' });
    client = await createUser(ctx, { email: 'client@example.com', role: 'client' });
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin' });
    pdf = await makePdf(['Jane Applicant', 'Senior Product Designer']);
  });
  afterAll(() => ctx.close());

  it('decides the type by content: a PDF named .docx is stored as a PDF; a PNG named .pdf is refused', async () => {
    const renamed = await upload(ctx, applicant.cookie, 'cv', 'cv.docx', pdf);
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json().file).toMatchObject({ purpose: 'cv', name: 'cv.docx', contentType: 'application/pdf', sizeBytes: pdf.length });
    const before = await rows();
    const png = await upload(ctx, applicant.cookie, 'cv', 'cv.pdf', tinyPng);
    expect(png.statusCode).toBe(415);
    expect(png.json().error.message).toBe('Please upload a PDF or Word document');
    expect(await rows()).toBe(before);
  });

  it('refuses 5 242 881 bytes and empty files, and stores nothing', async () => {
    const before = await rows();
    const big = Buffer.concat([pdf, Buffer.alloc(5_242_881 - pdf.length, 0x20)]);
    const tooLarge = await upload(ctx, applicant.cookie, 'cv', 'big.pdf', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('File size must be less than 5MB');
    const atLimit = await upload(ctx, applicant.cookie, 'cv', 'limit.pdf', big.subarray(0, 5_242_880));
    expect(atLimit.statusCode).toBe(201);
    const empty = await upload(ctx, applicant.cookie, 'cv', 'empty.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(await rows()).toBe(before + 1);
  });

  it('keeps path-traversal and control characters out of names and never writes outside the storage root', async () => {
    const res = await upload(ctx, applicant.cookie, 'cv', '../../../etc/passwd\u0001.pdf', pdf);
    expect(res.statusCode).toBe(201);
    expect(res.json().file.name).toBe('passwd.pdf');
    const long = await upload(ctx, applicant.cookie, 'cv', `${'a'.repeat(300)}.pdf`, pdf);
    expect(long.statusCode).toBe(201);
    expect(long.json().file.name).toHaveLength(255);
    expect(long.json().file.name.endsWith('.pdf')).toBe(true);
    const stored = walk(path.join(ctx.config.dataDir, 'uploads'));
    expect(stored.length).toBeGreaterThan(0);
    for (const f of stored) expect(path.relative(path.join(ctx.config.dataDir, 'uploads'), f)).toMatch(/^cv\/[0-9a-f-]{36}$/);
  });

  it('lets only the applicant and admins download a CV, as an attachment of its true type', async () => {
    const id = (await upload(ctx, applicant.cookie, 'cv', 'mine.pdf', pdf)).json().file.id;
    const own = await ctx.app.inject({ url: `/api/files/${id}`, headers: { cookie: applicant.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="mine.pdf"/);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.equals(pdf)).toBe(true);
    expect((await ctx.app.inject({ url: `/api/files/${id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/files/${id}`, headers: { cookie: otherExpert.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/files/${id}`, headers: { cookie: client.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/files/${id}` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/files/not-a-uuid' })).statusCode).toBe(404);
  });

  it('serves an unattached photo only to its owner and admins (404 to others); only experts upload', async () => {
    const photo = await upload(ctx, applicant.cookie, 'photo', 'me.png', tinyPng);
    expect(photo.statusCode).toBe(201);
    const url = photo.json().file.url as string;
    const own = await ctx.app.inject({ url, headers: { cookie: applicant.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-disposition']).toMatch(/^attachment/);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['accept-ranges']).toBe('bytes');
    expect((await ctx.app.inject({ url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url, headers: { cookie: otherExpert.cookie } })).statusCode).toBe(404);
    const before = await rows();
    expect((await upload(ctx, client.cookie, 'cv', 'cv.pdf', pdf)).statusCode).toBe(403);
    expect((await upload(ctx, null, 'cv', 'cv.pdf', pdf)).statusCode).toBe(401);
    expect((await upload(ctx, applicant.cookie, 'photo', 'cv.png', pdf)).statusCode).toBe(415);
    expect((await upload(ctx, applicant.cookie, 'other', 'cv.pdf', pdf)).statusCode).toBe(400);
    expect(await rows()).toBe(before);
  });

  it('strips bidirectional and control characters from file names, so "\u202Egnp.exe" cannot pose as "exe.png"', async () => {
    const res = await upload(ctx, applicant.cookie, 'photo', '\u202Egnp.exe', tinyPng);
    expect(res.statusCode).toBe(201);
    expect(res.json().file.name).toBe('gnp.exe');
    const served = await ctx.app.inject({ url: res.json().file.url, headers: { cookie: applicant.cookie } });
    expect(served.headers['content-disposition']).toBe(`attachment; filename="gnp.exe"; filename*=UTF-8''gnp.exe`);
    const mixed = await upload(
      ctx,
      applicant.cookie,
      'photo',
      'a\u200Eb\u200Fc\u061Cd\u202Ae\u202Bf\u202Cg\u202Dh\u2066i\u2067j\u2068k\u2069l\u0085m\u009Bn.png',
      tinyPng,
    );
    expect(mixed.json().file.name).toBe('abcdefghijklmn.png');
    // Letters of right-to-left scripts are kept: only the invisible controls go.
    expect((await upload(ctx, applicant.cookie, 'photo', 'صورة.png', tinyPng)).json().file.name).toBe('صورة.png');
  });
});
