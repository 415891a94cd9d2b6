import { describe, expect, it } from 'vitest';
import { isIndexInRange, nextIndex, prevIndex, selectIndex } from '../../src/web/features/home/carousel-index';

/** Next/previous wrap around; an index outside the range is ignored. */
describe('video carousel index', () => {
  it('moves to the next video and wraps from the last to the first', () => {
    expect(nextIndex(0, 13)).toBe(1);
    expect(nextIndex(11, 13)).toBe(12);
    expect(nextIndex(12, 13)).toBe(0);
  });

  it('moves to the previous video and wraps from the first to the last', () => {
    expect(prevIndex(5, 13)).toBe(4);
    expect(prevIndex(1, 13)).toBe(0);
    expect(prevIndex(0, 13)).toBe(12);
  });

  it('stays on the only video when there is one', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(prevIndex(0, 1)).toBe(0);
  });

  it('returns 0 when the list is empty', () => {
    expect(nextIndex(0, 0)).toBe(0);
    expect(prevIndex(0, 0)).toBe(0);
  });

  it('goes to a chosen video in range', () => {
    expect(selectIndex(0, 7, 13)).toBe(7);
    expect(selectIndex(7, 0, 13)).toBe(0);
    expect(selectIndex(3, 12, 13)).toBe(12);
  });

  it('ignores a chosen index outside the range', () => {
    expect(selectIndex(4, -1, 13)).toBe(4);
    expect(selectIndex(4, 13, 13)).toBe(4);
    expect(selectIndex(4, 99, 13)).toBe(4);
    expect(selectIndex(4, 2.5, 13)).toBe(4);
    expect(selectIndex(4, Number.NaN, 13)).toBe(4);
    expect(selectIndex(0, 0, 0)).toBe(0);
  });

  it('knows which indexes address a video', () => {
    expect(isIndexInRange(0, 3)).toBe(true);
    expect(isIndexInRange(2, 3)).toBe(true);
    expect(isIndexInRange(3, 3)).toBe(false);
    expect(isIndexInRange(0, 0)).toBe(false);
  });

  it('cycles through every video and returns to the start', () => {
    let i = 0;
    const seen = new Set<number>();
    for (let step = 0; step < 13; step++) {
      seen.add(i);
      i = nextIndex(i, 13);
    }
    expect(i).toBe(0);
    expect(seen.size).toBe(13);
  });
});
