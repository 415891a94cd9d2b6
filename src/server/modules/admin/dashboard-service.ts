/** The console's dashboard (docs/product.md "Team console", "Dashboard"): the business per UTC day, aggregated in SQL. */
import { sql, type SQL } from 'drizzle-orm';
import type { DashboardDay, DashboardView } from '../../../shared/schemas/admin-dashboard.js';
import type { Db } from '../../db/client.js';
import { countOpenApplications } from './application-review-service.js';
import { clock } from '../../clock.js';

/**
 * GET /api/admin/dashboard?days=: for each UTC day of the last `days` days up to today (`now`): bookings made (paid or
 * free, not unfinished reservations) and their gross volume, Mentora's commission and refunds recorded on the ledger,
 * disputes opened and decided, new client accounts and new expert profiles; and the applications waiting now.
 */
export async function getDashboard(db: Db, days: number, now = clock.now()): Promise<DashboardView> {
  // JIT off: compiling this query costs more than running it (docs/performance.md "Console dashboard").
  const result = (await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(dashboardSeriesSql(days, now));
  })) as unknown as { rows: Record<keyof DashboardDay, string | number>[] };
  const series = result.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'date' ? String(v) : Number(v)])) as DashboardDay);
  return { days, series, applicationsWaiting: await countOpenApplications(db) };
}

/**
 * The dashboard's one query (also EXPLAINed by bench/console-dashboard.mjs): each measure is one grouped query over
 * its table's rows in the period, read by the created_at / resolved_at indexes of migration 0036 and grouped by
 * `date_bin` (UTC days by arithmetic; the date is made once per group, not per row). The grouped rows (a few per day)
 * are stacked with `union all` and summed per day of `generate_series`, so a day without rows is a zero. Not one join
 * per measure: the planner cannot tell that each matches one row per day, multiplies its guesses into millions of
 * rows and compiles the query (JIT). Rows: `date` (YYYY-MM-DD) and the DashboardDay measures (docs/performance.md
 * "Console dashboard").
 */
export function dashboardSeriesSql(days: number, now: Date): SQL {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  const until = new Date(to.getTime() + 86_400_000);
  const bin = (column: string) => sql.raw(`date_bin('1 day', ${column}, timestamptz '2000-01-01 00:00:00+00')`);
  const day = (column: string) => sql`(${bin(column)} at time zone 'UTC')::date`;
  const during = (column: string) => sql`${sql.raw(column)} >= ${from.toISOString()} and ${sql.raw(column)} < ${until.toISOString()}`;
  return sql`
    with days as (select d::date as date from generate_series(${from.toISOString()}::timestamptz at time zone 'UTC', ${to.toISOString()}::timestamptz at time zone 'UTC', interval '1 day') d),
    measures (date, bookings, gross, fee, refund, opened, decided, clients, experts) as (
      select ${day('created_at')}, count(*), sum(total_amount_cents), 0, 0, 0, 0, 0, 0 from sessions
        where ${during('created_at')} and status not in ('pending_payment', 'expired') group by ${bin('created_at')}
      union all
      select ${day('created_at')}, 0, 0, sum(amount_cents) filter (where type = 'fee'), sum(amount_cents) filter (where type = 'refund'), 0, 0, 0, 0
        from payment_events where ${during('created_at')} and type in ('fee', 'refund') group by ${bin('created_at')}
      union all
      select ${day('created_at')}, 0, 0, 0, 0, count(*), 0, 0, 0 from disputes where ${during('created_at')} group by ${bin('created_at')}
      union all
      select ${day('resolved_at')}, 0, 0, 0, 0, 0, count(*), 0, 0 from disputes where ${during('resolved_at')} group by ${bin('resolved_at')}
      union all
      select ${day('created_at')}, 0, 0, 0, 0, 0, 0, count(*), 0 from "user" where role = 'client' and ${during('created_at')} group by ${bin('created_at')}
      union all
      select ${day('created_at')}, 0, 0, 0, 0, 0, 0, 0, count(*) from experts where ${during('created_at')} group by ${bin('created_at')})
    select to_char(days.date, 'YYYY-MM-DD') as "date",
      coalesce(sum(m.bookings), 0)::int as "bookings", coalesce(sum(m.gross), 0)::bigint as "grossCents",
      coalesce(sum(m.fee), 0)::bigint as "commissionCents", coalesce(sum(m.refund), 0)::bigint as "refundsCents",
      coalesce(sum(m.opened), 0)::int as "disputesOpened", coalesce(sum(m.decided), 0)::int as "disputesDecided",
      coalesce(sum(m.clients), 0)::int as "newClients", coalesce(sum(m.experts), 0)::int as "newExperts"
    from days left join measures m using (date)
    group by days.date
    order by days.date`;
}
