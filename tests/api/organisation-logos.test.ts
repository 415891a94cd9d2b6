/**
 * Organisation logos (docs/product.md "Partners"; docs/security.md "Uploads"): the team or a manager uploads a logo
 * (JPEG, PNG or WebP by content, at most 1 MB), shows it, replaces or removes it; the team's changes are audited. A
 * shown logo is public (the sponsored workshop's page shows it to everyone); before and after, only its uploader and
 * the team read it, and the cleanup job deletes a replaced or removed one. Runs on PGlite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, files, organisations } from '../../src/server/db/schema.js';
import { storageDriver } from '../../src/server/infra/storage/select.js';
import { deleteUnusedUploads } from '../../src/server/modules/files/cleanup.js';
import { auditActionLabel } from '../../src/shared/audit-actions.js';
import { partnerMessages } from '../../src/shared/partners.js';
import { uploadRules } from '../../src/shared/uploads.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert } from '../helpers/marketplace.js';
import { fundedOrganisation } from '../helpers/partners.js';
import { makePdf, tinyPng, upload } from '../helpers/uploads.js';

const json = { origin, 'content-type': 'application/json' };
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('organisation logos', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let manager: Awaited<ReturnType<typeof createUser>>;
  let otherManager: Awaited<ReturnType<typeof createUser>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  let orgId: string;
  let calls = 0;
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, cookie: string | null, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: `127.6.${Math.floor(++calls / 250) % 250}.${(calls % 250) + 1}`,
      headers: { ...(payload ? json : { origin }), ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  /** `who` uploads `bytes` as a logo; answers its file id. */
  const logo = async (who: { cookie: string }, bytes = tinyPng) => {
    const r = await upload(ctx, who.cookie, 'logo', 'logo.png', bytes);
    expect(r.statusCode, r.body).toBe(201);
    return r.json().file.id as string;
  };
  const organisationRow = async (id = orgId) => (await ctx.database.db.select().from(organisations).where(eq(organisations.id, id)))[0]!;
  const fileExists = async (id: string) => (await ctx.database.db.select({ id: files.id }).from(files).where(eq(files.id, id))).length === 1;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx, { email: 'logo-admin@example.com', role: 'admin' });
    manager = await createUser(ctx, { email: 'careers@logo.example', firstName: 'Robin', lastName: 'Hale' });
    otherManager = await createUser(ctx, { email: 'hr@other-logo.example', firstName: 'Bea', lastName: 'Other' });
    client = await createUser(ctx, { email: 'logo-client@example.com' });
    orgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Northfield', manager, cents: 10_000 });
    await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Westbrook', manager: otherManager, cents: 10_000 });
  });
  afterAll(() => ctx?.close());

  it('refuses a logo from anyone but the team or a manager, of another type than JPEG, PNG or WebP, or over 1 MB; nothing is stored', async () => {
    const before = (await ctx.database.db.select({ id: files.id }).from(files)).length;
    const expert = await createExpert(ctx, { email: 'logo-expert@example.com' });
    for (const who of [client, expert]) {
      const r = await upload(ctx, who.cookie, 'logo', 'logo.png', tinyPng);
      expect(r.statusCode).toBe(403);
      expect(r.json().error.message).toBe(partnerMessages.logoUploaders);
    }
    expect((await upload(ctx, null, 'logo', 'logo.png', tinyPng)).statusCode).toBe(401);
    for (const bytes of [svg, await makePdf(['Not a logo'])]) {
      const r = await upload(ctx, manager.cookie, 'logo', 'logo.png', bytes);
      expect(r.statusCode).toBe(415);
      expect(r.json().error.message).toBe(uploadRules.logo.wrongType);
    }
    const large = await upload(ctx, admin.cookie, 'logo', 'logo.png', Buffer.concat([tinyPng, Buffer.alloc(1024 * 1024)]));
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe('A logo can be at most 1 MB');
    expect((await ctx.database.db.select({ id: files.id }).from(files)).length).toBe(before);
  });

  it('a manager shows, replaces and removes the logo; it is public only while shown, and the replaced one is deleted', async () => {
    const first = await logo(manager);
    // Not shown yet: only its uploader reads it.
    expect((await call('GET', `/api/files/${first}`, null)).statusCode).toBe(404);
    expect((await call('GET', `/api/files/${first}`, otherManager.cookie)).statusCode).toBe(404);

    const shown = await call('PUT', `/api/partner/organisations/${orgId}/logo`, manager.cookie, { fileId: first });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().logoUrl).toBe(`/api/files/${first}`);
    const list = await call('GET', '/api/partner/organisations', manager.cookie);
    expect(list.json().items).toEqual([expect.objectContaining({ id: orgId, logoUrl: `/api/files/${first}` })]);
    const pub = await call('GET', `/api/files/${first}`, null);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('image/png');
    expect(pub.headers['cache-control']).toBe('public, max-age=86400');

    const second = await logo(manager);
    expect((await call('PUT', `/api/partner/organisations/${orgId}/logo`, manager.cookie, { fileId: second })).json().logoUrl).toBe(`/api/files/${second}`);
    expect((await call('GET', `/api/files/${first}`, null)).statusCode).toBe(404);
    await deleteUnusedUploads(ctx.database.db, storageDriver(ctx.config));
    expect(await fileExists(first)).toBe(false);
    expect(await fileExists(second)).toBe(true);

    const removed = await call('DELETE', `/api/partner/organisations/${orgId}/logo`, manager.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().logoUrl).toBeNull();
    expect((await call('GET', `/api/files/${second}`, null)).statusCode).toBe(404);
    await deleteUnusedUploads(ctx.database.db, storageDriver(ctx.config));
    expect(await fileExists(second)).toBe(false);
    // Managers' changes are theirs, not the team's: no console audit row.
    const audit = await ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, orgId));
    expect(audit.map((a) => a.action)).not.toContain('organisation.logo');
  });

  it("refuses another organisation's manager, a client, and a file that is not the actor's own logo upload; nothing changes", async () => {
    const mine = await logo(manager);
    const theirs = await logo(otherManager);
    const refuse = async (url: string, cookie: string, fileId: string | null) => {
      const r = fileId ? await call('PUT', url, cookie, { fileId }) : await call('DELETE', url, cookie);
      expect(r.statusCode, r.body).toBe(404);
    };
    const url = `/api/partner/organisations/${orgId}/logo`;
    await refuse(url, otherManager.cookie, theirs);
    await refuse(url, otherManager.cookie, null);
    await refuse(url, client.cookie, mine);
    await refuse(url, manager.cookie, theirs);
    const photo = await upload(ctx, manager.cookie, 'photo', 'me.png', tinyPng);
    await refuse(url, manager.cookie, photo.json().file.id);
    const bad = await call('PUT', url, manager.cookie, { fileId: 'not-a-file' });
    expect(bad.statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/organisations/' + orgId + '/logo', manager.cookie, { fileId: mine })).statusCode).toBe(403);
    expect((await organisationRow()).logoFileId).toBeNull();
  });

  it("a sponsored workshop's public page names the organisation with its logo, which anyone may read", async () => {
    const expert = await createExpert(ctx, { email: 'logo-host@example.com', rateCents: 9_000, policy: 'flexible' });
    const day = new Date(Date.now() + 20 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
    const w = await call('POST', '/api/me/workshops', expert.cookie, {
      title: 'Negotiating your first offer',
      description: 'How to answer an offer, with practice rounds.',
      topic: 'Job Interview Mastery',
      startsAtLocal: `${day}T10:00`,
      durationMinutes: 90,
      capacity: 3,
      priceCents: 1_500,
      minAttendance: null,
      publish: true,
    });
    expect(w.statusCode, w.body).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const until = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const p = await call('POST', `/api/partner/organisations/${orgId}/programmes`, manager.cookie, {
      name: 'Cohort',
      startsOn: today,
      endsOn: until,
      joinRule: 'code',
    });
    expect(p.statusCode, p.body).toBe(201);
    const s = await call('POST', `/api/partner/organisations/${orgId}/sponsorships`, manager.cookie, {
      programmeId: p.json().id,
      workshopId: w.json().id,
      seats: 1,
    });
    expect(s.statusCode, s.body).toBe(201);
    expect((await call('GET', `/api/workshops/${w.json().id}`, null)).json().sponsor).toMatchObject({ organisationName: 'Northfield', logoUrl: null });

    const id = await logo(manager);
    expect((await call('PUT', `/api/partner/organisations/${orgId}/logo`, manager.cookie, { fileId: id })).statusCode).toBe(200);
    const page = await call('GET', `/api/workshops/${w.json().id}`, null);
    expect(page.json().sponsor).toMatchObject({ organisationName: 'Northfield', logoUrl: `/api/files/${id}` });
    expect((await call('GET', page.json().sponsor.logoUrl, null)).statusCode).toBe(200);
  });

  it('the team creates an organisation with a logo and replaces or removes it from the console, audited', async () => {
    const first = await logo(admin);
    const made = await call('POST', '/api/admin/organisations', admin.cookie, {
      name: 'Eastgate College',
      kind: 'university',
      billingEmail: 'billing@eastgate.example',
      logoFileId: first,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    expect(made.json().logoUrl).toBe(`/api/files/${first}`);
    const page = await call('GET', '/api/admin/organisations', admin.cookie);
    expect(page.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ id, logoUrl: `/api/files/${first}` })]));

    const second = await logo(admin);
    const replaced = await call('PUT', `/api/admin/organisations/${id}/logo`, admin.cookie, { fileId: second });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().logoUrl).toBe(`/api/files/${second}`);
    const removed = await call('DELETE', `/api/admin/organisations/${id}/logo`, admin.cookie);
    expect(removed.json().logoUrl).toBeNull();
    const audit = await call('GET', `/api/admin/organisations/${id}/audit`, admin.cookie);
    expect(audit.json().items.map((a: { action: string }) => a.action)).toEqual(['organisation.logo_remove', 'organisation.logo', 'organisation.create']);
    expect(auditActionLabel('organisation.logo')).toBe("set a partner organisation's logo");

    // Another admin's upload is not this admin's to show.
    const other = await createUser(ctx, { email: 'logo-admin-2@example.com', role: 'admin' });
    const theirs = await logo(other);
    expect((await call('PUT', `/api/admin/organisations/${id}/logo`, admin.cookie, { fileId: theirs })).statusCode).toBe(404);
    expect((await call('PUT', `/api/admin/organisations/00000000-0000-4000-8000-000000000000/logo`, admin.cookie, { fileId: theirs })).statusCode).toBe(404);
  });
});
