/** Account roles (docs/product.md "Accounts and sign-in"). `admin` is Mentora's team. */
export const roles = ['client', 'expert', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Roles a user may choose for themselves on the complete-profile form (docs/product.md "Accounts and sign-in"). */
export const selfServiceRoles = ['client', 'expert'] as const;
export type SelfServiceRole = (typeof selfServiceRoles)[number];

/**
 * Where a signed-in user's dashboard lives (docs/product.md "Accounts and sign-in"): expert → /dashboard/expert,
 * admin → /admin, any other role → /dashboard/client.
 */
export function dashboardPath(role: string | null | undefined): string {
  if (role === 'expert') return '/dashboard/expert';
  if (role === 'admin') return '/admin';
  return '/dashboard/client';
}

/** A profile is complete when it has a first name and a role (docs/product.md "Accounts and sign-in"). */
export function isProfileComplete(p: { firstName?: string | null; role?: string | null } | null | undefined): boolean {
  return Boolean(p?.firstName?.trim() && p?.role);
}

/**
 * Whether a client may book a session or message an expert (docs/product.md "Booking", "Messages"): a complete profile
 * with a last name too, which the expert sees.
 */
export function hasClientProfile(p: { firstName?: string | null; lastName?: string | null; role?: string | null } | null | undefined): boolean {
  return isProfileComplete(p) && Boolean(p?.lastName?.trim());
}

/** Name shown in the header menu: first name, then full name, then 'User' (docs/product.md "Accounts and sign-in"). */
export function displayName(p: { firstName?: string | null; fullName?: string | null } | null | undefined): string {
  return p?.firstName?.trim() || p?.fullName?.trim() || 'User';
}

/** Splits a provider's full name at the first space (docs/product.md "Accounts and sign-in"). */
export function splitFullName(full: string | null | undefined): { firstName: string; lastName: string } {
  const name = (full ?? '').trim();
  const i = name.indexOf(' ');
  return i === -1 ? { firstName: name, lastName: '' } : { firstName: name.slice(0, i), lastName: name.slice(i + 1).trim() };
}
