import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while the browser hydrates server markup, true afterwards (and from the first render
 * of a browser-rendered page). Parts that depend on the viewer (their clock, zone or account) render only once
 * it is true, so the hydrated markup always equals the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
