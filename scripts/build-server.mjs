// Bundles the Fastify server (src/server/main.ts) into dist/server/main.js and its CV text reader into
// dist/server/cv-text-worker.js; npm packages stay external.
// Then makes the template PGlite cluster (src/server/db/pgdata-template.ts) in dist/server/pgdata-template:
// initdb + every migration, so a fresh DATA_DIR starts without initdb. It is remade only
// when the migrations or the PGlite version change.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  alias: { '@shared': './src/shared' },
  logLevel: 'warning',
};

await build({ ...common, entryPoints: ['src/server/main.ts'], outfile: 'dist/server/main.js', sourcemap: true });
// The CV text reader runs as a child process of the server (src/server/modules/applications/cv-text-process.ts
// forks dist/server/cv-text-worker.js, next to main.js), so it is an entry point of its own.
await build({ ...common, entryPoints: ['src/server/modules/applications/cv-text-worker.ts'], outfile: 'dist/server/cv-text-worker.js', sourcemap: true });

// The template builder is bundled apart (it is not part of the server) and run here, in the repository root.
const builder = 'dist/server/build-pgdata-template.js';
await build({ ...common, entryPoints: ['src/server/db/pgdata-template.ts'], outfile: builder });
const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
const pgliteVersion = JSON.parse(readFileSync(pglitePackage, 'utf8')).version;
const { buildPgdataTemplate } = await import(pathToFileURL(path.resolve(builder)).href);
const started = performance.now();
try {
  if (await buildPgdataTemplate('dist/server/pgdata-template', pgliteVersion)) {
    console.log(`dist/server/pgdata-template: template database made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} catch (err) {
  // Not fatal: without a template a fresh DATA_DIR is made by initdb, only slower.
  console.warn(`dist/server/pgdata-template: not made (${err instanceof Error ? err.message : err}); a fresh DATA_DIR will run initdb`);
}
