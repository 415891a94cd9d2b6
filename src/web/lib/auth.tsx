/**
 * Auth context (docs/product.md "Accounts and sign-in"): holds the signed-in account (user + profile in one
 * `Me`), and a loading flag that starts true. On start it reads the current session; a read error ends
 * loading with no user and is kept in `error`, so pages that need an account say so instead of asking to
 * sign in. Profile load failure leaves the profile empty. Sign-out clears the session at
 * the server and goes to / after 100 ms whatever happens.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Me } from '@shared/schemas/profile';
import { delays } from '@shared/constants';
import { authMessages } from '@shared/messages-everywhere';
import { api } from './api';
import { setAccountTimeZone } from './viewer-zone';

type AuthState = {
  me: Me | null;
  loading: boolean;
  /** Why the session could not be read (network or server failure); null when it was read. */
  error: Error | null;
  /** Re-reads the session and profile (after sign-in or a profile change). */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);
export const meQueryKey = ['me'] as const;

/** GET /api/me: the account, or null when signed out. Throws ApiError when the read fails. */
export async function fetchMe(): Promise<Me | null> {
  return (await api<{ user: Me | null }>('/api/me')).user;
}

/** The signed-in account's read; the server prefetches it for the first paint (src/web/entry-server.tsx). */
export const meQuery = queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000, retry: false });

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery(meQuery);
  // The account's zone is the viewer's from the first render that knows the account (viewer-zone.ts), so no time is
  // ever shown in another zone first.
  setAccountTimeZone(query.data?.timeZone);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    await queryClient.refetchQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      const { authClient } = await import('./auth-client');
      await authClient.signOut();
    } catch (err) {
      if (!(err instanceof Error && err.message.includes('Auth session missing'))) console.error(authMessages.signOutError, err);
    }
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    await new Promise((r) => setTimeout(r, delays.signOutRedirectMs));
    window.location.assign('/');
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({ me: query.data ?? null, loading: query.isPending, error: query.error, refresh, signOut }),
    [query.data, query.isPending, query.error, refresh, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
