/**
 * An expert's monthly recurring revenue from plans (docs/product.md "Plans and packages"): at the end of each month,
 * the sum of the monthly prices of the subscriptions paying then (a free trial pays nothing; a cancelled plan counts
 * until it ends). Pure: cents, instants UTC, months 'YYYY-MM'.
 */
export type RevenueSubscription = { priceCents: number; createdAt: string; trialEndsAt: string | null; endedAt: string | null };

/** MRR (cents) at instant `at`: subscriptions started, out of their trial and not ended by then. */
export function mrrAt(subs: RevenueSubscription[], at: Date): number {
  const t = at.getTime();
  return subs
    .filter(
      (s) =>
        new Date(s.createdAt).getTime() <= t && (!s.trialEndsAt || new Date(s.trialEndsAt).getTime() <= t) && (!s.endedAt || new Date(s.endedAt).getTime() > t),
    )
    .reduce((sum, s) => sum + s.priceCents, 0);
}

/** The last `months` months up to `now`'s, oldest first: each month's MRR at its end (this month's: now). */
export function mrrByMonth(subs: RevenueSubscription[], now: Date, months = 6): { month: string; mrrCents: number }[] {
  return Array.from({ length: months }, (_, i) => {
    const back = months - 1 - i;
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const end = back === 0 ? now : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1) - 1);
    return { month: start.toISOString().slice(0, 7), mrrCents: mrrAt(subs, end) };
  });
}
