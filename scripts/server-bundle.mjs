// The server as it is deployed: src/server/main.ts bundled into `<dir>/main.js` and its CV text reader into
// `<dir>/cv-text-worker.js` (npm packages stay external), and the template PGlite cluster
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
  packages: 'external',
  alias: { '@shared': './src/shared' },
  logLevel: 'warning',
};

/** Writes the server bundle, `<dir>/main.js` and `<dir>/cv-text-worker.js` with their source maps. */
export async function bundleServer(dir) {
  await build({ ...common, entryPoints: ['src/server/main.ts'], outfile: path.join(dir, 'main.js'), sourcemap: true });
  // The CV text reader runs as a child process of the server (src/server/modules/applications/cv-text-process.ts
  // forks cv-text-worker.js, next to main.js), so it is an entry point of its own.
  await build({ ...common, entryPoints: ['src/server/modules/applications/cv-text-worker.ts'], outfile: path.join(dir, 'cv-text-worker.js'), sourcemap: true });
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
  await build({ ...common, entryPoints: ['src/server/db/pgdata-template.ts'], outfile: builder });
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
