/** Session durations and prices (docs/product.md "Booking"). Money is integer cents. */

/** Bookable session lengths in minutes. */
export const durations = [15, 30, 45, 60, 90, 120] as const;
export type Duration = (typeof durations)[number];

/** Length of the free introductory meeting, in minutes (docs/product.md "Free introductory meeting"). */
export const introMinutes: Duration = 15;

/** The duration preselected on the booking card, in minutes. */
export const defaultDuration: Duration = 60;

/** True when `minutes` is one of the bookable durations. */
export function isDuration(minutes: number): minutes is Duration {
  return (durations as readonly number[]).includes(minutes);
}

/** Total price in cents: hourly rate (cents) × duration (minutes) / 60, rounded to a whole cent. */
export function totalCents(hourlyRateCents: number, durationMinutes: number): number {
  return Math.round((hourlyRateCents * durationMinutes) / 60);
}

/**
 * The platform's commission on `releasedCents` released to an expert, at the session's frozen `feeBasisPoints`
 * (docs/product.md "Earnings": 1 basis point = 0.01 %), rounded to a whole cent; the expert gets the rest.
 */
export function platformFeeCents(releasedCents: number, feeBasisPoints: number): number {
  return Math.round((releasedCents * feeBasisPoints) / 10_000);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Formats cents as US English money with 2 decimals: 8500 → '$85.00'. */
export function formatMoney(cents: number, currency = 'USD'): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}
