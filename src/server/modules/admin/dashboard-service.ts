/** The console's dashboard (docs/product.md "Team console", "Dashboard"): the business per UTC day, aggregated in SQL. */
import { sql } from 'drizzle-orm';
import type { DashboardDay, DashboardView } from '../../../shared/schemas/admin-dashboard.js';
import type { Db } from '../../db/client.js';
import { countOpenApplications } from './application-review-service.js';

/**
 * GET /api/admin/dashboard?days=: for each UTC day of the last `days` days up to today (`now`): bookings made (paid or
 * free, not unfinished reservations) and their gross volume, Mentora's commission and refunds recorded on the ledger,
 * disputes opened and decided, new client accounts and new expert profiles; and the applications waiting now. Each
 * measure is one grouped query over its table's rows in the period, joined to the days by `generate_series`.
 */
export async function getDashboard(db: Db, days: number, now = new Date()): Promise<DashboardView> {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  const until = new Date(to.getTime() + 86_400_000);
  const day = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);
  const result = (await db.execute(sql`
    with days as (select d::date as date from generate_series(${from.toISOString()}::timestamptz at time zone 'UTC', ${to.toISOString()}::timestamptz at time zone 'UTC', interval '1 day') d),
    booked as (
      select ${day('created_at')} as date, count(*) as n, sum(total_amount_cents) as cents from sessions
      where created_at >= ${from.toISOString()} and created_at < ${until.toISOString()} and status not in ('pending_payment', 'expired') group by 1),
    ledger as (
      select ${day('created_at')} as date, sum(amount_cents) filter (where type = 'fee') as fee, sum(amount_cents) filter (where type = 'refund') as refund
      from payment_events where created_at >= ${from.toISOString()} and created_at < ${until.toISOString()} and type in ('fee', 'refund') group by 1),
    opened as (select ${day('created_at')} as date, count(*) as n from disputes where created_at >= ${from.toISOString()} and created_at < ${until.toISOString()} group by 1),
    decided as (select ${day('resolved_at')} as date, count(*) as n from disputes where resolved_at >= ${from.toISOString()} and resolved_at < ${until.toISOString()} group by 1),
    clients as (select ${day('created_at')} as date, count(*) as n from "user" where role = 'client' and created_at >= ${from.toISOString()} and created_at < ${until.toISOString()} group by 1),
    new_experts as (select ${day('created_at')} as date, count(*) as n from experts where created_at >= ${from.toISOString()} and created_at < ${until.toISOString()} group by 1)
    select to_char(days.date, 'YYYY-MM-DD') as "date",
      coalesce(booked.n, 0)::int as "bookings", coalesce(booked.cents, 0)::bigint as "grossCents",
      coalesce(ledger.fee, 0)::bigint as "commissionCents", coalesce(ledger.refund, 0)::bigint as "refundsCents",
      coalesce(opened.n, 0)::int as "disputesOpened", coalesce(decided.n, 0)::int as "disputesDecided",
      coalesce(clients.n, 0)::int as "newClients", coalesce(new_experts.n, 0)::int as "newExperts"
    from days
      left join booked using (date) left join ledger using (date) left join opened using (date)
      left join decided using (date) left join clients using (date) left join new_experts using (date)
    order by days.date`)) as unknown as { rows: Record<keyof DashboardDay, string | number>[] };
  const series = result.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'date' ? String(v) : Number(v)])) as DashboardDay);
  return { days, series, applicationsWaiting: await countOpenApplications(db) };
}
