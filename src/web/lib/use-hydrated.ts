import { startTransition, useEffect, useState } from 'react';

/** Set once the first component has seen the page hydrated: components mounted later start with true. */
let appHydrated = false;

/**
 * False on the server and while the browser hydrates server markup, true afterwards (at once for a component
 * mounted later, e.g. after a client-side navigation). Parts that depend on the viewer (their clock, zone or
 * account) or load code lazily render only once it is true, so the hydrated markup always equals the server's.
 * The switch to true is a transition, so that render yields to the browser like hydration itself; use it in
 * small leaf components, as the whole component re-renders.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    if (hydrated) return;
    appHydrated = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
