/**
 * Password-reset timing (docs/security.md "Password reset timing"): the answer to a reset request must not tell a
 * known e-mail from an unknown one by its timing. A separate process (so that it times the answer's arrival, as a
 * client on the network would, whatever this process does next) sends requests for both kinds in turn over real
 * HTTP; the medians of many samples are compared with a bound well below the gap the old code had (5-15 ms here)
 * and well above the noise of a busy machine on a median.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createUser, origin } from '../helpers/auth.js';

const samples = 40;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The client: alternates a known and an unknown e-mail, pausing so that no sample pays for the one before. */
const client = `
const [url, origin, n] = process.argv.slice(1);
const ask = async (email) => {
  const start = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ email, redirectTo: '/reset-password' }) });
  const body = await res.text();
  const ms = performance.now() - start;
  await new Promise((r) => setTimeout(r, 60));
  return { ms, status: res.status, body };
};
const out = { known: [], unknown: [], bodies: new Set(), statuses: new Set() };
for (let i = 0; i < Number(n) + 5; i++) {
  const a = await ask('known@example.com');
  const b = await ask('nobody-' + i + '@example.com');
  for (const r of [a, b]) { out.bodies.add(r.body); out.statuses.add(r.status); }
  if (i >= 5) { out.known.push(a.ms); out.unknown.push(b.ms); }
}
console.log(JSON.stringify({ ...out, bodies: [...out.bodies], statuses: [...out.statuses] }));
`;

describe('password reset timing', () => {
  let ctx: TestContext;
  let url: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    await createUser(ctx, { email: 'known@example.com' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/api/auth/request-password-reset`;
  });
  afterAll(() => ctx.close());

  it('answers known and unknown e-mails alike, in words and in time', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', client, url, origin, String(samples)], { timeout: 60_000 });
    const r = JSON.parse(stdout) as { known: number[]; unknown: number[]; bodies: string[]; statuses: number[] };
    expect(r.statuses).toEqual([200]);
    expect(r.bodies).toHaveLength(1);
    const gap = Math.abs(median(r.known) - median(r.unknown));
    expect(gap, `median known ${median(r.known).toFixed(2)} ms, unknown ${median(r.unknown).toFixed(2)} ms`).toBeLessThan(1.5);
  }, 90_000);
});
