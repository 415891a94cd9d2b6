import { describe, expect, it } from 'vitest';
import { bookingProblem, durationLabel, isComplete } from '../../src/web/features/experts/booking-rules';
import { pageItems } from '../../src/web/features/experts/pagination';
import { hasNarrowing, parseResultsParams, toSearchParams } from '../../src/web/features/experts/results-params';

describe('results URL state', () => {
  it('round-trips search, filters, sort and page through the URL and leaves defaults out', () => {
    const sp = new URLSearchParams('query=design&expertise=Marketing&language=French&minRate=50&maxRate=100&sort=price_asc&page=3');
    const params = parseResultsParams(sp);
    expect(params).toEqual({ query: 'design', expertise: 'Marketing', language: 'French', minRate: 50, maxRate: 100, sort: 'price_asc', page: 3 });
    expect(toSearchParams(params).toString()).toBe(sp.toString());
    expect(toSearchParams(parseResultsParams(new URLSearchParams('sort=relevance&page=1'))).toString()).toBe('');
  });

  it('falls back to defaults for malformed values instead of failing the page', () => {
    expect(parseResultsParams(new URLSearchParams('sort=cheapest&page=-2&minRate=abc&maxRate=5000'))).toEqual({
      query: '',
      expertise: '',
      language: '',
      minRate: undefined,
      maxRate: undefined,
      sort: 'relevance',
      page: 1,
    });
  });

  it('counts search text and filters, not sort or page, as narrowing the list', () => {
    expect(hasNarrowing(parseResultsParams(new URLSearchParams('sort=rating&page=2')))).toBe(false);
    expect(hasNarrowing(parseResultsParams(new URLSearchParams('maxRate=50')))).toBe(true);
  });
});

describe('pagination', () => {
  it('shows the first, last and neighbouring pages with gaps between', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageItems(10, 10)).toEqual([1, null, 9, 10]);
  });
});

describe('booking card rules (docs/product.md "Booking")', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const future = '2026-11-23T09:00:00.000Z';

  it('names the first missing choice in the product wording', () => {
    expect(bookingProblem({ date: null, time: null, topic: '' }, now)).toBe('Please select a date');
    expect(bookingProblem({ date: '2026-11-23', time: null, topic: '' }, now)).toBe('Please select a time');
    expect(bookingProblem({ date: '2026-11-23', time: future, topic: '   ' }, now)).toBe("Please describe what you'd like to discuss");
    expect(bookingProblem({ date: '2026-11-22', time: '2026-11-22T11:45:00.000Z', topic: 'CV' }, now)).toBe('Please select a future date and time');
    expect(bookingProblem({ date: '2026-11-23', time: future, topic: 'CV' }, now)).toBeNull();
  });

  it('enables booking only when date, time and a non-blank topic are set', () => {
    expect(isComplete({ date: '2026-11-23', time: future, topic: ' \n ' })).toBe(false);
    expect(isComplete({ date: '2026-11-23', time: future, topic: 'CV' })).toBe(true);
  });

  it('labels durations in words', () => {
    expect([15, 60, 90, 120].map(durationLabel)).toEqual(['15 minutes', '1 hour', '1 hour 30 minutes', '2 hours']);
  });
});
