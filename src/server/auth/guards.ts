/** Route guards: throw AppError 401 when nobody is signed in, 403 when the role does not fit (docs/product.md "Accounts and sign-in"). */
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../shared/roles.js';
import { messages } from '../../shared/messages.js';
import { AppError } from '../errors.js';
import type { CurrentUser } from './plugin.js';

/** The signed-in account; AppError UNAUTHENTICATED (401) otherwise. */
export async function requireUser(request: FastifyRequest, message: string = messages.common.notSignedIn): Promise<CurrentUser> {
  const user = await request.getUser();
  if (!user) throw new AppError('UNAUTHENTICATED', message);
  return user;
}

/**
 * The signed-in account with one of `roles`; 401 when signed out, 403 (FORBIDDEN) otherwise. The admin role
 * counts only with two-factor sign-in on (docs/security.md "Two-factor sign-in"): a team member without it gets
 * 403 with `messages.auth.twoFactorRequired`, and the web app sends them to /account to set it up.
 */
export async function requireRole(request: FastifyRequest, roles: readonly Role[], message: string = messages.common.forbidden): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.role || !roles.includes(user.role as Role)) throw new AppError('FORBIDDEN', message);
  if (user.role === 'admin' && !actsAsTeam(user)) throw new AppError('FORBIDDEN', messages.auth.twoFactorRequired);
  return user;
}

/**
 * True when `user` acts with the team's (admin) rights: the admin role with two-factor sign-in on
 * (docs/security.md "Two-factor sign-in"). Every check that lets the team past a party check (CVs, private
 * uploads) asks this, so a stolen team password alone opens none of it.
 */
export function actsAsTeam(user: CurrentUser | null): boolean {
  return user !== null && user.role === 'admin' && user.twoFactorEnabled === true;
}
