/**
 * Demo logins: the user rows of seeded accounts and the batch maker the seed files share (seed.ts passes it to
 * seed-experts.ts, seed-reviews.ts and seed-console.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../db/client.js';
import { authAccount, user } from '../db/schema.js';

/** The user row of a seeded account: e-mail stored lower-case and already verified, display name from its parts. */
export const verifiedUserRow = (id: string, a: { email: string; firstName: string; lastName: string; role: string }) => ({
  id,
  name: `${a.firstName} ${a.lastName}`,
  email: a.email.toLowerCase(),
  emailVerified: true,
  firstName: a.firstName,
  lastName: a.lastName,
  role: a.role,
});

/** A demo login to create: verified e-mail, password `mentora-demo`, complete profile. */
export type DemoLogin = { email: string; firstName: string; lastName: string; role: string };
/** Creates demo logins in one go and returns their user ids in the same order. */
export type CreateLogins = (logins: readonly DemoLogin[]) => Promise<string[]>;

/**
 * `CreateLogins` for seeding: two INSERTs per call whatever the number of accounts, all with `passwordHash`
 * (one hash of the shared demo password instead of one per account). Accounts get created_at one
 * millisecond apart in call order, as if they had signed up one after another.
 */
export function demoLoginMaker(db: Db | Tx, passwordHash: string): CreateLogins {
  let clock = Date.now();
  return async (logins) => {
    if (!logins.length) return [];
    clock = Math.max(clock, Date.now());
    const rows = logins.map((a) => ({ id: randomUUID(), at: new Date(clock++), a }));
    await db.insert(user).values(
      rows.map(({ id, at, a }) => ({
        ...verifiedUserRow(id, a),
        createdAt: at,
        updatedAt: at,
      })),
    );
    await db.insert(authAccount).values(
      rows.map(({ id, at }) => ({
        id: randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
        createdAt: at,
        updatedAt: at,
      })),
    );
    return rows.map((r) => r.id);
  };
}
