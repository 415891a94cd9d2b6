/** Package rules (docs/product.md "Plans and packages"): shares in whole cents, the saving, the expiry instant. */
import { describe, expect, it } from 'vitest';
import { expiryRuleText, packageExpiresAt, packageSavingCents, packageSessionLabel, packageShares } from '../../src/shared/packages.js';

describe('package rules', () => {
  it('splits the price into whole-cent shares that sum to it, the extra cents to the first sessions', () => {
    expect(packageShares(34000, 4)).toEqual([8500, 8500, 8500, 8500]);
    expect(packageShares(1000, 3)).toEqual([334, 333, 333]);
    expect(packageShares(1001, 4)).toEqual([251, 250, 250, 250]);
    for (const [price, n] of [
      [99_999, 7],
      [1_000_000, 20],
      [2, 2],
    ] as const)
      expect(packageShares(price, n).reduce((a, b) => a + b, 0)).toBe(price);
    expect(() => packageShares(1, 2)).toThrow(RangeError);
  });

  it('states the saving against the sessions one by one', () => {
    expect(packageSavingCents({ sessionCount: 4, durationMinutes: 60, priceCents: 34000 }, 9000)).toBe(2000);
    expect(packageSavingCents({ sessionCount: 2, durationMinutes: 30, priceCents: 10000 }, 9000)).toBe(-1000);
  });

  it('expires whole calendar months later in UTC, clamped to the month’s last day', () => {
    expect(packageExpiresAt(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(packageExpiresAt(new Date('2026-11-28T23:30:00Z'), 3).toISOString()).toBe('2027-02-28T23:30:00.000Z');
  });

  it('says the expiry rule and the session’s place plainly', () => {
    expect(expiryRuleText('refund', 3)).toContain('refunded to your card');
    expect(expiryRuleText('release', 1)).toContain('their share goes to the expert');
    expect(packageSessionLabel(2, 4)).toBe('Package session · 2 of 4');
  });
});
