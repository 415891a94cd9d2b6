/**
 * An invited list's deliveries (docs/product.md "Access programmes"): invitations go out through the outbox to a real
 * SMTP server (`smtp-server`) that refuses one recipient with a permanent 550; that invitation shows as not delivered
 * with the server's reply, at once and never retried, and the others as sent. Only the programme's managers see it.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema.js';
import { deliverDueEmails } from '../../src/server/infra/mail/outbox.js';
import { smtpTransport } from '../../src/server/infra/mail/transport.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { fundedOrganisation } from '../helpers/partners.js';
import { smtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

const from = 'Mentora <no-reply@mentora.example>';
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

describe("an invited list's deliveries", () => {
  let ctx: TestContext;
  let sink: SmtpSink;
  let calls = 0;
  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: `127.6.${Math.floor(++calls / 250) % 250}.${(calls % 250) + 1}`,
      headers: { origin, cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    [ctx, sink] = await Promise.all([createTestApp(), smtpSink({ refuse: (address) => address === 'gone@north.example' })]);
  });
  afterAll(async () => {
    await sink.stop();
    await ctx.close();
  });

  it('shows a refused invitation as not delivered with the server reply, the others as sent, to its managers only', async () => {
    const admin = await createUser(ctx, { email: 'bounces-admin@example.com', role: 'admin' });
    const manager = await createUser(ctx, { email: 'bounces-manager@north.example' });
    const otherManager = await createUser(ctx, { email: 'bounces-manager@other.example' });
    const orgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'North', manager, cents: 10_000 });
    const otherOrgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'Other', manager: otherManager, cents: 10_000 });
    const programmes = `/api/partner/organisations/${orgId}/programmes`;
    const made = await call('POST', programmes, manager.cookie, { name: 'Invited cohort', startsOn: inDays(0), endsOn: inDays(30), joinRule: 'invited' });
    expect(made.statusCode, made.body).toBe(201);
    const url = `${programmes}/${made.json().id}`;
    const uploaded = await call('POST', `${url}/invitations`, manager.cookie, { csv: 'ana@north.example\ngone@north.example\nbo@north.example\n' });
    expect(uploaded.json()).toMatchObject({ invited: 3 });

    // Before the outbox runs, every invitation is on its way.
    const queued = (await call('GET', url, manager.cookie)).json();
    expect(queued.invitations.map((i: { delivery: string }) => i.delivery)).toEqual(['sending', 'sending', 'sending']);

    const transport = smtpTransport(sink.url, from);
    await deliverDueEmails(ctx.database.db, transport, { maxAttempts: 8 });
    const detail = (await call('GET', url, manager.cookie)).json();
    expect(detail.notDelivered).toBe(1);
    expect(detail.invitations).toEqual([
      expect.objectContaining({ email: 'ana@north.example', delivery: 'sent', deliveryError: null }),
      expect.objectContaining({ email: 'bo@north.example', delivery: 'sent', deliveryError: null }),
      expect.objectContaining({ email: 'gone@north.example', delivery: 'not_delivered', deliveryError: expect.stringMatching(/^550 .*Mailbox unavailable/) }),
    ]);
    // Refused for good at the first try: failed at once, not retried (RFC 5321 §4.2.1).
    const [refused] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'gone@north.example'));
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    const arrived = sink.messages.filter((m) => m.subject === 'North funds your mentoring on Mentora');
    expect(arrived).toHaveLength(2);

    // The corrected address, uploaded again, gets its own invitation; the refused one stays listed as not delivered.
    expect((await call('POST', `${url}/invitations`, manager.cookie, { csv: 'gone@north.example\ngone.ok@north.example' })).json()).toMatchObject({
      invited: 1,
      alreadyInvited: ['gone@north.example'],
    });
    await deliverDueEmails(ctx.database.db, transport);
    const corrected = (await call('GET', url, manager.cookie)).json();
    expect(corrected.invitations.find((i: { email: string }) => i.email === 'gone.ok@north.example')).toMatchObject({ delivery: 'sent' });
    expect(corrected.notDelivered).toBe(1);

    // A manager of another organisation sees nothing of it, through their own organisation's address or this one's.
    expect((await call('GET', url, otherManager.cookie)).statusCode).toBe(404);
    expect((await call('GET', url.replace(orgId, otherOrgId), otherManager.cookie)).statusCode).toBe(404);
  });
});
