/**
 * Session package rules shared by server and web (docs/product.md "Plans and packages"): the limits of an offer, each
 * prepaid session's share of the price, the saving against booking the sessions one by one, the expiry instant and
 * its warnings, and the words of every package message. Pure: money in integer cents, instants UTC.
 */
import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns';
import { pendingPurchaseHours } from './partners.js';
import { formatMoney, totalCents } from './pricing.js';

/** What happens to a package's unused sessions at its expiry: their shares go back to the client, or to the expert. */
export const expiryRules = ['refund', 'release'] as const;
export type ExpiryRule = (typeof expiryRules)[number];

/** An offer's limits: 2–20 sessions, $10–$10,000 and at least $1 a session, valid 1–12 months. */
export const packageLimits = {
  sessions: { min: 2, max: 20 },
  priceCents: { min: 1_000, max: 1_000_000 },
  minShareCents: 100,
  validityMonths: { min: 1, max: 12 },
} as const;

/** Clients are e-mailed this many days before a package with unused sessions expires. */
export const packageWarningDays = [14, 3] as const;

/**
 * Each prepaid session's share of `priceCents` over `sessionCount` sessions, in integer cents: the price divided
 * evenly, the remainder's cents one each to the first sessions, so the shares always sum to the price exactly.
 * `packageShares(34000, 4)` → [8500, 8500, 8500, 8500]; `packageShares(1000, 3)` → [334, 333, 333].
 */
export function packageShares(priceCents: number, sessionCount: number): number[] {
  if (!Number.isInteger(priceCents) || !Number.isInteger(sessionCount) || sessionCount < 1 || priceCents < sessionCount)
    throw new RangeError(`cannot share ${priceCents} cents over ${sessionCount} sessions`);
  const base = Math.floor(priceCents / sessionCount);
  const extra = priceCents % sessionCount;
  return Array.from({ length: sessionCount }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * What the package saves against booking its sessions one by one at `hourlyRateCents`, in cents (≤ 0: no saving):
 * N × the price of one session of its length (pricing.ts `totalCents`) − the package price.
 */
export function packageSavingCents(p: { sessionCount: number; durationMinutes: number; priceCents: number }, hourlyRateCents: number): number {
  return p.sessionCount * totalCents(hourlyRateCents, p.durationMinutes) - p.priceCents;
}

/** When a package bought at `boughtAt` expires: `validityMonths` calendar months later in UTC (31 Jan + 1 → 28/29 Feb). */
export function packageExpiresAt(boughtAt: Date, validityMonths: number): Date {
  return new Date(addMonths(new TZDate(boughtAt.getTime(), 'UTC'), validityMonths).getTime());
}

/** '4 × 60 min · $340.00 · valid 3 months'. */
export function packageTitle(p: { sessionCount: number; durationMinutes: number; priceCents: number; validityMonths: number }, currency = 'USD'): string {
  const months = p.validityMonths === 1 ? '1 month' : `${p.validityMonths} months`;
  return `${p.sessionCount} × ${p.durationMinutes} min · ${formatMoney(p.priceCents, currency)} · valid ${months}`;
}

/** The expiry rule said plainly, before purchase and on the client's dashboard. */
export function expiryRuleText(rule: ExpiryRule, validityMonths: number): string {
  const months = validityMonths === 1 ? '1 month' : `${validityMonths} months`;
  return rule === 'refund'
    ? `Book your sessions within ${months} of buying. Sessions still unused when the package expires are refunded to your card.`
    : `Book your sessions within ${months} of buying. Sessions still unused when the package expires are not refunded: their share goes to the expert.`;
}

/**
 * Why a package ended before its expiry, as its client reads it after 'Ended {date}: ' — by its expert (who can no
 * longer be booked) or by the Mentora team (from the console, or suspending or unpublishing the expert).
 */
export function packageEndedText(endedBy: 'expert' | 'team', expertName: string): string {
  return endedBy === 'expert'
    ? `${expertName} can no longer be booked, so the sessions not booked were refunded`
    : 'the Mentora team ended this package and refunded the sessions not booked';
}

/** 'Package session · 2 of 4'. */
export function packageSessionLabel(number: number, count: number): string {
  return `Package session · ${number} of ${count}`;
}

export const packageMessages = {
  notFound: 'This package is not offered.',
  closed: 'This package is closed to new buyers.',
  ownPackage: 'You cannot buy your own package.',
  purchaseNotFound: 'Package not found.',
  noneLeft: 'No sessions are left in this package.',
  expired: 'This package has expired.',
  ended: 'This package has ended, so its sessions can no longer be booked.',
  startsAfterExpiry: 'Package sessions must start before the package expires.',
  wrongLength: 'This package is for sessions of another length.',
  notExpert: 'Only experts can offer packages.',
  priceTooLow: `A package must cost at least ${formatMoney(packageLimits.minShareCents)} a session.`,
  nothingToRefund: 'This package has no unused sessions to refund.',
  /** A purchase whose bank confirmation (3-D Secure) was abandoned: see `pendingPurchaseHours` (src/shared/partners.ts). */
  paymentExpired: `This purchase expired: the bank’s confirmation was not finished within ${pendingPurchaseHours} hours, and nothing was charged. Please buy the package again.`,
} as const;
