/** Account roles (spec §3 "User profile", §6). `admin` is Mentora's team (DESIGN.md "Beyond the spec"). */
export const roles = ['client', 'expert', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Roles a user may choose for themselves on the complete-profile form (spec §2 Sign-up). */
export const selfServiceRoles = ['client', 'expert'] as const;
export type SelfServiceRole = (typeof selfServiceRoles)[number];

/**
 * Where a signed-in user's dashboard lives (spec §2 "Landing call to action"): expert → /dashboard/expert,
 * admin → /admin, any other role → /dashboard/client.
 */
export function dashboardPath(role: string | null | undefined): string {
  if (role === 'expert') return '/dashboard/expert';
  if (role === 'admin') return '/admin';
  return '/dashboard/client';
}

/** A profile is complete when it has a first name and a role (spec §4 "Sign-in flow"). */
export function isProfileComplete(p: { firstName?: string | null; role?: string | null } | null | undefined): boolean {
  return Boolean(p?.firstName?.trim() && p?.role);
}

/** Name shown in the header menu: first name, then full name, then 'User' (spec §2 Header). */
export function displayName(p: { firstName?: string | null; fullName?: string | null } | null | undefined): string {
  return p?.firstName?.trim() || p?.fullName?.trim() || 'User';
}

/** Splits a provider's full name at the first space (spec §4 "Sign-in flow"). */
export function splitFullName(full: string | null | undefined): { firstName: string; lastName: string } {
  const name = (full ?? '').trim();
  const i = name.indexOf(' ');
  return i === -1 ? { firstName: name, lastName: '' } : { firstName: name.slice(0, i), lastName: name.slice(i + 1).trim() };
}
