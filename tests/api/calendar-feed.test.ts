/**
 * The private calendar feed (docs/product.md "Calendar feed"; docs/security.md "Calendar feed address"), read the way a
 * calendar program reads it: over HTTP without a cookie, parsed by an independent parser (ical.js, as the invites
 * are in invites-and-zones.test.ts).
 */
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, emailOutbox } from '../../src/server/db/schema.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';
import { inviteOf } from '../helpers/invites.js';
import { book, createExpert, shift, slotIn } from '../helpers/marketplace.js';

const json = { origin, 'content-type': 'application/json' };
type User = Awaited<ReturnType<typeof createUser>>;

/** The feed as a calendar program reads it: the calendar's properties and each event's. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    method: calendar.getFirstPropertyValue('method'),
    name: calendar.getFirstPropertyValue('x-wr-calname') ?? null,
    ttl: String(calendar.getFirstPropertyValue('x-published-ttl')),
    refresh: String(calendar.getFirstPropertyValue('refresh-interval')),
    events: calendar.getAllSubcomponents('vevent').map((e) => ({
      uid: String(e.getFirstPropertyValue('uid')),
      sequence: Number(e.getFirstPropertyValue('sequence')),
      start: (e.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      end: (e.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
      startZone: (e.getFirstPropertyValue('dtstart') as ICAL.Time).zone?.tzid,
      summary: String(e.getFirstPropertyValue('summary')),
      location: e.getFirstPropertyValue('location'),
      url: e.getFirstPropertyValue('url'),
      description: String(e.getFirstPropertyValue('description')),
    })),
  };
}

/** Session `s`'s event in its client's calendar (feed or download), but its UID and SEQUENCE: times in UTC, the expert named. */
const clientsEvent = (s: { id: string; startsAt: string; endsAt: string; meetingUrl: string }) => ({
  start: new Date(s.startsAt).toISOString(),
  end: new Date(s.endsAt).toISOString(),
  startZone: 'UTC',
  summary: 'Mentora session with Erin Expert',
  location: s.meetingUrl,
  url: s.meetingUrl,
  description: `Topic: Career change into product management\nJoin: ${s.meetingUrl}\nSession page: http://localhost:3000/session/${s.id}`,
});

describe('calendar feed', () => {
  let ctx: TestContext;
  let client: User;
  let other: User;
  let expert: Awaited<ReturnType<typeof createExpert>>;
  const logLines: string[] = [];

  const create = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: { ...json, cookie }, payload: {} });
  const status = (cookie: string) => ctx.app.inject({ url: '/api/me/calendar-feed', headers: { cookie } });
  /** GET of `url` (a full address) as a calendar program: no cookie, no origin. */
  const fetchFeed = (url: string) => ctx.app.inject({ url: new URL(url).pathname });
  const feedOf = async (url: string) => {
    const res = await fetchFeed(url);
    expect(res.statusCode, res.body).toBe(200);
    return parseFeed(res.body);
  };
  const bookAt = async (hours: number) => {
    const res = await book(ctx, client.cookie, { expertId: expert.expert.slug, startsAt: slotIn(hours) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().session as { id: string; startsAt: string; endsAt: string; meetingUrl: string };
  };
  const cancel = (id: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/sessions/${id}/cancel`, headers: { ...json, cookie: client.cookie }, payload: { reason: 'Plans changed' } });

  beforeAll(async () => {
    ctx = await createTestApp({}, { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } });
    client = await createUser(ctx, { email: 'feed-client@example.com', firstName: 'Fay', lastName: 'Client' });
    other = await createUser(ctx, { email: 'feed-other@example.com' });
    expert = await createExpert(ctx, { email: 'feed-expert@example.com' });
  });
  afterAll(() => ctx?.close());

  it('has no address until one is made; signed-out callers are asked to sign in', async () => {
    expect((await status(client.cookie)).json()).toEqual({ exists: false, createdAt: null });
    expect((await ctx.app.inject({ url: '/api/me/calendar-feed' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: json, payload: {} })).statusCode).toBe(401);
  });

  it("lists the user's sessions with the invites' UID and SEQUENCE, as client and as expert, in UTC, with no cookie", async () => {
    await ctx.database.db.delete(emailOutbox);
    const s = await bookAt(30);
    const made = await create(client.cookie);
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await status(client.cookie)).json()).toEqual({ exists: true, createdAt: expect.any(String) });

    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const feed = parseFeed(res.body);
    expect(feed).toMatchObject({ method: 'PUBLISH', name: 'Mentora sessions', ttl: 'PT1H', refresh: 'PT1H' });
    expect(res.body).not.toContain('METHOD:REQUEST');

    // The UID is the one of the invite in the booking e-mail.
    const [mail] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'feed-client@example.com'));
    const invite = new ICAL.Component(ICAL.parse(mail!.attachments!.find((a) => a.filename.endsWith('.ics'))!.content));
    const inviteUid = String(invite.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid'));
    expect(feed.events).toEqual([{ ...clientsEvent(s), uid: inviteUid, sequence: 0 }]);

    // The expert's own feed shows the same session, naming the client.
    const expertFeed = await feedOf((await create(expert.cookie)).json().url);
    expect(expertFeed.events.map((e) => [e.uid, e.summary])).toEqual([[inviteUid, 'Mentora session with Fay Client']]);
  });

  it("shows a new booking at the next read and drops a cancelled one; never another user's sessions", async () => {
    const { url } = (await create(client.cookie)).json();
    const otherUrl = (await create(other.cookie)).json().url;
    const before = (await feedOf(url)).events.length;
    const s = await bookAt(40);
    const uids = async () => (await feedOf(url)).events.map((e) => e.uid);
    expect(await uids()).toContain(`${s.id}@mentora`);
    expect((await feedOf(url)).events).toHaveLength(before + 1);
    expect((await feedOf(otherUrl)).events).toEqual([]);

    expect((await cancel(s.id)).statusCode).toBe(200);
    expect(await uids()).not.toContain(`${s.id}@mentora`);
    expect((await feedOf(url)).events).toHaveLength(before);
  });

  it('ends every line of the feed and of the invites with CRLF, the last one after END:VCALENDAR included (RFC 5545 §3.1)', async () => {
    await ctx.database.db.delete(emailOutbox);
    await bookAt(45);
    const [mail] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'feed-expert@example.com'));
    const invite = mail!.attachments!.find((a) => a.filename.endsWith('.ics'))!.content;
    // From an address of its own: the other tests use up the per-address limit of new feed addresses.
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/calendar-feed',
      remoteAddress: '127.9.0.1',
      headers: { ...json, cookie: expert.cookie },
      payload: {},
    });
    const feed = (await fetchFeed(made.json().url)).body;
    for (const text of [feed, invite]) {
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(new ICAL.Component(ICAL.parse(text)).name).toBe('vcalendar');
    }
  });

  it("downloads one session's event from its page for either party, with the invite's UID and SEQUENCE, updated when it moves", async () => {
    await ctx.database.db.delete(emailOutbox);
    const s = await bookAt(70);
    const download = (cookie?: string) => ctx.app.inject({ url: `/api/sessions/${s.id}/calendar.ics`, headers: cookie ? { cookie } : {} });
    const res = await download(client.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="mentora-session-${s.startsAt.slice(0, 10)}.ics"`);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const file = parseFeed(res.body);
    const [mail] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'feed-client@example.com'));
    const invite = inviteOf(mail!);
    expect(file.method).toBe('PUBLISH');
    expect(file.name).toBeNull();
    expect(file.events).toEqual([{ ...clientsEvent(s), uid: invite.uid, sequence: invite.sequence }]);
    // The expert's copy names the client; nobody else gets one.
    expect(parseFeed((await download(expert.cookie)).body).events.map((e) => e.summary)).toEqual(['Mentora session with Fay Client']);
    expect((await download(other.cookie)).statusCode).toBe(403);
    expect((await download()).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/sessions/not-a-session/calendar.ics', headers: { cookie: client.cookie } })).statusCode).toBe(404);

    // Moved: the file carries the moved invite's SEQUENCE, so a calendar holding the first copy updates it.
    await ctx.database.db.delete(emailOutbox);
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${s.id}/reschedule`,
      headers: { ...json, cookie: client.cookie },
      payload: { startsAt: slotIn(74) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [update] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'feed-client@example.com'));
    const [event] = parseFeed((await download(client.cookie)).body).events;
    expect(inviteOf(update!).sequence).toBe(1);
    expect(event).toMatchObject({ uid: invite.uid, sequence: 1, start: new Date(slotIn(74)).toISOString() });

    // Cancelled: nothing to add, said in the product's words.
    expect((await cancel(s.id)).statusCode).toBe(200);
    const gone = await download(client.cookie);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.message).toBe('This session is not booked, so there is nothing to add to a calendar');
  });

  it('keeps the last 30 days and drops older sessions', async () => {
    const { url } = (await create(client.cookie)).json();
    const recent = await bookAt(50);
    const old = await bookAt(60);
    await shift(ctx, recent.id, -50 - 29 * 24); // started 29 days ago
    await shift(ctx, old.id, -60 - 31 * 24); // started 31 days ago
    const uids = (await feedOf(url)).events.map((e) => e.uid);
    expect(uids).toContain(`${recent.id}@mentora`);
    expect(uids).not.toContain(`${old.id}@mentora`);
  });

  it('a reset makes the old address answer 404 and the new one 200; unknown and malformed tokens answer 404 alike', async () => {
    const first = (await create(client.cookie)).json().url as string;
    expect((await fetchFeed(first)).statusCode).toBe(200);
    const second = (await create(client.cookie)).json().url as string;
    expect(second).not.toBe(first);
    const gone = await fetchFeed(first);
    expect(gone.statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
    for (const path of ['/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', '/calendar/garbage.ics', "/calendar/'%20or%201=1.ics"]) {
      const res = await ctx.app.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toBe(gone.body);
    }
  });

  it('stores only a hash of the token, and never logs the address', async () => {
    logLines.length = 0;
    const { url } = (await create(client.cookie)).json();
    const token = /\/calendar\/([^/]+)\.ics$/.exec(url)![1]!;
    const rows = await ctx.database.db.select().from(calendarFeeds);
    expect(JSON.stringify(rows)).not.toContain(token);
    const [row] = rows.filter((r) => r.userId === client.id);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The old address after a reset is answered 404, which is logged: the line has no token.
    await create(client.cookie);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    const lines = logLines.filter((l) => l.includes('/calendar/'));
    expect(lines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(token);
    expect(lines.every((l) => l.includes('/calendar/[redacted]'))).toBe(true);
  });
});
