/**
 * Demo data for an empty database (SEED_DEMO; on by default with the embedded database):
 * client@example.com, expert@example.com, admin@example.com and partner@example.com (a partner organisation's manager),
 * password `mentora-demo`, e-mail verified.
 */
import { randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Auth } from '../auth/auth.js';
import type { StorageDriver } from '../infra/storage/driver.js';
import type { Db, Tx } from '../db/client.js';
import { authAccount, user } from '../db/schema.js';
import { demoLoginMaker, verifiedUserRow } from './demo-logins.js';
import { seedDemoVideos, seedExperts } from './seed-experts.js';
import { seedReviews } from './seed-reviews.js';
import { seedPackages } from './seed-packages.js';
import { seedPlans } from './seed-plans.js';
import { seedWorkshops } from './seed-workshops.js';
import { seedConsole } from './seed-console.js';
import { seedPartners } from './seed-partners.js';
import { MIGRATION_LOCK } from '../db/migrate.js';

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
    await tx.insert(user).values(verifiedUserRow(id, a));
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
 * Seeds the demo accounts, experts, reviews and team-console work when the user table is empty, in one
 * transaction (an interrupted seed leaves nothing half done, and the next start seeds again) holding the
 * migrations' advisory lock (migrate.ts MIGRATION_LOCK), so of several servers starting at once on one empty
 * database exactly one seeds and the others start on its data. Returns true when it seeded. With `storage`, three demo experts also get their intro video stored there (the landing
 * carousel's clips). About 20 statements in all (start to ready ≤ 5 s).
 */
export async function seedDemo(db: Db, auth: Auth, storage?: StorageDriver): Promise<boolean> {
  const empty = async (q: Db | Tx) => ((await q.select({ n: count() }).from(user))[0]?.n ?? 0) === 0;
  if (!(await empty(db))) return false;
  const passwordHash = await (await auth.$context).password.hash(demoPassword);
  const seeded = await db.transaction(async (tx) => {
    // Servers starting together on one empty database: the first to take the migrations' advisory lock seeds, the
    // others wait for its commit and then find the users there (read committed: the count below sees that commit).
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    if (!(await empty(tx))) return false;
    const login = demoLoginMaker(tx, passwordHash);
    await login(demoAccounts);
    await seedExperts(tx, login);
    await seedReviews(tx, login);
    await seedWorkshops(tx);
    await seedPackages(tx);
    await seedPlans(tx);
    await seedConsole(tx, login);
    await seedPartners(tx, login);
    return true;
  });
  if (!seeded) return false;
  if (storage) await seedDemoVideos(db, storage);
  return true;
}
