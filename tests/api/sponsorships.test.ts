/**
 * Sponsored workshops (docs/product.md "Sponsored workshops"): a manager reserves seats of a published workshop for a
 * programme; the public can never buy them; a member takes one paid in full from the wallet (no card) whatever the
 * programme's own cover; concurrent members never take more than were reserved; the release job returns the seats
 * nobody took to public sale 48 hours before the start, once across servers. The ledger's sums equal the balance row.
 * Runs on PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, organisations, workshops, workshopSponsorships } from '../../src/server/db/schema.js';
import { releaseSponsoredSeats } from '../../src/server/modules/partners/sponsorship-service.js';
import { programmeMessages as pm } from '../../src/shared/programmes.js';
import { sponsorshipMessages as sm } from '../../src/shared/sponsorships.js';
import { workshopMessages } from '../../src/shared/workshops.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { createExpert, visa as testCard } from '../helpers/marketplace.js';
import { fundedOrganisation } from '../helpers/partners.js';

const json = { origin, 'content-type': 'application/json' };
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

describe('sponsored workshops', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUser>>;
  let manager: Awaited<ReturnType<typeof createUser>>;
  let otherManager: Awaited<ReturnType<typeof createUser>>;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  let orgId: string;
  let otherOrgId: string;
  let calls = 0;
  const call = (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object, headers: object = {}) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: `127.4.${Math.floor(++calls / 250) % 250}.${(calls % 250) + 1}`,
      headers: { ...(payload ? json : { origin }), ...(cookie ? { cookie } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  const sponsorships = (org = orgId) => `/api/partner/organisations/${org}/sponsorships`;
  const expectLedgerMatches = async (id = orgId) => {
    const [o] = await ctx.database.db.select().from(organisations).where(eq(organisations.id, id));
    const entries = await ctx.database.db.select().from(creditLedger).where(eq(creditLedger.organisationId, id));
    expect(entries.reduce((s, e) => s + e.amountCents, 0)).toBe(o!.balanceCents);
    expect(entries.reduce((s, e) => s + e.reservedChangeCents, 0)).toBe(o!.reservedCents);
    return o!;
  };
  const programme = async (org = orgId, who = manager) => {
    // A programme for one-to-one sessions only: a sponsored seat is paid whatever the programme covers.
    const made = await call('POST', `/api/partner/organisations/${org}/programmes`, who.cookie, {
      name: 'Cohort',
      startsOn: today(),
      endsOn: inDays(60),
      joinRule: 'code',
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: string; code: string };
  };
  const member = async (email: string, code: string) => {
    const u = await createUser(ctx, { email, firstName: 'Sam', lastName: email.split('@')[0]! });
    expect((await call('POST', '/api/me/programmes/join', u.cookie, { code })).statusCode).toBe(200);
    return u;
  };
  let days = 20;
  const workshop = async (capacity: number, priceCents = 1_500) => {
    const day = new Date(Date.now() + days++ * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Vancouver' });
    const made = await call('POST', '/api/me/workshops', expert.cookie, {
      title: 'Negotiating your first offer',
      description: 'How to answer an offer, with practice rounds.',
      topic: 'Job Interview Mastery',
      startsAtLocal: `${day}T10:00`,
      durationMinutes: 90,
      capacity,
      priceCents,
      minAttendance: null,
      publish: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: string; startsAt: string };
  };
  const seat = (workshopId: string, cookie: string, body: object) =>
    call('POST', `/api/workshops/${workshopId}/seats`, cookie, body, { 'idempotency-key': randomUUID() });

  beforeAll(async () => {
    ctx = await createTestApp({ PLATFORM_FEE_PERCENT: '10' });
    admin = await createUser(ctx, { email: 'sponsor-admin@example.com', role: 'admin' });
    manager = await createUser(ctx, { email: 'careers@south.example', firstName: 'Robin', lastName: 'Hale' });
    otherManager = await createUser(ctx, { email: 'hr@west.example', firstName: 'Bea', lastName: 'Other' });
    expert = await createExpert(ctx, { email: 'sponsor-expert@example.com', rateCents: 9_000, policy: 'flexible' });
    orgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'South', manager, cents: 10_000 });
    otherOrgId = await fundedOrganisation(ctx, { adminCookie: admin.cookie, name: 'West', manager: otherManager, cents: 10_000 });
  });
  afterAll(() => ctx?.close());

  it('a manager reserves seats; the public never buys them; a member takes one paid from the wallet with no card; refusals change nothing', async () => {
    const w = await workshop(3);
    const p = await programme();
    const free = await workshop(3, 0);
    const refuse = async (body: object, status: number, message: string, org = orgId, who = manager) => {
      const r = await call('POST', sponsorships(org), who.cookie, body);
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json().error.message).toBe(message);
    };
    await refuse({ programmeId: p.id, workshopId: free.id, seats: 1 }, 409, sm.free);
    await refuse({ programmeId: p.id, workshopId: w.id, seats: 51 }, 400, sm.seats);
    await refuse({ programmeId: p.id, workshopId: w.id, seats: 7 }, 409, sm.creditShort(7, 10_500));
    await refuse({ programmeId: p.id, workshopId: w.id, seats: 4 }, 409, sm.seatsLeft(3));
    await refuse({ programmeId: p.id, workshopId: w.id, seats: 2 }, 404, 'Organisation not found', orgId, otherManager);
    await refuse({ programmeId: p.id, workshopId: w.id, seats: 2 }, 404, pm.notFound, otherOrgId, otherManager);
    const made = await call('POST', sponsorships(), manager.cookie, { programmeId: p.id, workshopId: w.id, seats: 2 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().items).toEqual([expect.objectContaining({ workshopId: w.id, programmeId: p.id, seats: 2, seatsTaken: 0, releasedAt: null })]);
    await refuse({ programmeId: p.id, workshopId: w.id, seats: 1 }, 409, sm.alreadySponsored);
    expect((await call('GET', sponsorships(), otherManager.cookie)).statusCode).toBe(404);

    // Everyone sees who offers it; one seat is left for the public.
    const page = await call('GET', `/api/workshops/${w.id}`, null);
    expect(page.json()).toMatchObject({ seatsLeft: 1, sponsor: { organisationName: 'South', seatsLeft: 2 } });
    const buyer = await createUser(ctx, { email: 'public-buyer@example.com' });
    expect((await seat(w.id, buyer.cookie, { card: testCard })).statusCode).toBe(201);
    const late = await seat(w.id, (await createUser(ctx, { email: 'late-buyer@example.com' })).cookie, { card: testCard });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(workshopMessages.full);

    // A member is told the seat is covered and takes it with no card.
    const m = await member('student@south.example', p.code);
    const cover = await call('GET', `/api/me/programmes/cover?workshopId=${w.id}`, m.cookie);
    expect(cover.json().items).toEqual([expect.objectContaining({ ok: true, coveredCents: 1_500, youPayCents: 0, message: sm.yourSeatCovered('South') })]);
    const taken = await seat(w.id, m.cookie, { programmeId: p.id });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json().session.payment).toMatchObject({ amountCents: 1_500, creditCents: 1_500, provider: 'credit' });
    const [row] = await ctx.database.db.select().from(workshops).where(eq(workshops.id, w.id));
    expect(row).toMatchObject({ seatsSold: 2, seatsSponsored: 1 });
    // Someone outside the programme cannot use it.
    const outsider = await seat(w.id, (await createUser(ctx, { email: 'outsider@example.com' })).cookie, { programmeId: p.id });
    expect(outsider.statusCode).toBe(403);
    const o = await expectLedgerMatches();
    expect(o).toMatchObject({ balanceCents: 8_500, reservedCents: 1_500 });
  });

  it('the team sponsors a workshop for a programme from the console, in the same words, audited, and lists what the managers list', async () => {
    const w = await workshop(3);
    const p = await programme(otherOrgId, otherManager);
    const console = `/api/admin/organisations/${otherOrgId}/sponsorships`;
    expect((await call('GET', console, admin.cookie)).json()).toEqual({ items: [] });
    const refused = await call('POST', console, admin.cookie, { programmeId: p.id, workshopId: w.id, seats: 4 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(sm.seatsLeft(3));
    expect((await call('GET', console, admin.cookie)).json()).toEqual({ items: [] });
    const made = await call('POST', console, admin.cookie, { programmeId: p.id, workshopId: w.id, seats: 2 });
    expect(made.statusCode, made.body).toBe(201);
    const listed = (await call('GET', console, admin.cookie)).json();
    expect(listed.items).toEqual([expect.objectContaining({ workshopId: w.id, programmeId: p.id, programmeName: 'Cohort', seats: 2, seatsTaken: 0 })]);
    // The managers see the same sponsorship; a manager is refused the console's list.
    expect((await call('GET', sponsorships(otherOrgId), otherManager.cookie)).json()).toEqual(listed);
    expect((await call('GET', console, otherManager.cookie)).statusCode).toBe(403);
    const audit = (await call('GET', `/api/admin/organisations/${otherOrgId}/audit`, admin.cookie)).json();
    expect(audit.items[0]).toMatchObject({ action: 'workshop.sponsor' });
  });

  it('members racing for the reserved seats take exactly as many as were reserved; the rest are refused cleanly', async () => {
    const w = await workshop(4);
    const p = await programme();
    expect((await call('POST', sponsorships(), manager.cookie, { programmeId: p.id, workshopId: w.id, seats: 2 })).statusCode).toBe(201);
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => member(`racer${i}@south.example`, p.code)));
    const answers = await Promise.all(members.map((m) => seat(w.id, m.cookie, { programmeId: p.id })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const [row] = await ctx.database.db.select().from(workshops).where(eq(workshops.id, w.id));
    expect(row).toMatchObject({ seatsSold: 2, seatsSponsored: 0 });
    const [s] = await ctx.database.db.select().from(workshopSponsorships).where(eq(workshopSponsorships.workshopId, w.id));
    expect(s!.seatsTaken).toBe(2);
    await expectLedgerMatches();
  });

  it('the seats nobody took return to public sale 48 hours before the start, once across two servers', async () => {
    const w = await workshop(2);
    const p = await programme();
    expect((await call('POST', sponsorships(), manager.cookie, { programmeId: p.id, workshopId: w.id, seats: 2 })).statusCode).toBe(201);
    expect((await call('GET', `/api/workshops/${w.id}`, null)).json().seatsLeft).toBe(0);
    const starts = new Date(w.startsAt).getTime();
    const released = async (now: Date) => {
      const { db } = ctx.database;
      return (await Promise.all([releaseSponsoredSeats(db, now), releaseSponsoredSeats(db, now)])).reduce((a, b) => a + b, 0);
    };
    // Earlier workshops' sponsorships are released by this run; this one is still more than 48 hours away.
    await released(new Date(starts - 49 * 3_600_000));
    expect((await call('GET', `/api/workshops/${w.id}`, null)).json().seatsLeft).toBe(0);
    expect(await released(new Date(starts - 47 * 3_600_000))).toBe(1);
    expect(await released(new Date(starts - 46 * 3_600_000))).toBe(0);
    expect((await call('GET', `/api/workshops/${w.id}`, null)).json()).toMatchObject({ seatsLeft: 2, sponsor: { organisationName: 'South', seatsLeft: 0 } });
  });
});
