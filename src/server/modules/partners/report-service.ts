/**
 * An organisation's report for its managers (docs/product.md "Reports"): balances, the credit spent in all and per
 * UTC week, and per programme its members, sessions booked / completed / cancelled and credit used. Counts and sums
 * only: no member, topic, message or feedback is read here. The caller checked that the account manages it.
 */
import { and, count, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import { cancelledStatuses, completedStatuses, reportWeeks } from '../../../shared/partner-reports.js';
import type { PartnerReport } from '../../../shared/schemas/partner-reports.js';
import type { Db } from '../../db/client.js';
import { creditLedger, organisations, programmeBookings, sessions } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { partnerMessages as m } from '../../../shared/partners.js';
import { clock } from '../../clock.js';
import { listProgrammes } from './programme-service.js';

/** Credit spent, in cents: a 'spend' entry takes it out of the reserved credit (decision 031). */
const spentCents = sql<number>`coalesce(-sum(${creditLedger.reservedChangeCents}), 0)::int`;
/** The Monday of an entry's UTC week, read in UTC whatever the database session's time zone. */
const entryWeek = sql<string>`to_char(date_trunc('week', ${creditLedger.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

/**
 * GET /api/partner/organisations/{id}/report: the organisation's report at `now` (PartnerReport; cents, UTC weeks from
 * Monday, the last 12). 404 'Organisation not found' for an unknown organisation.
 */
export async function getReport(db: Db, organisationId: string, now = clock.now()): Promise<PartnerReport> {
  const weeks = reportWeeks(now);
  const spends = and(eq(creditLedger.organisationId, organisationId), eq(creditLedger.kind, 'spend'));
  const [[o], [total], byWeek, programmes, counts] = await Promise.all([
    db
      .select({ balanceCents: organisations.balanceCents, reservedCents: organisations.reservedCents })
      .from(organisations)
      .where(eq(organisations.id, organisationId)),
    db.select({ cents: spentCents }).from(creditLedger).where(spends),
    db
      .select({ week: entryWeek, cents: spentCents })
      .from(creditLedger)
      .where(and(spends, gte(creditLedger.createdAt, new Date(`${weeks[0]}T00:00:00Z`))))
      .groupBy(entryWeek),
    listProgrammes(db, organisationId),
    db
      .select({
        programmeId: programmeBookings.programmeId,
        booked: count(),
        completed: sum(sql`(${inArray(sessions.status, [...completedStatuses])})::int`).mapWith(Number),
        cancelled: sum(sql`(${inArray(sessions.status, [...cancelledStatuses])})::int`).mapWith(Number),
      })
      .from(programmeBookings)
      .innerJoin(sessions, eq(sessions.id, programmeBookings.sessionId))
      .where(eq(programmeBookings.organisationId, organisationId))
      .groupBy(programmeBookings.programmeId),
  ]);
  if (!o) throw new AppError('NOT_FOUND', m.organisationNotFound);
  const spentByWeek = new Map(byWeek.map((w) => [w.week, w.cents]));
  const countsOf = new Map(counts.map((c) => [c.programmeId, c]));
  return {
    ...o,
    spentCents: total?.cents ?? 0,
    weeks: weeks.map((weekStart) => ({ weekStart, spentCents: spentByWeek.get(weekStart) ?? 0 })),
    programmes: programmes.items.map((p) => {
      const c = countsOf.get(p.id);
      return {
        id: p.id,
        name: p.name,
        status: p.status,
        members: p.members,
        sessionsBooked: c?.booked ?? 0,
        sessionsCompleted: c?.completed ?? 0,
        sessionsCancelled: c?.cancelled ?? 0,
        creditUsedCents: p.creditUsedCents,
      };
    }),
  };
}
