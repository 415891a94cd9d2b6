import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { compression } from 'vite-plugin-compression2';
import { routePreloads } from './scripts/vite-route-preloads.js';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Builds the React SPA from src/web into dist/web, and with `--ssr` the server renderer (src/web/entry-server.tsx)
 * into dist/ssr; the dev server proxies /api to Fastify. The web app's text files are also written compressed
 * (`.br` at Brotli's highest quality, `.gz`), which the server sends as they are to a browser that takes them
 * (src/server/http/web-pages.ts), so no request spends CPU compressing them.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: r('./src/web'),
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild
      ? []
      : [routePreloads({ webRoot: r('./src/web') }), compression({ include: /\.(js|css|svg|json)$/, algorithms: ['brotliCompress', 'gzip'] })]),
  ],
  resolve: { alias: { '@shared': r('./src/shared'), '@web': r('./src/web') } },
  build: isSsrBuild
    ? { outDir: r('./dist/ssr'), emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : { outDir: r('./dist/web'), emptyOutDir: true, sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000', '/healthz': 'http://localhost:3000', '/calendar': 'http://localhost:3000' },
  },
}));
