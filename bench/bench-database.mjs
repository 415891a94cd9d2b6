// The PostgreSQL database a bench seeds its experts into (scripts/seed-experts.ts, through seedBenchCatalogue), made
// on the server `adminUrl` names, and kept for the next run with `reuse`.
import pg from 'pg';

/**
 * A database for `count` experts of bench run `run` named `${prefix}_${count}` when `reuse` (kept and found again
 * when it holds them), else `${prefix}_<now>`, new. Returns `{ url, seeded, drop }`: `seeded` when a kept one holds
 * the experts already; `drop()` removes it unless `reuse`.
 */
export async function benchDatabase(adminUrl, { prefix, count, run, reuse }) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = reuse ? `${prefix}_${count}` : `${prefix}_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let seeded = false;
  if (reuse && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) {
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    seeded = await db
      .query(`select count(*)::int as n from experts where slug like 'bench-${run}-%'`)
      .then((r) => r.rows[0].n >= count)
      .catch(() => false);
    await db.end();
    if (!seeded) await admin.query(`drop database ${name} with (force)`);
  }
  if (!seeded) await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: url.toString(),
    name,
    seeded,
    drop: async () => {
      if (reuse) return;
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
