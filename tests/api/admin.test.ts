import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  availabilityRules,
  contactMessages,
  disputes,
  emailOutbox,
  expertApplications,
  experts,
  matchRequests,
  partnerEnquiries,
  paymentEvents,
  payments,
  privateFeedback,
  sessions,
  user,
} from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';
import { makePdf, upload } from '../helpers/uploads.js';

const json = { origin, 'content-type': 'application/json' };
const someId = '00000000-0000-4000-8000-000000000000';

/** Every admin route (docs/product.md "Team console"), each refused to visitors (401) and to clients and experts (403). */
const adminRoutes: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/admin/applications' },
  { method: 'GET', url: `/api/admin/applications/${someId}` },
  { method: 'POST', url: `/api/admin/applications/${someId}/under-review`, payload: {} },
  { method: 'POST', url: `/api/admin/applications/${someId}/approve`, payload: {} },
  { method: 'POST', url: `/api/admin/applications/${someId}/reject`, payload: { reason: 'x' } },
  { method: 'GET', url: '/api/admin/disputes' },
  { method: 'GET', url: `/api/admin/disputes/${someId}` },
  { method: 'POST', url: `/api/admin/disputes/${someId}/resolve`, payload: { decision: 'expert', note: 'x' } },
  { method: 'GET', url: '/api/admin/inbox' },
  { method: 'PUT', url: `/api/admin/inbox/contact/${someId}/handled`, payload: { handled: true } },
  { method: 'POST', url: `/api/admin/inbox/contact/${someId}/replies`, payload: { message: 'Hello' } },
  { method: 'GET', url: '/api/admin/audit' },
  { method: 'GET', url: '/api/admin/summary' },
];

describe('team console', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  const get = (url: string, cookie = admin.cookie) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object = {}, cookie = admin.cookie) => ctx.app.inject({ method: 'POST', url, headers: { ...json, cookie }, payload });
  const mailsTo = (to: string) => ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.createdAt));
  const auditOf = (targetId: string) => ctx.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));

  /** An expert-role account that applied (as the wizard stores it), with a real CV upload. */
  async function applicant(email: string, firstName: string, lastName: string, o: { status?: string; expertise?: string[] } = {}) {
    const u = await createUser(ctx, { email, role: 'expert', firstName, lastName });
    const cv = (await upload(ctx, u.cookie, 'cv', `${firstName}-cv.pdf`, await makePdf([`${firstName} ${lastName}`, 'Product manager']))).json().file;
    const [row] = await ctx.database.db
      .insert(expertApplications)
      .values({
        userId: u.id,
        professionalTitle: 'Senior Product Manager',
        yearsExperience: '6-10',
        linkedinProfile: 'https://www.linkedin.com/in/example',
        cvFileId: cv.id,
        cvFileName: cv.name,
        selectedExpertise: o.expertise ?? ['Product Management', 'Career Coaching'],
        whyExpert: 'I love helping people move into product roles.',
        referenceName: 'Pat Reference',
        status: o.status ?? 'submitted',
      })
      .returning();
    return { ...u, application: row!, cv };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createUser(ctx, { email: 'admin@example.com', role: 'admin', firstName: 'Alex', lastName: 'Admin' });
    client = await createUser(ctx, { email: 'client@example.com', firstName: 'Casey', lastName: 'Client' });
    expert = await createExpert(ctx, { email: 'erin@example.com', rateCents: 9000 });
  });
  afterAll(() => ctx.close());

  describe('access', () => {
    it.each(adminRoutes)('$method $url answers 401 to visitors and 403 to clients and experts, changing nothing', async (route) => {
      const before = (await ctx.database.db.select({ n: count() }).from(adminAuditLog))[0]!.n;
      const send = (cookie?: string) =>
        ctx.app.inject({ method: route.method, url: route.url, headers: { ...json, ...(cookie ? { cookie } : {}) }, payload: route.payload });
      const anonymous = await send();
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
      for (const cookie of [client.cookie, expert.cookie]) {
        const res = await send(cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      // Refused before the body is validated: an invalid body still answers 403, not 400.
      if (route.payload)
        expect(
          (await ctx.app.inject({ method: route.method, url: route.url, headers: { ...json, cookie: client.cookie }, payload: { junk: true } })).statusCode,
        ).toBe(403);
      expect((await ctx.database.db.select({ n: count() }).from(adminAuditLog))[0]!.n).toBe(before);
    });
  });

  describe('applications', () => {
    it('lists the open queue (paginated) with the applicant and shows one application with its CV link', async () => {
      const a = await applicant('jordan@example.com', 'Jordan', 'Lee');
      await applicant('old@example.com', 'Olga', 'Old', { status: 'rejected' });
      const list = await get('/api/admin/applications?status=open&page=1&pageSize=1');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject({
        total: 1,
        page: 1,
        pageSize: 1,
        items: [{ id: a.application.id, applicant: { name: 'Jordan Lee', email: 'jordan@example.com' }, status: 'submitted' }],
      });
      expect((await get('/api/admin/applications?status=rejected')).json().total).toBe(1);
      expect((await get('/api/admin/applications?pageSize=101')).statusCode).toBe(400);

      const detail = (await get(`/api/admin/applications/${a.application.id}`)).json();
      expect(detail).toMatchObject({
        whyExpert: 'I love helping people move into product roles.',
        cv: { name: a.cv.name, url: `/api/files/${a.cv.id}` },
        reference: { name: 'Pat Reference' },
      });
      const cv = await get(detail.cv.url);
      expect(cv.statusCode).toBe(200);
      expect(cv.headers['content-type']).toBe('application/pdf');
      expect((await get('/api/admin/applications/not-a-uuid')).statusCode).toBe(404);
      expect((await get(`/api/admin/applications/${someId}`)).statusCode).toBe(404);
    });

    it('marks under review, then approves: creates a draft profile (no rate, not public), makes the account an expert, audits and e-mails the steps to publish', async () => {
      await ctx.database.db.insert(experts).values({
        slug: 'sam-rivera',
        userId: client.id,
        name: 'Sam Rivera',
        role: 'Taken',
        about: 'Taken slug',
        expertise: ['Design'],
        hourlyRateCents: 5000,
        timezone: 'UTC',
      });
      const a = await applicant('sam@example.com', 'Sam', 'Rivera', { expertise: ['Product Management'] });
      await ctx.database.db.update(user).set({ role: 'client' }).where(eq(user.id, a.id));

      const review = await post(`/api/admin/applications/${a.application.id}/under-review`);
      expect(review.statusCode).toBe(200);
      expect(review.json()).toMatchObject({ status: 'under_review', reviewedBy: admin.id });
      expect((await post(`/api/admin/applications/${a.application.id}/under-review`)).statusCode).toBe(409);

      const res = await post(`/api/admin/applications/${a.application.id}/approve`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 'approved', expert: { slug: 'sam-rivera-2' } });
      const [profile] = await ctx.database.db.select().from(experts).where(eq(experts.userId, a.id));
      expect(profile).toMatchObject({
        id: body.expert.id,
        slug: 'sam-rivera-2',
        name: 'Sam Rivera',
        role: 'Senior Product Manager',
        about: 'I love helping people move into product roles.',
        expertise: ['Product Management'],
        languages: ['English'],
        hourlyRateCents: null,
        timezone: 'UTC',
        cancellationPolicy: 'moderate',
        status: 'draft',
        publishedAt: null,
        imageUrl: null,
      });
      expect(await ctx.database.db.select().from(availabilityRules).where(eq(availabilityRules.expertId, profile!.id))).toEqual([]);
      const [account] = await ctx.database.db.select().from(user).where(eq(user.id, a.id));
      expect(account!.role).toBe('expert');
      const [stored] = await ctx.database.db.select().from(expertApplications).where(eq(expertApplications.id, a.application.id));
      expect(stored).toMatchObject({ status: 'approved', expertId: profile!.id, reviewedBy: admin.id });

      // Not public until the expert publishes it (docs/product.md "Expert onboarding and publishing").
      expect((await get('/api/experts/sam-rivera-2', '')).statusCode).toBe(404);
      const mail = (await mailsTo('sam@example.com')).at(-1)!;
      expect(mail.subject).toBe('Your Mentora expert application is approved');
      expect(mail.text).toContain('press "Publish profile"');
      expect(mail.text).not.toContain('$50.00');
      expect((await auditOf(a.application.id)).map((r) => r.action).sort()).toEqual(['application.approve', 'application.under_review']);

      // Decided once: approving or rejecting again is a conflict that changes nothing.
      expect((await post(`/api/admin/applications/${a.application.id}/approve`)).statusCode).toBe(409);
      expect((await post(`/api/admin/applications/${a.application.id}/reject`, { reason: 'Changed my mind' })).statusCode).toBe(409);
      expect((await ctx.database.db.select({ n: count() }).from(experts).where(eq(experts.userId, a.id)))[0]!.n).toBe(1);
    });

    it('refuses to approve an account that already has an expert profile (409), writing nothing', async () => {
      const [row] = await ctx.database.db
        .insert(expertApplications)
        .values({
          userId: expert.id,
          professionalTitle: 'Staff Engineer',
          yearsExperience: '11-15',
          selectedExpertise: ['Programming & Tech'],
          whyExpert: 'Again',
        })
        .returning();
      const res = await post(`/api/admin/applications/${row!.id}/approve`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('This applicant already has an expert profile');
      expect((await auditOf(row!.id)).length).toBe(0);
      const [stored] = await ctx.database.db.select().from(expertApplications).where(eq(expertApplications.id, row!.id));
      expect(stored!.status).toBe('submitted');
    });

    it('rejects only with a reason, stores and e-mails it, and refuses to approve a rejected application', async () => {
      const a = await applicant('riley@example.com', 'Riley', 'Reject');
      const blank = await post(`/api/admin/applications/${a.application.id}/reject`, { reason: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.message).toBe('Please give a reason for the rejection');
      const res = await post(`/api/admin/applications/${a.application.id}/reject`, { reason: 'We need at least 3 years of experience.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'rejected', statusNote: 'We need at least 3 years of experience.' });
      const mail = (await mailsTo('riley@example.com')).at(-1)!;
      expect(mail.text).toContain('Reason: We need at least 3 years of experience.');
      expect((await auditOf(a.application.id))[0]).toMatchObject({
        actorId: admin.id,
        action: 'application.reject',
        detail: { reason: 'We need at least 3 years of experience.' },
      });
      expect((await post(`/api/admin/applications/${a.application.id}/approve`)).statusCode).toBe(409);
      expect((await ctx.database.db.select({ n: count() }).from(experts).where(eq(experts.userId, a.id)))[0]!.n).toBe(0);
    });
  });

  describe('disputes', () => {
    /** A paid 60-minute session (9000 cents) in the past, reported by the client. */
    async function disputed(hoursAhead: number, description = 'The expert never joined.') {
      const id = (await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(hoursAhead) })).json().session.id as string;
      await shift(ctx, id, -2 * hoursAhead - 2);
      expect((await post(`/api/sessions/${id}/dispute`, { description }, client.cookie)).statusCode).toBe(200);
      const [d] = await ctx.database.db.select().from(disputes).where(eq(disputes.sessionId, id));
      return { sessionId: id, disputeId: d!.id };
    }
    const ledger = async (sessionId: string) => {
      const [p] = await ctx.database.db.select().from(payments).where(eq(payments.sessionId, sessionId));
      const events = await ctx.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, p!.id))
        .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.type));
      return { payment: p!, events: events.map((e) => ({ type: e.type, amountCents: e.amountCents, actorId: e.actorId })) };
    };

    it('lists open disputes with the session, both parties, the report and the held money', async () => {
      const { disputeId } = await disputed(30, 'Audio never worked.');
      const list = (await get('/api/admin/disputes?status=open')).json();
      const item = list.items.find((d: { id: string }) => d.id === disputeId);
      expect(item).toMatchObject({
        status: 'open',
        description: 'Audio never worked.',
        client: { name: 'Casey Client', email: 'client@example.com' },
        expert: { name: 'Erin Expert', email: 'erin@example.com', slug: expert.expert.slug },
        session: { status: 'disputed', totalAmountCents: 9000 },
        payment: { status: 'held', amountCents: 9000 },
        heldCents: 9000,
        resolution: null,
      });
      expect((await get(`/api/admin/disputes/${disputeId}`)).json().id).toBe(disputeId);
    });

    it('decides for the client with a partial refund: session cancelled by the team, ledger refund + release, both e-mailed, audited', async () => {
      const { sessionId, disputeId } = await disputed(50);
      const before = (await mailsTo('erin@example.com')).length;
      for (const refundCents of [0, 9001, 12.5]) {
        const bad = await post(`/api/admin/disputes/${disputeId}/resolve`, { decision: 'client', refundCents, note: 'x' });
        expect(bad.statusCode).toBe(400);
      }
      expect((await post(`/api/admin/disputes/${disputeId}/resolve`, { decision: 'client', note: '  ' })).json().error.message).toBe(
        'Please write a note for both parties',
      );
      expect((await ledger(sessionId)).payment.status).toBe('held');

      const res = await post(`/api/admin/disputes/${disputeId}/resolve`, { decision: 'client', refundCents: 4000, note: 'The call started 30 minutes late.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'resolved',
        heldCents: 0,
        payment: { status: 'partially_refunded', refundedCents: 4000 },
        resolution: { decision: 'client', refundCents: 4000, note: 'The call started 30 minutes late.', resolvedBy: admin.id },
      });
      const [s] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
      expect(s).toMatchObject({ status: 'cancelled', cancelledBy: 'team', cancelReason: 'The call started 30 minutes late.' });
      const { payment, events } = await ledger(sessionId);
      expect(payment).toMatchObject({ status: 'partially_refunded', refundedCents: 4000 });
      expect(events).toEqual(
        expect.arrayContaining([
          { type: 'hold', amountCents: 9000, actorId: client.id },
          { type: 'refund', amountCents: 4000, actorId: admin.id },
          { type: 'release', amountCents: 5000, actorId: admin.id },
        ]),
      );
      expect(events).toHaveLength(3);
      const decided = (mails: (typeof emailOutbox.$inferSelect)[]) => mails.filter((m) => m.subject === 'Dispute decided: Casey Client with Erin Expert');
      const expertMails = await mailsTo('erin@example.com');
      // The decision, and the cancellation with the invite's CANCEL (docs/product.md "E-mail").
      expect(expertMails.length).toBe(before + 2);
      expect(expertMails.slice(before).map((m) => m.attachments?.[0]?.contentType ?? null)).toContain('text/calendar; charset=utf-8; method=CANCEL');
      for (const mail of [decided(await mailsTo('client@example.com')).at(-1)!, decided(expertMails.slice(before))[0]!]) {
        expect(mail.text).toContain('$40.00 of $90.00 is refunded');
        expect(mail.text).toContain('Note from the team: The call started 30 minutes late.');
      }
      expect((await auditOf(disputeId))[0]).toMatchObject({
        actorId: admin.id,
        action: 'dispute.resolve',
        detail: { decision: 'client', refundCents: 4000, sessionId },
      });

      // The client sees the refund on the session.
      expect((await get(`/api/sessions/${sessionId}`, client.cookie)).json()).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'team',
        payment: { status: 'partially_refunded', refundedCents: 4000 },
      });
      // Decided once.
      const again = await post(`/api/admin/disputes/${disputeId}/resolve`, { decision: 'expert', note: 'Changed my mind' });
      expect(again.statusCode).toBe(409);
      expect((await ledger(sessionId)).events).toHaveLength(3);
    });

    it('decides for the client with the full held amount by default; a replayed Idempotency-Key answers the first result', async () => {
      const { sessionId, disputeId } = await disputed(70);
      const resolve = (key: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/admin/disputes/${disputeId}/resolve`,
          headers: { ...json, cookie: admin.cookie, 'idempotency-key': key },
          payload: { decision: 'client', note: 'The expert did not attend.' },
        });
      const res = await resolve('decision-key-1');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ resolution: { refundCents: 9000 }, payment: { status: 'refunded', refundedCents: 9000 } });
      const mails = (await ctx.database.db.select({ n: count() }).from(emailOutbox))[0]!.n;
      const replay = await resolve('decision-key-1');
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(res.json());
      expect((await resolve('decision-key-2')).statusCode).toBe(409);
      expect((await ledger(sessionId)).events.map((e) => e.type)).toEqual(['hold', 'refund']);
      expect((await ctx.database.db.select({ n: count() }).from(emailOutbox))[0]!.n).toBe(mails);
      expect(await auditOf(disputeId)).toHaveLength(1);
    });

    it('decides for the expert: payment released, session completed, both e-mailed', async () => {
      const { sessionId, disputeId } = await disputed(90);
      const res = await post(`/api/admin/disputes/${disputeId}/resolve`, { decision: 'expert', note: 'The recording shows a full session.' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ resolution: { decision: 'expert', refundCents: 0 }, payment: { status: 'released', refundedCents: 0 } });
      const [s] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
      expect(s!.status).toBe('completed');
      expect(s!.completedAt).not.toBeNull();
      expect((await ledger(sessionId)).events).toEqual([
        { type: 'hold', amountCents: 9000, actorId: client.id },
        { type: 'release', amountCents: 9000, actorId: admin.id },
      ]);
      for (const to of ['client@example.com', 'erin@example.com']) expect((await mailsTo(to)).at(-1)!.text).toContain('$90.00 is released to the expert');
      expect((await get('/api/admin/disputes?status=resolved')).json().items[0].id).toBe(disputeId);
    });

    it('answers 404 for an unknown dispute', async () => {
      expect((await post(`/api/admin/disputes/${someId}/resolve`, { decision: 'expert', note: 'x' })).statusCode).toBe(404);
    });
  });

  describe('inbox and audit', () => {
    it('lists each inbox by handled state and marks items handled and unhandled, audited', async () => {
      const [contact] = await ctx.database.db
        .insert(contactMessages)
        .values({ name: 'Dana', email: 'dana@example.com', subject: 'Hello', message: 'A question' })
        .returning();
      await ctx.database.db.insert(partnerEnquiries).values({ businessType: 'University', description: 'Careers service' });
      await ctx.database.db
        .insert(matchRequests)
        .values({ firstName: 'Max', lastName: 'Match', email: 'max@example.com', countryCode: '+1', mobileNumber: '555 0100', requestText: 'A data mentor' });
      await ctx.database.db.insert(privateFeedback).values({ expertId: expert.expert.id, authorId: client.id, comments: 'Great but late' });

      const page = (await get('/api/admin/inbox?kind=contact')).json();
      expect(page).toMatchObject({
        total: 1,
        unhandled: { contact: 1, partner: 1, match: 1, private_feedback: 1 },
        items: [{ id: contact!.id, from: { name: 'Dana', email: 'dana@example.com' }, subject: 'Hello', body: 'A question', handledAt: null }],
      });
      expect((await get('/api/admin/inbox?kind=private_feedback')).json().items[0]).toMatchObject({
        from: { name: 'Casey Client' },
        body: 'Great but late',
        subject: 'Private feedback about Erin Expert',
      });
      expect((await get('/api/admin/inbox?kind=match')).json().items[0].facts).toEqual([{ label: 'Mobile', value: '+1 555 0100' }]);

      const put = (handled: boolean, id = contact!.id) =>
        ctx.app.inject({ method: 'PUT', url: `/api/admin/inbox/contact/${id}/handled`, headers: { ...json, cookie: admin.cookie }, payload: { handled } });
      expect((await put(true)).json().handledAt).not.toBeNull();
      expect((await get('/api/admin/inbox?kind=contact')).json().total).toBe(0);
      expect((await get('/api/admin/inbox?kind=contact&handled=handled')).json().total).toBe(1);
      expect((await put(false)).json().handledAt).toBeNull();
      expect((await put(true, someId)).statusCode).toBe(404);
      expect((await auditOf(contact!.id)).map((r) => r.action).sort()).toEqual(['inbox.handled', 'inbox.unhandled']);
    });

    it('replies to a message by e-mail to the address it came from, keeps the reply in its thread and marks it handled', async () => {
      const [contact] = await ctx.database.db
        .insert(contactMessages)
        .values({ name: 'Robin', email: 'robin@example.com', subject: 'Refund?', message: 'Send this text to someone' })
        .returning();
      const url = `/api/admin/inbox/contact/${contact!.id}/replies`;
      const res = await post(url, { message: '  Thanks for writing.\n\nYour refund is on its way.  ' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ body: 'Thanks for writing.\n\nYour refund is on its way.', toEmail: 'robin@example.com', author: 'Alex Admin' });

      const [mail] = await mailsTo('robin@example.com');
      expect(mail!.subject).toBe('Re: your contact message to Mentora');
      expect(mail!.text).toContain('Hello Robin,\nThanks for writing.\nYour refund is on its way.\nAlex Admin, for the Mentora team');
      // Nothing the sender typed goes back out: the address may not be theirs.
      expect(mail!.text).not.toContain('Send this text');
      expect(mail!.text).not.toContain('Refund?');

      const item = (await get('/api/admin/inbox?kind=contact&handled=all')).json().items.find((i: { id: string }) => i.id === contact!.id);
      expect(item.handledAt).not.toBeNull();
      expect(item.replies).toEqual([
        {
          id: res.json().id,
          body: 'Thanks for writing.\n\nYour refund is on its way.',
          toEmail: 'robin@example.com',
          author: 'Alex Admin',
          createdAt: res.json().createdAt,
        },
      ]);
      expect((await auditOf(contact!.id)).map((r) => r.action)).toEqual(['inbox.replied']);

      // A second reply joins the thread after the first.
      await post(url, { message: 'One more thing.' });
      const again = (await get('/api/admin/inbox?kind=contact&handled=all')).json().items.find((i: { id: string }) => i.id === contact!.id);
      expect(again.replies.map((r: { body: string }) => r.body)).toEqual(['Thanks for writing.\n\nYour refund is on its way.', 'One more thing.']);
    });

    it("replies to private feedback at its author's address and to a partner enquiry at the address it gave", async () => {
      const [feedback] = await ctx.database.db
        .insert(privateFeedback)
        .values({ expertId: expert.expert.id, authorId: client.id, comments: 'Late again' })
        .returning();
      expect((await post(`/api/admin/inbox/private_feedback/${feedback!.id}/replies`, { message: 'We spoke to the expert.' })).statusCode).toBe(201);
      expect((await mailsTo('client@example.com')).map((m) => m.subject)).toContain('Re: your private feedback to Mentora');

      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/partner-enquiries',
        headers: { ...json, 'x-forwarded-for': '192.0.2.77' },
        payload: { name: 'Lee Partner', email: 'lee@college.example', businessType: 'College', description: 'Mentoring for 50 students' },
      });
      expect(sent.statusCode).toBe(201);
      const listed = (await get('/api/admin/inbox?kind=partner')).json().items.find((i: { id: string }) => i.id === sent.json().id);
      expect(listed.from).toEqual({ name: 'Lee Partner', email: 'lee@college.example' });
      expect((await post(`/api/admin/inbox/partner/${sent.json().id}/replies`, { message: 'Let us talk.' })).statusCode).toBe(201);
      expect((await mailsTo('lee@college.example'))[0]!.text).toContain('Hello Lee Partner,\nLet us talk.');
    });

    it('refuses a blank reply, an unknown message and a message without an address, sending and keeping nothing', async () => {
      const [anonymous] = await ctx.database.db.insert(partnerEnquiries).values({ businessType: 'School', description: 'Older enquiry' }).returning();
      const [contact] = await ctx.database.db
        .insert(contactMessages)
        .values({ name: 'Sam', email: 'sam@example.com', subject: 'Hi', message: 'Hi' })
        .returning();
      const mailsBefore = await ctx.database.db.$count(emailOutbox);
      const blank = await post(`/api/admin/inbox/contact/${contact!.id}/replies`, { message: ' \n ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.message).toContain('Please write your reply');
      expect((await post(`/api/admin/inbox/contact/${someId}/replies`, { message: 'Hello' })).statusCode).toBe(404);
      expect((await post(`/api/admin/inbox/contact/not-a-uuid/replies`, { message: 'Hello' })).statusCode).toBe(404);
      const noAddress = await post(`/api/admin/inbox/partner/${anonymous!.id}/replies`, { message: 'Hello' });
      expect(noAddress.statusCode).toBe(409);
      expect(noAddress.json().error.message).toBe('This message has no e-mail address to reply to');
      expect(await ctx.database.db.$count(emailOutbox)).toBe(mailsBefore);
      expect(await auditOf(anonymous!.id)).toEqual([]);
      const items = (await get('/api/admin/inbox?kind=contact&handled=all')).json().items as { id: string; replies: unknown[]; handledAt: string | null }[];
      expect(items.find((i) => i.id === contact!.id)).toMatchObject({ replies: [], handledAt: null });
    });

    it('sums up what waits for the team', async () => {
      const open = (await get('/api/admin/applications?status=open')).json().total;
      const disputesOpen = (await get('/api/admin/disputes?status=open')).json().total;
      const { unhandled } = (await get('/api/admin/inbox')).json();
      expect((await get('/api/admin/summary')).json()).toEqual({
        applications: open,
        disputes: disputesOpen,
        inbox: unhandled.contact + unhandled.partner + unhandled.match + unhandled.private_feedback,
      });
      expect(open + disputesOpen).toBeGreaterThan(0);
    });

    it('shows the audit trail newest first with the actor, paginated', async () => {
      const res = (await get('/api/admin/audit?pageSize=2')).json();
      expect(res.pageSize).toBe(2);
      expect(res.items).toHaveLength(2);
      expect(res.total).toBeGreaterThanOrEqual(5);
      expect(res.items[0].actor).toEqual({ id: admin.id, name: 'Alex Admin', email: 'admin@example.com' });
      const all = (await get('/api/admin/audit?pageSize=100')).json().items as { createdAt: string }[];
      expect(all.map((a) => a.createdAt)).toEqual([...all.map((a) => a.createdAt)].sort().reverse());
      const rows = await ctx.database.db
        .select({ n: count() })
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.actorId, admin.id)));
      expect(rows[0]!.n).toBe(res.total);
    });
  });
});
