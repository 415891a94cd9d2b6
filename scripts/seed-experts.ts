/**
 * Bulk-inserts N synthetic published experts (with bare user rows, no login) for benchmarks, in batches.
 *   npx tsx scripts/seed-experts.ts --count 10000 [--database-url postgres://…] [--run ID] [--clients 50] [--open-experts 2000]
 * Without --database-url it uses DATABASE_URL, else the embedded PGlite in $DATA_DIR/pgdata (./data).
 * Migrations run first. Slugs are `bench-<run>-<n>` (run: --run, else random), so the script can run again on
 * the same database. For the booking bench (bench/api.mjs): --clients N adds client accounts
 * `bench-client-<run>-<n>@example.com` with password --password (default 'bench-password-1', verified, full
 * name), and --open-experts E makes experts 0..E-1 available every day, all day. Ends with VACUUM ANALYZE,
 * so the planner knows the new table sizes at once and counts can read the index alone.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { expertiseCatalogue } from '../src/shared/constants.js';
import { openPglite, openPostgres } from '../src/server/db/client.js';
import { runMigrations } from '../src/server/db/migrate.js';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/server/auth/password-policy.js';
import { authAccount, availabilityRules, experts, user } from '../src/server/db/schema.js';

const batchSize = 1000;
const firstNames = ['Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Priya', 'Wei', 'Amara', 'Lucas', 'Noor', 'Kenji', 'Elena', 'Mateo', 'Zara', 'Owen', 'Ines'];
const lastNames = ['Smith', 'Garcia', 'Chen', 'Okafor', 'Novak', 'Silva', 'Kumar', 'Haddad', 'Kowalski', 'Berg', 'Nakamura', 'Rossi', 'Dubois', 'Murphy'];
const titles = ['Senior', 'Lead', 'Principal', 'Head of', 'Staff', 'Associate Director,'];
const fields = [
  'Product Manager',
  'Software Engineer',
  'Data Scientist',
  'Designer',
  'Marketing Manager',
  'Consultant',
  'Recruiter',
  'Teacher',
  'Engineer',
  'Analyst',
  'Sales Manager',
  'Producer',
];
const languages = ['English', 'Spanish', 'French', 'German', 'Mandarin', 'Hindi', 'Arabic', 'Portuguese', 'Japanese', 'Korean'];
const zones = [
  'America/Vancouver',
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'America/Sao_Paulo',
];
const policies = ['flexible', 'moderate', 'strict'] as const;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const pickSome = <T>(list: readonly T[], n: number): T[] => [...list].sort(() => Math.random() - 0.5).slice(0, n);

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000' },
      'database-url': { type: 'string' },
      run: { type: 'string' },
      clients: { type: 'string', default: '0' },
      'open-experts': { type: 'string', default: '0' },
      password: { type: 'string', default: 'bench-password-1' },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive whole number');
  const url = values['database-url'] ?? process.env.DATABASE_URL;
  const dataDir = path.join(process.env.DATA_DIR ?? './data', 'pgdata');
  if (!url) mkdirSync(dataDir, { recursive: true });
  const database = url ? openPostgres(url, 2) : await openPglite(dataDir);
  const run = values.run ?? randomBytes(3).toString('hex');
  if (!/^[a-z0-9]{1,20}$/.test(run)) throw new Error('--run must be 1–20 lower-case letters or digits');
  const clients = Number(values.clients);
  const openExperts = Math.min(Number(values['open-experts']), count);
  const started = Date.now();
  try {
    await runMigrations(database);
    for (let from = 0; from < count; from += batchSize) {
      const rows = Array.from({ length: Math.min(batchSize, count - from) }, (_, k) => {
        const n = from + k;
        const name = `${pick(firstNames)} ${pick(lastNames)}`;
        const role = `${pick(titles)} ${pick(fields)}`;
        const expertise = pickSome(expertiseCatalogue, 1 + Math.floor(Math.random() * 3));
        return {
          user: { id: randomUUID(), name, email: `bench-${run}-${n}@example.com`, emailVerified: true, role: 'expert' },
          expert: {
            slug: `bench-${run}-${n}`,
            name,
            role,
            about: `${role} with ${3 + Math.floor(Math.random() * 20)} years of experience. I mentor people on ${expertise.join(', ').toLowerCase()}.`,
            experience: `Worked at ${pick(lastNames)} & Co and ${pick(lastNames)} Labs.`,
            languages: pickSome(languages, 1 + Math.floor(Math.random() * 3)),
            expertise,
            hourlyRateCents: (20 + Math.floor(Math.random() * 280)) * 100,
            timezone: pick(zones),
            cancellationPolicy: pick(policies),
          },
        };
      });
      await database.db.transaction(async (tx) => {
        await tx.insert(user).values(rows.map((r) => r.user));
        const inserted = await tx
          .insert(experts)
          .values(rows.map((r) => ({ ...r.expert, userId: r.user.id })))
          .returning({ id: experts.id, slug: experts.slug });
        const open = inserted.filter((e) => Number(e.slug.slice(e.slug.lastIndexOf('-') + 1)) < openExperts);
        const allWeek = open.flatMap((e) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ expertId: e.id, weekday, startMinute: 0, endMinute: 1440 })));
        if (allWeek.length) await tx.insert(availabilityRules).values(allWeek);
      });
      process.stdout.write(`\r${Math.min(from + batchSize, count)} / ${count}`);
    }
    if (clients > 0) {
      const passwordHash = await hashPassword(values.password!);
      const accounts = Array.from({ length: clients }, (_, n) => ({
        id: randomUUID(),
        name: `Bench Client ${n}`,
        email: `bench-client-${run}-${n}@example.com`,
        emailVerified: true,
        firstName: 'Bench',
        lastName: `Client ${n}`,
        role: 'client',
      }));
      await database.db.transaction(async (tx) => {
        await tx.insert(user).values(accounts);
        await tx
          .insert(authAccount)
          .values(accounts.map((a) => ({ id: randomUUID(), accountId: a.id, providerId: 'credential', userId: a.id, password: passwordHash })));
      });
    }
    // VACUUM sets the visibility map (index-only counts); ANALYZE gives the planner the new sizes.
    await database.db.execute(sql`vacuum analyze`);
    console.log(
      `\ninserted ${count} experts (slugs bench-${run}-*, ${openExperts} open all week), ${clients} clients, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
