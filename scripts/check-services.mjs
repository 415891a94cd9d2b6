#!/usr/bin/env node
// Prints which services each running Mentora server uses, from its GET /readyz:
//   node scripts/check-services.mjs [URL …]        (default http://127.0.0.1:3000)
// e.g. node scripts/check-services.mjs http://10.0.0.11:3000 http://10.0.0.12:3000
// Exits 1 when a server does not answer or is not ready (database or Redis down, catalogue still loading), 0 otherwise.

const urls = process.argv.slice(2).length ? process.argv.slice(2) : ['http://127.0.0.1:3000'];
const columns = ['database', 'redis', 'changeFeed', 'mail', 'storage', 'payments'];

/** One row: the server's URL, its status, and each service it reports. */
async function check(url) {
  try {
    const res = await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(5_000) });
    const body = await res.json();
    return { server: url, status: body.status ?? `HTTP ${res.status}`, ...body.services };
  } catch (err) {
    return { server: url, status: `unreachable (${err.cause?.code ?? err.name})` };
  }
}

const rows = await Promise.all(urls.map(check));
const header = ['server', 'status', ...columns];
const table = [header, ...rows.map((row) => header.map((key) => String(row[key] ?? '—')))];
const widths = header.map((_, i) => Math.max(...table.map((line) => line[i].length)));
for (const line of table)
  console.log(
    line
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );

const distinct = (key) => new Set(rows.filter((r) => r.status === 'ready').map((r) => r[key]));
for (const key of ['database', 'redis', 'storage', 'payments']) {
  if (distinct(key).size > 1) console.log(`warning: the servers disagree on ${key} — they are not configured alike`);
}
process.exitCode = rows.every((row) => row.status === 'ready') ? 0 : 1;
