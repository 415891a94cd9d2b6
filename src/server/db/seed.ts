/**
 * Demo data for an empty database (SEED_DEMO; on by default with the embedded database):
 * client@example.com, expert@example.com and admin@example.com, password `mentora-demo`, e-mail verified.
 */
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Auth } from '../auth/auth.js';
import type { StorageDriver } from '../infra/storage/driver.js';
import type { Db } from './client.js';
import { authAccount, user } from './schema.js';
import { seedDemoVideos, seedExperts } from './seed-experts.js';
import { seedReviews } from './seed-reviews.js';
import { seedConsole } from './seed-console.js';

export const demoPassword = 'mentora-demo';

export const demoAccounts = [
  { email: 'client@example.com', firstName: 'Casey', lastName: 'Client', role: 'client' },
  { email: 'expert@example.com', firstName: 'Sarah', lastName: 'Chen', role: 'expert' },
  { email: 'admin@example.com', firstName: 'Alex', lastName: 'Admin', role: 'admin' },
] as const;

/**
 * Creates a verified e-mail/password account with a complete profile. Returns the user id. `passwordHash`
 * (a hash of the password made by Better Auth) saves hashing the same demo password for every account.
 */
export async function createAccount(
  db: Db,
  auth: Auth,
  a: { email: string; firstName: string; lastName: string; role: string; password?: string; passwordHash?: string },
): Promise<string> {
  const ctx = await auth.$context;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id,
      name: `${a.firstName} ${a.lastName}`,
      email: a.email.toLowerCase(),
      emailVerified: true,
      firstName: a.firstName,
      lastName: a.lastName,
      role: a.role,
    });
    await tx.insert(authAccount).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: a.passwordHash ?? (await ctx.password.hash(a.password ?? demoPassword)),
    });
  });
  return id;
}

/**
 * Seeds the demo accounts, experts, reviews and team-console work when the user table is empty. Returns true
 * when it seeded. With `storage`, three demo experts also get their intro video stored there (the landing
 * carousel's clips).
 */
export async function seedDemo(db: Db, auth: Auth, storage?: StorageDriver): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(user);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await (await auth.$context).password.hash(demoPassword);
  for (const account of demoAccounts) await createAccount(db, auth, { ...account, passwordHash });
  const login = (a: { email: string; firstName: string; lastName: string; role: string }) => createAccount(db, auth, { ...a, passwordHash });
  await seedExperts(db, login);
  await seedReviews(db, login);
  await seedConsole(db, login);
  if (storage) await seedDemoVideos(db, storage);
  return true;
}
