import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Unit and API tests (Vitest). API tests build the real app on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set, from a migrated template made once per run. */
export default defineConfig({
  resolve: { alias: { '@shared': r('./src/shared'), '@web': r('./src/web') } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    // The limits catch a hung test, not a slow one (speed is measured by bench/, docs/performance.md): in `npm test`
    // the passes run at niceness 10 beside the journeys on two cores, where a test that takes 2 s alone has taken
    // more than 30 s. Tests that need more say so.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // A deprecated call fails the test that makes it, where it is made: the next major version of a library removes it
    // (pg's queued queries on one client, for one, throw in pg 9; a transaction runs its statements one after another).
    execArgv: ['--throw-deprecation'],
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: the app's modules load once per worker, not once
    // per file (a fifth of the suite's CPU time). Every test file builds its own app and database, and the suite passes
    // run this way.
    isolate: false,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each file's content): the
    // second pass of `npm test` loads what the first transformed instead of transforming it again.
    experimental: { fsModuleCache: true },
  },
});
