// Bundles the Fastify server (src/server/main.ts) into dist/server/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  alias: { '@shared': './src/shared' },
  logLevel: 'warning',
});
