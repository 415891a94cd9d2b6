import { describe, expect, it } from 'vitest';
import { defaultDuration, durations, formatMoney, isDuration, totalCents } from '../../src/shared/pricing.js';

describe('pricing (docs/product.md "Booking")', () => {
  it('offers 15, 30, 45, 60, 90 and 120 minutes with 60 preselected', () => {
    expect(durations).toEqual([15, 30, 45, 60, 90, 120]);
    expect(defaultDuration).toBe(60);
    expect(isDuration(45)).toBe(true);
    expect(isDuration(50)).toBe(false);
  });

  it('total = hourly rate × minutes / 60 in whole cents', () => {
    expect(totalCents(8500, 60)).toBe(8500);
    expect(totalCents(8500, 30)).toBe(4250);
    expect(totalCents(9500, 45)).toBe(7125);
    expect(totalCents(12000, 90)).toBe(18000);
    expect(totalCents(9999, 15)).toBe(2500); // 2499.75 rounds to a whole cent
    expect(totalCents(10001, 45)).toBe(7501); // 7500.75
  });

  it('formats US dollars with a dollar sign and 2 decimals', () => {
    expect(formatMoney(8500)).toBe('$85.00');
    expect(formatMoney(4250)).toBe('$42.50');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(0)).toBe('$0.00');
  });
});
