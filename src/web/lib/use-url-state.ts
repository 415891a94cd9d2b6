/**
 * A page's state kept in the URL search params, so links share it and Back restores it: `parse` reads it (malformed
 * values falling back to defaults), `serialize` writes it back.
 *
 * `change(patch)` builds on the state last asked for, not on the URL of the last render. A second change made before
 * the URL has caught up with the first (two date fields filled one after the other on a slow phone) then keeps the
 * first instead of undoing it; React Router's functional `setSearchParams` would not help, since it is handed the
 * rendered URL too. Each change is a new history entry and keeps the scroll position.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

export function useUrlState<T extends object>(
  parse: (params: URLSearchParams) => T,
  serialize: (state: T) => URLSearchParams,
): [state: T, change: (patch: Partial<T>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parse(searchParams);
  const asked = useRef(state);
  // The URL, once it changes (a change of ours arriving, Back, a link), is the state again.
  useEffect(() => {
    asked.current = parse(searchParams);
  }, [parse, searchParams]);
  const change = (patch: Partial<T>) => {
    asked.current = { ...asked.current, ...patch };
    setSearchParams(serialize(asked.current), { preventScrollReset: true });
  };
  return [state, change];
}
