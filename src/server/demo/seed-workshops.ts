/**
 * Demo workshops (docs/product.md "Workshops"): four upcoming published workshops by demo experts — one free, one
 * nearly full (its seats booked and paid by demo reviewers, held like any seat) — so /workshops shows real data on a
 * fresh start. Times relative to `now`, at 02:00 UTC 9–14 days ahead, where no demo session is.
 */
import { randomUUID } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { experts, paymentEvents, payments, sessions, user, workshops } from '../db/schema.js';
import { sessionRows } from './seed-reviews.js';

const day = 86_400_000;

const demo = [
  { days: 9, title: 'Interview answers that land', topic: 'Job Interview Mastery', minutes: 90, capacity: 12, priceCents: 1500, seats: 0 },
  { days: 10, title: 'Your CV in 60 minutes', topic: 'Job Search & Career Pivoting', minutes: 60, capacity: 20, priceCents: 0, seats: 0 },
  { days: 12, title: 'Personal branding on LinkedIn', topic: 'Personal Branding', minutes: 60, capacity: 6, priceCents: 1200, seats: 5 },
  { days: 14, title: 'Planning a postgraduate application', topic: 'Postgraduate Planning', minutes: 120, capacity: 10, priceCents: 1000, seats: 0 },
] as const;

/**
 * Seeds the demo workshops and the nearly full one's seats. Each is hosted by the earliest demo expert, not already
 * hosting one, whose expertise has the workshop's topic; nothing when some topic has no such expert.
 */
export async function seedWorkshops(db: Db | Tx, now = new Date()): Promise<void> {
  const candidates = await db.select().from(experts).orderBy(asc(experts.createdAt), asc(experts.slug));
  const hosts: (typeof candidates)[number][] = [];
  for (const d of demo) {
    const host = candidates.find((e) => e.expertise.includes(d.topic) && !hosts.includes(e));
    if (!host) return;
    hosts.push(host);
  }
  const midnight = Math.floor(now.getTime() / day) * day;
  const rows = demo.map((d, i) => {
    const startsAt = new Date(midnight + d.days * day + 2 * 3_600_000);
    return {
      id: randomUUID(),
      expertId: hosts[i]!.id,
      title: d.title,
      description: `${d.title}: a live small-group workshop with exercises and time for your questions.`,
      topic: d.topic,
      startsAt,
      endsAt: new Date(startsAt.getTime() + d.minutes * 60_000),
      durationMinutes: d.minutes,
      capacity: d.capacity,
      priceCents: d.priceCents,
      status: 'published',
      publishedAt: now,
      meetingUrl: `https://meet.jit.si/mentora-workshop${randomUUID().replace(/-/g, '')}`,
    };
  });
  await db.insert(workshops).values(rows);
  const reviewers = await db
    .select()
    .from(user)
    .where(
      inArray(user.email, ['jordan.lee@example.com', 'maya.patel@example.com', 'liam.walsh@example.com', 'zara.ahmed@example.com', 'noah.fischer@example.com']),
    );
  const seats = demo.flatMap((d, i) =>
    reviewers.slice(0, d.seats).map((r) =>
      sessionRows({
        clientId: r.id,
        clientName: `${r.firstName} ${r.lastName}`,
        expert: hosts[i]!,
        startsAt: rows[i]!.startsAt,
        minutes: d.minutes,
        topic: d.title,
        status: 'booked',
        workshop: { id: rows[i]!.id, priceCents: d.priceCents, meetingUrl: rows[i]!.meetingUrl },
      }),
    ),
  );
  if (!seats.length) return;
  await db.insert(sessions).values(seats.map((r) => r.session));
  await db.insert(payments).values(seats.map((r) => r.payment));
  await db.insert(paymentEvents).values(seats.flatMap((r) => r.events));
}
