// The server as it is deployed: src/server/main.ts bundled into `<dir>/main.js` and its CV text reader into
// `<dir>/cv-text-worker.js` (with most npm packages bundled in: `external` below), and the template PGlite cluster
// (src/server/db/pgdata-template.ts) the server copies for a fresh DATA_DIR instead of running initdb. Used by the
// build (scripts/build-server.mjs, into dist/server) and by the tests that run real server processes
// (tests/helpers/global-setup.ts), so both run the same bundle. Run from the repository root.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  alias: { '@shared': './src/shared' },
  logLevel: 'warning',
};

/**
 * The npm packages the server bundle leaves to node_modules: native code (argon2), packages that read files of their
 * own beside their code (PGlite's WebAssembly and data, pdfkit's font metrics, swagger-ui's pages, pino's transport
 * workers, pdf.js, the Word readers), the Stripe SDK (it picks its HTTP client by the runtime it finds at load), and
 * the large clients whose parts load on demand (AWS SDK, pg, ioredis). The rest is bundled in: loading them as
 * thousands of separate ES modules (kysely, better-auth, date-fns, drizzle, zod…)
 * took most of a server's start-up and left its heap about 150 MB larger for good (docs/performance.md "Start-up").
 */
const external = [
  'argon2',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'pdfkit',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'unpdf',
  'mammoth',
  'word-extractor',
  '@aws-sdk/*',
  'pg',
  'pg-native',
  'ioredis',
  'stripe',
];

/** What the server's bundles share: its own packages bundled in (above), and `require` for the CommonJS ones among them. */
const serverBundle = {
  ...common,
  external,
  sourcemap: true,
  // A CommonJS package bundled into an ES module still calls require() for Node's built-in modules.
  banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
};

/** Writes the server bundle, `<dir>/main.js` and `<dir>/cv-text-worker.js` with their source maps. */
export async function bundleServer(dir) {
  await build({ ...serverBundle, entryPoints: ['src/server/main.ts'], outfile: path.join(dir, 'main.js') });
  // The CV text reader runs as a child process of the server (src/server/modules/applications/cv-text-process.ts
  // forks cv-text-worker.js, next to main.js), so it is an entry point of its own.
  await build({ ...serverBundle, entryPoints: ['src/server/modules/applications/cv-text-worker.ts'], outfile: path.join(dir, 'cv-text-worker.js') });
}

/**
 * Makes the template cluster in `templateDir` (the server looks for it next to main.js, as `pgdata-template`)
 * unless one for the same migrations and PGlite version is there. Resolves with the seconds it took, or null when
 * the template was current or could not be made; the latter is reported on stderr and not fatal (a fresh DATA_DIR
 * is then made by initdb, only slower).
 */
export async function makePgdataTemplate(templateDir) {
  // The template builder is bundled apart (it is not part of the server), run here and removed.
  const builder = `${templateDir}-builder-${process.pid}.js`;
  await build({ ...common, packages: 'external', entryPoints: ['src/server/db/pgdata-template.ts'], outfile: builder });
  const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  const pgliteVersion = JSON.parse(readFileSync(pglitePackage, 'utf8')).version;
  try {
    const { buildPgdataTemplate } = await import(pathToFileURL(path.resolve(builder)).href);
    const started = performance.now();
    return (await buildPgdataTemplate(templateDir, pgliteVersion)) ? (performance.now() - started) / 1000 : null;
  } catch (err) {
    console.warn(`${templateDir}: not made (${err instanceof Error ? err.message : err}); a fresh DATA_DIR will run initdb`);
    return null;
  } finally {
    rmSync(builder, { force: true });
  }
}
