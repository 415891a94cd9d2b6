/**
 * The team console's dashboard (docs/product.md "Team console", "Dashboard"): one row per UTC day of the last 7, 30 or
 * 90 days, aggregated on the server. Money in integer cents.
 */
import { z } from 'zod';

export const dashboardPeriods = [7, 30, 90] as const;

/** GET /api/admin/dashboard?days=7|30|90 (default 30). */
export const dashboardQuery = z.object({
  days: z.coerce
    .number({ error: 'Please choose 7, 30 or 90 days' })
    .refine((n): n is (typeof dashboardPeriods)[number] => (dashboardPeriods as readonly number[]).includes(n), 'Please choose 7, 30 or 90 days')
    .default(30),
});

export const dashboardDay = z.object({
  /** The UTC date, YYYY-MM-DD. */
  date: z.string(),
  bookings: z.number().int(),
  grossCents: z.number().int(),
  commissionCents: z.number().int(),
  refundsCents: z.number().int(),
  disputesOpened: z.number().int(),
  disputesDecided: z.number().int(),
  newClients: z.number().int(),
  newExperts: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardView = z.object({ days: z.number().int(), series: z.array(dashboardDay), applicationsWaiting: z.number().int() });
export type DashboardView = z.infer<typeof dashboardView>;
