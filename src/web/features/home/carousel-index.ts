/**
 * Index arithmetic for the landing carousels (docs/product.md "Content and timings"): next and previous wrap around,
 * and a requested index outside 0..count-1 is ignored. Pure, so it is unit-tested on its own.
 */

/** The index after `current`, wrapping from the last item to the first. 0 when there are no items. */
export function nextIndex(current: number, count: number): number {
  return count > 0 ? (current + 1) % count : 0;
}

/** The index before `current`, wrapping from the first item to the last. 0 when there are no items. */
export function prevIndex(current: number, count: number): number {
  return count > 0 ? (current - 1 + count) % count : 0;
}

/** True when `index` is a whole number addressing one of `count` items. */
export function isIndexInRange(index: number, count: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < count;
}

/** `target` when it addresses an item, otherwise `current` unchanged. */
export function selectIndex(current: number, target: number, count: number): number {
  return isIndexInRange(target, count) ? target : current;
}
