/**
 * How the signed-in account signs in, from Better Auth's GET /api/auth/list-accounts: `{ password }`, whether it has
 * a password (a `credential` account) besides any Google sign-in (docs/security.md "Accounts without a password").
 */
import { useQuery } from '@tanstack/react-query';
import { messages } from '@shared/messages';
import { authClient } from '../../../lib/auth-client';

const signInMethodsKey = ['me', 'sign-in-methods'] as const;

/** Throws an Error in the product's words when the list cannot be read. */
async function getSignInMethods(): Promise<{ password: boolean }> {
  const { data, error } = await authClient.listAccounts();
  if (error || !data) throw new Error(error?.message ?? messages.common.internal);
  return { password: data.some((account) => account.providerId === 'credential') };
}

export function useSignInMethods() {
  return useQuery({ queryKey: signInMethodsKey, queryFn: getSignInMethods, retry: false });
}
