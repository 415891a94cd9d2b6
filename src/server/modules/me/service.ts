/** The signed-in account's own profile (docs/product.md "Accounts and sign-in"). */
import { eq, sql } from 'drizzle-orm';
import type { Me, ProfileInput, TimeZoneInput } from '../../../shared/schemas/profile.js';
import { profileInput, timeZoneInput } from '../../../shared/schemas/profile.js';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { messages } from '../../../shared/messages.js';
import type { CurrentUser } from '../../auth/plugin.js';

/** Shapes a user row for the API: full name derived from first and last names, falling back to the auth name. */
export function toMe(row: CurrentUser): Me {
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ') || row.name;
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName,
    phone: row.phone,
    role: (row.role as Me['role']) ?? null,
    profilePictureUrl: row.image,
    twoFactorEnabled: row.twoFactorEnabled,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Saves the complete-profile form. The role may be chosen once (client or expert); an admin keeps
 * admin, and a later change of role answers 409 — role changes go through the team (docs/product.md "Roles").
 */
export async function saveProfile(db: Db, current: CurrentUser, input: ProfileInput): Promise<Me> {
  const data = profileInput.parse(input);
  if (current.role && current.role !== data.role && current.role !== 'admin') {
    throw new AppError('CONFLICT', 'Your account type cannot be changed here. Please contact support.');
  }
  const [row] = await db
    .update(user)
    .set({
      firstName: data.firstName,
      lastName: data.lastName,
      phone: data.phone ?? null,
      role: current.role === 'admin' ? 'admin' : data.role,
      name: `${data.firstName} ${data.lastName}`,
      // The zone detected at sign-up never replaces one the account already has (chosen on /account or stored at booking).
      ...(data.timeZone ? { timeZone: sql`coalesce(${user.timeZone}, ${data.timeZone})` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(user.id, current.id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', messages.auth.saveProfileFailed);
  return toMe(row);
}

/**
 * Sets the account's IANA time zone (`timeZoneInput`; 400 'Please choose a valid time zone (for example
 * Europe/London)' for a name the runtime does not know): every later e-mail, reminder and invite to the account
 * is written in it (docs/product.md "E-mail").
 */
export async function saveTimeZone(db: Db, current: CurrentUser, input: TimeZoneInput): Promise<Me> {
  const data = timeZoneInput.parse(input);
  const [row] = await db.update(user).set({ timeZone: data.timeZone, updatedAt: new Date() }).where(eq(user.id, current.id)).returning();
  if (!row) throw new AppError('NOT_FOUND', messages.auth.saveProfileFailed);
  return toMe(row);
}
