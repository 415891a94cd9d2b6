/**
 * What the workshop use cases share (docs/product.md "Workshops"): the select of a workshop with its expert and its
 * ratings, the API view of a row, the signed-in expert's profile, and the database refusals in the product's words.
 */
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MyWorkshopView, WorkshopView } from '../../../shared/schemas/workshops.js';
import { type CancellationPolicy } from '../../../shared/sessions.js';
import { seatsLeft, workshopMessages, type WorkshopStatus } from '../../../shared/workshops.js';
import type { CurrentUser } from '../../auth/plugin.js';
import type { Db, Tx } from '../../db/client.js';
import { pgError } from '../../db/errors.js';
import { qualified as q } from '../../db/qualified.js';
import { experts, organisations, sessions, workshops, workshopSponsorships, workshopWaitlist } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { fileUrlPrefix } from '../files/service.js';
import { workshopMoney } from '../payouts/earnings-service.js';

/**
 * The average score (2 decimals) and count of the public reviews (the public_reviews view: paid seats that took
 * place, migration 0029) of the seats matching `seats` (SQL over the seat `s`), as `{ average, count }` JSON, or
 * null without any. Read with the workshop, never kept: the workshop routes keep nothing.
 */
function ratingOf(seats: SQL) {
  return sql<{ average: number; count: number } | null>`(select case when count(*) = 0 then null
    else json_build_object('average', round(avg(r.score), 2)::float8, 'count', count(*)::int) end
    from public_reviews r join sessions s on s.id = r.session_id where ${seats})`;
}

/** The columns a workshop view reads: the workshop row, its expert's public identity and the ratings. */
export const workshopColumns = {
  workshop: workshops,
  expert: {
    id: experts.id,
    slug: experts.slug,
    name: experts.name,
    role: experts.role,
    timezone: experts.timezone,
    /** The policy a seat booked now keeps (docs/product.md "Cancellation policies"), shown before the seat is paid. */
    cancellationPolicy: experts.cancellationPolicy,
    userId: experts.userId,
    status: experts.status,
  },
  /** This workshop's own rating (docs/product.md "Workshops"). */
  rating: ratingOf(sql`s.workshop_id = ${q(workshops.id)}`),
  /** The rating of all the expert's workshops: what a visitor of an upcoming one can go by. */
  expertWorkshopRating: ratingOf(sql`s.workshop_id is not null and s.expert_id = ${q(workshops.expertId)}`),
  /** The organisation that offers the workshop with its expert, and its reserved seats left (docs/product.md "Sponsored workshops"). */
  sponsor: sql<Sponsor>`(select json_build_object('organisationName', o.name, 'seatsLeft',
    case when ws.released_at is null then ws.seats - ws.seats_taken else 0 end,
    'logoUrl', ${sql.raw(`'${fileUrlPrefix}'`)} || o.logo_file_id)
    from ${workshopSponsorships} ws join ${organisations} o on o.id = ws.organisation_id where ws.workshop_id = ${q(workshops.id)})`,
};
type Sponsor = { organisationName: string; seatsLeft: number; logoUrl: string | null } | null;
type Rating = { average: number; count: number } | null;
export type WorkshopRow = {
  workshop: typeof workshops.$inferSelect;
  expert: { id: string; slug: string; name: string; role: string; timezone: string; cancellationPolicy: string; userId: string | null; status: string };
  rating: Rating;
  expertWorkshopRating: Rating;
  sponsor: Sponsor;
};

/** Workshops with their expert matching `where`, as rows for `toWorkshopView`. */
export function selectWorkshops(db: Db | Tx, where: SQL | undefined) {
  return db.select(workshopColumns).from(workshops).innerJoin(experts, eq(experts.id, workshops.expertId)).where(where);
}

/** In a select from `workshops`: whether client `clientId` holds a live seat of the workshop (one per client, migration 0028). */
export function holdsSeat(clientId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${sessions} where ${q(sessions.workshopId)} = ${q(workshops.id)} and ${q(sessions.clientId)} = ${clientId} and ${q(sessions.status)} not in ('cancelled', 'expired'))`;
}

/** In a select from `workshops`: until when client `clientId` holds an offered seat of the workshop (UTC), or null. */
export function offerUntil(clientId: string): SQL<Date | null> {
  return sql`(select ${q(workshopWaitlist.offerExpiresAt)} from ${workshopWaitlist} where ${q(workshopWaitlist.workshopId)} = ${q(workshops.id)} and ${q(workshopWaitlist.clientId)} = ${clientId} and ${q(workshopWaitlist.status)} = 'offered')`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  );
}

/** The API shape of `row` (instants ISO UTC, money cents, ratings 1–5). */
export function toWorkshopView({ workshop: w, expert, rating, expertWorkshopRating, sponsor }: WorkshopRow): WorkshopView {
  return {
    id: w.id,
    title: w.title,
    description: w.description,
    topic: w.topic,
    startsAt: w.startsAt.toISOString(),
    endsAt: w.endsAt.toISOString(),
    durationMinutes: w.durationMinutes,
    capacity: w.capacity,
    seatsLeft: seatsLeft(w),
    priceCents: w.priceCents,
    currency: w.currency,
    minAttendance: w.minAttendance,
    status: w.status as WorkshopStatus,
    expert: {
      id: expert.id,
      slug: expert.slug,
      name: expert.name,
      role: expert.role,
      timezone: expert.timezone,
      cancellationPolicy: expert.cancellationPolicy as CancellationPolicy,
    },
    rating,
    expertWorkshopRating,
    sponsor,
  };
}

/**
 * The expert's own views of `rows`: the public view, the seats sold and offered, how many clients wait
 * (docs/product.md "Workshops") and each workshop's money from the payment ledger (payouts' `workshopMoney`).
 */
export async function toMyWorkshopViews(db: Db, rows: WorkshopRow[]): Promise<MyWorkshopView[]> {
  const ids = rows.map((r) => r.workshop.id);
  const [money, lines] = await Promise.all([
    workshopMoney(db, ids),
    ids.length === 0
      ? []
      : db
          .select({ id: workshopWaitlist.workshopId, waiting: count() })
          .from(workshopWaitlist)
          .where(and(inArray(workshopWaitlist.workshopId, ids), eq(workshopWaitlist.status, 'waiting')))
          .groupBy(workshopWaitlist.workshopId),
  ]);
  const waiting = new Map(lines.map((l) => [l.id, l.waiting]));
  return rows.map((row) => ({
    ...toWorkshopView(row),
    seatsSold: row.workshop.seatsSold,
    seatsOffered: row.workshop.seatsOffered,
    waiting: waiting.get(row.workshop.id) ?? 0,
    ...(money.get(row.workshop.id) ?? { earnedCents: 0, heldCents: 0, refundedCents: 0 }),
  }));
}

/** The expert profile of the signed-in expert `user` (id, zone, status); 403 when the account has none or is suspended. */
export async function ownExpert(db: Db | Tx, user: CurrentUser) {
  const [row] =
    user.role === 'expert'
      ? await db
          .select({ id: experts.id, timezone: experts.timezone, status: experts.status, currency: experts.currency })
          .from(experts)
          .where(eq(experts.userId, user.id))
          .limit(1)
      : [];
  if (!row || row.status === 'suspended') throw new AppError('FORBIDDEN', workshopMessages.onlyExperts);
  return row;
}

/**
 * The product's words for a workshop write refused by the expert's busy time (exclusion 23P01) or their daily
 * maximum of sessions (23514 from the trigger of migration 0034), or null.
 */
export function workshopWriteConflict(err: unknown): AppError | null {
  const { code, constraint } = pgError(err);
  if (code === '23P01' && constraint === 'expert_busy_no_overlap') return new AppError('CONFLICT', workshopMessages.expertClash);
  if (code === '23514' && constraint === 'workshops_expert_daily_limit') return new AppError('CONFLICT', workshopMessages.dayFull);
  return null;
}

/**
 * The workshop `id` of the expert `expertId`, locked in `tx` for a change (docs/product.md "Workshops"). 404 when it
 * is not theirs (or unknown), 409 when it is cancelled.
 */
export async function lockOwnWorkshop(tx: Tx, expertId: string, id: string) {
  const [w] = await tx
    .select()
    .from(workshops)
    .where(and(eq(workshops.id, id), eq(workshops.expertId, expertId)))
    .for('update');
  if (!w) throw new AppError('NOT_FOUND', workshopMessages.notFound);
  if (w.status === 'cancelled') throw new AppError('CONFLICT', workshopMessages.cancelled);
  return w;
}
