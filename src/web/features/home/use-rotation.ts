import { useCallback, useEffect, useRef, useState } from 'react';
import { isIndexInRange, nextIndex } from './carousel-index';
import { useReducedMotion } from './use-reduced-motion';

type Rotation = {
  /** The item on show. */
  index: number;
  /** False during the first half of a change (fade out); the item swaps at the midpoint and fades back in. */
  visible: boolean;
  /** Shows item `target` (ignored when out of range); the automatic timer restarts from there. */
  goTo: (target: number) => void;
};

/**
 * Auto-rotation for the landing's topic list and testimonials (docs/product.md "Content and timings"): a new item every
 * `intervalMs`, with a `transitionMs` change-over (half fading out, half fading in). `paused` holds the
 * current item. With reduced motion the items still rotate, but swap at once.
 */
export function useRotation({
  count,
  intervalMs,
  transitionMs,
  paused,
}: {
  count: number;
  intervalMs: number;
  transitionMs: number;
  paused: boolean;
}): Rotation {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  const swapTimer = useRef<number | undefined>(undefined);
  const half = reducedMotion ? 0 : transitionMs / 2;

  const goTo = useCallback(
    (target: number) => {
      if (!isIndexInRange(target, count)) return;
      window.clearTimeout(swapTimer.current);
      if (half === 0) {
        setIndex(target);
        return;
      }
      setVisible(false);
      swapTimer.current = window.setTimeout(() => {
        setIndex(target);
        setVisible(true);
      }, half);
    },
    [count, half],
  );

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => goTo(nextIndex(index, count)), intervalMs - half);
    return () => window.clearTimeout(timer);
  }, [index, paused, count, intervalMs, half, goTo]);

  useEffect(() => () => window.clearTimeout(swapTimer.current), []);

  return { index, visible, goTo };
}
