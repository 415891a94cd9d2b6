// The booking load of the benches (bench/api.mjs, bench/bookings.mjs) on a database seeded by
// scripts/seed-experts.ts with `--run`, `--clients`, `--open-experts` and `--password`.
import { randomUUID } from 'node:crypto';
import { runCommand } from './lib.mjs';

/** Signs in the seeded clients 0..count-1 of `run` at `url` (one address each); returns their Cookie headers. */
export async function signInClients(url, { count, run, password }) {
  const cookies = [];
  for (let n = 0; n < count; n++) {
    const res = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(url).origin.replace('127.0.0.1', 'localhost'), 'x-forwarded-for': `10.250.0.${n + 1}` },
      body: JSON.stringify({ email: `bench-client-${run}-${n}@example.com`, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in of bench client ${n} failed: ${res.status} ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  return cookies;
}

/**
 * Distinct bookable slots: request i → client i mod C (`cookies`), open expert i mod `openExperts` of `run`, start
 * `base` (ms since the epoch, on the hour) + ⌊i / C⌋ hours, 60 minutes, the test card, its own Idempotency-Key and
 * X-Forwarded-For address, as behind a load balancer (TRUST_PROXY=1).
 */
export function bookingRequests(cookies, base, { run, openExperts }) {
  let i = 0;
  return () => {
    const n = i++;
    const startsAt = new Date(base + Math.floor(n / cookies.length) * 3_600_000).toISOString();
    const body = JSON.stringify({
      expertId: `bench-${run}-${n % openExperts}`,
      startsAt,
      durationMinutes: 60,
      topic: 'Bench booking',
      kind: 'paid',
      card: { cardholderName: 'Bench Client', number: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' },
    });
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    return {
      method: 'POST',
      path: '/api/sessions',
      headers: { cookie: cookies[n % cookies.length], 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-forwarded-for': address },
      body,
    };
  };
}

/**
 * Seeds `count` experts (scripts/seed-experts.ts) with `clients` bench clients and `openExperts` experts open all
 * week, every account signing in with `password`, into the database `env` names (DATABASE_URL, or DATA_DIR for PGlite).
 */
export function seedBenchCatalogue(env, { count, run, clients, openExperts, password }) {
  const args = ['--count', String(count), '--run', run, '--clients', String(clients), '--open-experts', String(openExperts), '--password', password];
  return runCommand(process.execPath, ['--import', 'tsx', 'scripts/seed-experts.ts', ...args], env);
}
