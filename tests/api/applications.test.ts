import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationRuleMessages as r } from '../../src/shared/application-rules.js';
import { expertiseMessages } from '../../src/shared/expertise.js';
import { messages } from '../../src/shared/messages.js';
import { applicationInput, type ApplicationInput } from '../../src/shared/schemas/applications.js';
import { emailOutbox, expertApplications, user } from '../../src/server/db/schema.js';
import { submitApplication } from '../../src/server/modules/applications/service.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { makePdf, tinyPng, upload } from '../helpers/uploads.js';
import { zip } from '../helpers/zip.js';

const fixtures = path.resolve('tests/fixtures/cvs');
const manifest: { file: string; format: 'pdf' | 'docx' | 'doc'; expected: string[] }[] = JSON.parse(readFileSync(path.join(fixtures, 'manifest.json'), 'utf8'));
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const contentTypes = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

const valid = (over: Partial<ApplicationInput> = {}): ApplicationInput => ({
  professionalTitle: 'Senior Product Designer',
  yearsExperience: '6-10',
  linkedinProfile: 'https://www.linkedin.com/in/jane-applicant',
  selectedExpertise: ['Graphics & Design', 'Portfolio reviews'],
  whyExpert: 'I want to help junior designers build portfolios that get them hired.',
  referenceName: 'Ola Nordmann',
  referencePosition: 'Design Director',
  referenceEmail: 'ola@example.com',
  ...over,
});

describe('expert applications', () => {
  let ctx: TestContext;
  let applicant: Awaited<ReturnType<typeof createUser>>;
  let otherExpert: Awaited<ReturnType<typeof createUser>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let pdf: Buffer;

  const post = (url: string, cookie: string | null, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: { origin, ...(cookie ? { cookie } : {}) }, payload: payload as object });
  const apply = (cookie: string | null, payload: unknown) => post('/api/applications', cookie, payload);
  const suggest = (cookie: string | null, payload: unknown) => post('/api/expertise-suggestions', cookie, payload);
  const applicationCount = async () => (await ctx.database.db.select({ n: count() }).from(expertApplications))[0]!.n;
  const uploadCv = async (cookie: string, name: string, bytes: Buffer) => {
    const res = await upload(ctx, cookie, 'cv', name, bytes);
    expect(res.statusCode).toBe(201);
    return res.json().file as { id: string; name: string; contentType: string; url: string };
  };

  beforeAll(async () => {
    ctx = await createTestApp({ ADMIN_EMAILS: 'team@mentora.example' });
    applicant = await createUser(ctx, { email: 'applicant@example.com', role: 'expert', firstName: 'Jane', lastName: 'Applicant' });
    otherExpert = await createUser(ctx, { email: 'other-expert@example.com', role: 'expert' });
    client = await createUser(ctx, { email: 'client@example.com', role: 'client' });
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin' });
    pdf = await makePdf(['Jane Applicant', 'Senior Product Designer', 'Figma, typography and design systems']);
  });
  afterAll(() => ctx.close());

  it('asks visitors to sign in and tells client accounts to use an expert account (docs/product.md "Expert applications")', async () => {
    const anonymous = await apply(null, valid());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('Please sign in to submit your application');
    const asClient = await apply(client.cookie, valid());
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json().error.message).toBe(messages.application.expertOnly);
    expect((await ctx.app.inject({ url: '/api/applications/mine' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/applications/mine', headers: { cookie: client.cookie } })).json()).toEqual({ application: null });
    expect(await applicationCount()).toBe(0);
  });

  it.each([
    ['a blank title', { professionalTitle: '   ' }, r.step1],
    ['an unknown years band', { yearsExperience: '20+' }, r.yearsBand],
    ['a LinkedIn that is not a URL', { linkedinProfile: 'my linkedin' }, r.linkedinUrl],
    ['no expertise area', { selectedExpertise: [] }, expertiseMessages.required],
    ['four areas', { selectedExpertise: ['Marketing', 'Sales & Customer Service', 'Hospitality', 'Public Speaking'] }, expertiseMessages.tooMany],
    ['the same area twice', { selectedExpertise: ['Marketing', ' marketing '] }, expertiseMessages.duplicateArea],
    ['a blank motivation', { whyExpert: ' \n ' }, r.step4],
    ['a reference e-mail that is not one', { referenceEmail: 'ola@' }, r.referenceEmail],
  ])('refuses %s with the wizard rule and stores nothing', async (_name, over, message) => {
    const res = await apply(applicant.cookie, valid(over as Partial<ApplicationInput>));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await applicationCount()).toBe(0);
  });

  it('decides the CV type by its bytes: a DOCX named .pdf is a DOCX, a PNG named .pdf is refused', async () => {
    const docx = readFileSync(path.join(fixtures, manifest.find((m) => m.format === 'docx')!.file));
    expect((await uploadCv(applicant.cookie, 'cv.pdf', docx)).contentType).toBe(DOCX);
    const png = await upload(ctx, applicant.cookie, 'cv', 'cv.pdf', tinyPng);
    expect(png.statusCode).toBe(415);
    expect(png.json().error.message).toBe('Please upload a PDF or Word document');
  });

  it('accepts a legacy Word .doc CV (made by LibreOffice from a DOCX fixture) as application/msword', async () => {
    const doc = manifest.find((m) => m.format === 'doc')!;
    const stored = await uploadCv(applicant.cookie, doc.file, readFileSync(path.join(fixtures, doc.file)));
    expect(stored.contentType).toBe('application/msword');
    expect(stored.name).toBe(doc.file);
  });

  it('refuses a CV that belongs to someone else', async () => {
    const theirs = await uploadCv(otherExpert.cookie, 'theirs.pdf', pdf);
    const res = await apply(applicant.cookie, valid({ cvFileId: theirs.id }));
    expect(res.statusCode).toBe(404);
    expect(await applicationCount()).toBe(0);
  });

  it('stores a submitted application with its CV, queues the confirmation and the team notice, and allows one open application', async () => {
    const cv = await uploadCv(applicant.cookie, 'Jane Applicant CV.pdf', pdf);
    const res = await apply(applicant.cookie, { ...valid({ cvFileId: cv.id }), professionalTitle: '  Senior Product Designer ' });
    expect(res.statusCode).toBe(201);
    const { application, emailQueued } = res.json();
    expect(emailQueued).toBe(true);
    expect(application).toMatchObject({
      userId: applicant.id,
      professionalTitle: 'Senior Product Designer',
      yearsExperience: '6-10',
      status: 'submitted',
      statusNote: null,
      selectedExpertise: ['Graphics & Design', 'Portfolio reviews'],
      cv: { id: cv.id, name: 'Jane Applicant CV.pdf', url: `/api/files/${cv.id}` },
      referenceEmail: 'ola@example.com',
    });

    const mine = await ctx.app.inject({ url: '/api/applications/mine', headers: { cookie: applicant.cookie } });
    expect(mine.json()).toEqual({ application });

    const mail = await ctx.database.db.select().from(emailOutbox);
    const to = (addr: string) => mail.filter((m) => m.to === addr);
    expect(to('applicant@example.com')).toHaveLength(1);
    expect(to('applicant@example.com')[0]!.text).toContain('within 72 hours');
    expect(to('admin@example.com')).toHaveLength(1);
    expect(to('team@mentora.example')).toHaveLength(1);
    expect(to('admin@example.com')[0]!.subject).toBe('New expert application: Jane Applicant');

    const again = await apply(applicant.cookie, valid());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.application.alreadyOpen);
    expect(await applicationCount()).toBe(1);
  });

  it('lets the applicant and admins download the CV of an application, nobody else', async () => {
    const { application } = (await ctx.app.inject({ url: '/api/applications/mine', headers: { cookie: applicant.cookie } })).json();
    const url = application.cv.url as string;
    const asApplicant = await ctx.app.inject({ url, headers: { cookie: applicant.cookie } });
    expect(asApplicant.statusCode).toBe(200);
    expect(asApplicant.rawPayload.equals(pdf)).toBe(true);
    expect((await ctx.app.inject({ url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url, headers: { cookie: otherExpert.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url, headers: { cookie: client.cookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });

  it('lets a rejected applicant apply again', async () => {
    await ctx.database.db
      .update(expertApplications)
      .set({ status: 'rejected', statusNote: 'Please add more detail.' })
      .where(eq(expertApplications.userId, applicant.id));
    // A LinkedIn address typed without https:// is accepted and completed.
    const res = await apply(applicant.cookie, valid({ professionalTitle: 'Design Lead', linkedinProfile: 'linkedin.com/in/jane-applicant' }));
    expect(res.statusCode).toBe(201);
    const mine = await ctx.app.inject({ url: '/api/applications/mine', headers: { cookie: applicant.cookie } });
    expect(mine.json().application).toMatchObject({
      professionalTitle: 'Design Lead',
      status: 'submitted',
      linkedinProfile: 'https://linkedin.com/in/jane-applicant',
    });
  });

  it('keeps the application when the e-mails cannot be queued, and says so', async () => {
    const late = await createUser(ctx, { email: 'late@example.com', role: 'expert' });
    const before = (await ctx.database.db.select({ n: count() }).from(emailOutbox))[0]!.n;
    const failing = async () => {
      throw new Error('outbox unavailable');
    };
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, late.id));
    const result = await submitApplication(
      { db: ctx.database.db, baseUrl: ctx.config.baseUrl, adminEmails: [], enqueue: failing },
      row!,
      applicationInput.parse({
        professionalTitle: 'Nurse',
        yearsExperience: '3-5',
        selectedExpertise: ['Health & Science Careers'],
        whyExpert: 'To help new nurses.',
      }),
    );
    expect(result.emailQueued).toBe(false);
    expect(result.application.status).toBe('submitted');
    expect((await ctx.database.db.select({ n: count() }).from(emailOutbox))[0]!.n).toBe(before);
  });

  describe("expertise suggestions from the applicant's own CV", () => {
    it.each(manifest.map((m) => [m.file, m] as const))('%s yields its areas', async (_file, m) => {
      const cv = await uploadCv(otherExpert.cookie, m.file, readFileSync(path.join(fixtures, m.file)));
      const res = await suggest(otherExpert.cookie, { fileId: cv.id, selected: [] });
      expect(res.statusCode).toBe(200);
      expect(res.json().suggested_expertise).toEqual(m.expected);
      expect(res.json().matched_expertise.slice(0, m.expected.length)).toEqual(m.expected);
    });

    it('leaves out chosen areas and stays within 3 in all', async () => {
      const hr = manifest.find((m) => m.expected.length === 3)!;
      const cv = await uploadCv(otherExpert.cookie, hr.file, readFileSync(path.join(fixtures, hr.file)));
      const res = await suggest(otherExpert.cookie, { fileId: cv.id, selected: [hr.expected[1], 'Mentoring new managers'] });
      expect(res.json().suggested_expertise).toEqual([hr.expected[0]]);
      const full = await suggest(otherExpert.cookie, { fileId: cv.id, selected: ['A', 'B', 'C'] });
      expect(full.json().suggested_expertise).toEqual([]);
      expect(full.json().matched_expertise).toEqual(expect.arrayContaining(hr.expected));
    });

    it("reads only the caller's own CV and never takes a URL", async () => {
      const theirs = await uploadCv(otherExpert.cookie, 'theirs.pdf', pdf);
      expect((await suggest(applicant.cookie, { fileId: theirs.id, selected: [] })).statusCode).toBe(404);
      expect((await suggest(null, { fileId: theirs.id, selected: [] })).statusCode).toBe(401);
      expect((await suggest(applicant.cookie, { cvUrl: 'http://169.254.169.254/latest', selected: [] })).statusCode).toBe(400);
    });

    it('refuses a DOCX that unpacks to 60 MB (zip bomb) and a PDF without text, with clear errors', async () => {
      const bomb = zip([
        { name: '[Content_Types].xml', data: contentTypes },
        { name: 'word/document.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20) },
      ]);
      expect(bomb.length).toBeLessThan(100_000);
      const bombFile = await uploadCv(applicant.cookie, 'bomb.docx', bomb);
      expect(bombFile.contentType).toBe(DOCX);
      const res = await suggest(applicant.cookie, { fileId: bombFile.id, selected: [] });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toMatch(/^This document is too large to analyze/);

      const blank = await uploadCv(applicant.cookie, 'scan.pdf', await makePdf([]));
      const none = await suggest(applicant.cookie, { fileId: blank.id, selected: [] });
      expect(none.statusCode).toBe(422);
      expect(none.json().error.message).toBe(messages.application.unreadableCv);
    });
  });
});
