/** Public forms stored for real: contact, partner enquiry, custom match request (docs/product.md "Enquiries"). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox, matchRequests, partnerEnquiries } from '../../src/server/db/schema.js';
import { messages } from '../../src/shared/messages.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser } from '../helpers/auth.js';

let ctx: TestContext;
let ipSeq = 0;

/** POSTs JSON from a fresh client IP (so the per-IP rate limit only bites where a test wants it to). */
function post(url: string, payload: unknown, opts: { cookie?: string; ip?: string } = {}) {
  ipSeq += 1;
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    remoteAddress: opts.ip ?? `10.1.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`,
  });
}

const validation = (message: string) => ({ error: { code: 'VALIDATION', message } });

const contact = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Booking question', message: 'How do I book an intro call?' };
const partner = {
  name: 'Robin Hale',
  email: 'robin@uni.example',
  businessType: 'University',
  description: 'We are a university careers office.\nWe want mentoring for 200 students.',
};
const search = {
  firstName: 'Sam',
  lastName: 'Lee',
  email: 'sam@example.com',
  countryCode: '+61',
  mobileNumber: '0412 345 678',
  requestText: 'A data scientist who can review my portfolio',
};

const count = async (table: typeof contactMessages | typeof partnerEnquiries | typeof matchRequests | typeof emailOutbox) =>
  (await ctx.database.db.select().from(table)).length;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('POST /api/contact', () => {
  it('stores an anonymous message (201 { id }) and queues an acknowledgement to the sender', async () => {
    const res = await post('/api/contact', contact);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ ...contact, userId: null, handledAt: null });
    const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, contact.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'pending', subject: 'We received your message' });
    expect(mails[0]!.text).toContain('within 24 hours');
    expect(mails[0]!.text).not.toContain(contact.message);
  });

  it('defaults a blank or missing subject', async () => {
    for (const subject of ['   ', undefined]) {
      const res = await post('/api/contact', { ...contact, subject });
      expect(res.statusCode).toBe(201);
      const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
      expect(row!.subject).toBe(messages.contact.defaultSubject);
    }
  });

  it.each([
    ['name missing', { ...contact, name: undefined }, messages.contact.requiredFields],
    ['blank name', { ...contact, name: '   ' }, messages.contact.requiredFields],
    ['email missing', { ...contact, email: '' }, messages.contact.requiredFields],
    ['blank message', { ...contact, message: ' \n ' }, messages.contact.requiredFields],
    ['no body at all', undefined, messages.contact.requiredFields],
    ['malformed email', { ...contact, email: 'ada-at-example' }, messages.auth.invalidEmail],
    ['message over 5000 characters', { ...contact, message: 'x'.repeat(5001) }, 'Must be 5000 characters or fewer'],
  ])('refuses %s with 400 in the product wording and stores nothing', async (_label, body, message) => {
    const [before, mailsBefore] = [await count(contactMessages), await count(emailOutbox)];
    const res = await post('/api/contact', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(validation(message));
    expect(await count(contactMessages)).toBe(before);
    expect(await count(emailOutbox)).toBe(mailsBefore);
  });
});

describe('POST /api/partner-enquiries', () => {
  it('stores an anonymous enquiry, keeping the multi-line description', async () => {
    const res = await post('/api/partner-enquiries', partner);
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(partnerEnquiries).where(eq(partnerEnquiries.id, res.json().id));
    expect(row).toMatchObject({ ...partner, userId: null });
  });

  it.each([
    ['name missing', { ...partner, name: undefined }],
    ['e-mail missing', { ...partner, email: undefined }],
    ['business type missing', { ...partner, businessType: undefined }],
    ['blank business type', { ...partner, businessType: '  ' }],
    ['description missing', { ...partner, description: undefined }],
    ['blank description', { ...partner, description: '\n\n' }],
  ])('refuses %s with 400 and stores nothing', async (_label, body) => {
    const before = await count(partnerEnquiries);
    const res = await post('/api/partner-enquiries', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(validation(messages.partner.requiredFields));
    expect(await count(partnerEnquiries)).toBe(before);
  });
});

describe('POST /api/match-requests', () => {
  it('stores an anonymous request with trimmed text', async () => {
    const res = await post('/api/match-requests', { ...search, requestText: `  ${search.requestText}\n` });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(matchRequests).where(eq(matchRequests.id, res.json().id));
    expect(row).toMatchObject({ ...search, userId: null });
  });

  it('accepts exactly 400 characters of request text', async () => {
    const res = await post('/api/match-requests', { ...search, requestText: 'x'.repeat(400) });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(matchRequests).where(eq(matchRequests.id, res.json().id));
    expect(row!.requestText).toHaveLength(400);
  });

  it.each([
    ['first name missing', { ...search, firstName: '' }, messages.search.personalFields],
    ['last name blank', { ...search, lastName: '  ' }, messages.search.personalFields],
    ['email missing', { ...search, email: undefined }, messages.search.personalFields],
    ['country code missing', { ...search, countryCode: '' }, messages.search.personalFields],
    ['country code not offered', { ...search, countryCode: '+7' }, messages.search.personalFields],
    ['mobile number missing', { ...search, mobileNumber: '' }, messages.search.personalFields],
    ['every field empty', {}, messages.search.personalFields],
    ['request text missing', { ...search, requestText: undefined }, messages.search.requestText],
    ['request text blank', { ...search, requestText: '   \n' }, messages.search.requestText],
    ['request text of 401 characters', { ...search, requestText: 'x'.repeat(401) }, messages.search.tooLong],
    ['malformed email', { ...search, email: 'sam@' }, messages.auth.invalidEmail],
    ['mobile number with letters', { ...search, mobileNumber: 'call me maybe' }, messages.search.invalidMobile],
  ])('refuses %s with 400 in the product wording and stores nothing', async (_label, body, message) => {
    const before = await count(matchRequests);
    const res = await post('/api/match-requests', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(validation(message));
    expect(await count(matchRequests)).toBe(before);
  });
});

describe('signed-in submissions', () => {
  it.each([
    ['/api/contact', contact, contactMessages, 'client'],
    ['/api/partner-enquiries', partner, partnerEnquiries, 'expert'],
    ['/api/match-requests', search, matchRequests, 'client'],
  ] as const)('%s stores the account id of the %s who sent it', async (url, body, table, role) => {
    const user = await createUser(ctx, { email: `${role}${url.replaceAll('/', '-')}@example.com`, role });
    const res = await post(url, body, { cookie: user.cookie });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(table).where(eq(table.id, res.json().id));
    expect(row!.userId).toBe(user.id);
  });
});

describe('rate limit', () => {
  it.each([
    ['/api/contact', contact, contactMessages, '192.0.2.1'],
    ['/api/partner-enquiries', partner, partnerEnquiries, '192.0.2.2'],
    ['/api/match-requests', search, matchRequests, '192.0.2.3'],
  ] as const)('%s answers 429 after 5 submissions a minute from one IP, storing nothing more', async (url, body, table, ip) => {
    for (let i = 0; i < 5; i++) expect((await post(url, body, { ip })).statusCode).toBe(201);
    const before = await count(table);
    const res = await post(url, body, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: { code: 'RATE_LIMITED', message: messages.common.rateLimited } });
    expect(await count(table)).toBe(before);
    expect((await post(url, body, { ip: '198.51.100.7' })).statusCode).toBe(201);
  });
});
