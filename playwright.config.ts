import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newTeamMemberEmail } from './tests/e2e/fixtures/team';

/**
 * Browser journeys against the built app (run `npm run build` first; `npm test` does) on a temporary
 * DATA_DIR with demo data, in Debian's Chromium. Journeys make the people they need (tests/e2e/fixtures/marketplace.ts),
 * so they may run in parallel workers.
 */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'mentora-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const port = Number(process.env.E2E_PORT ?? 3310);
/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell), the build Playwright itself runs for
 * headless journeys: half the CPU per page of the whole browser in its headless mode, which draws a window and its
 * toolbar for every context (docs/decisions/038-journeys-in-chromiums-headless-shell.md). The whole browser where
 * the shell is not installed; CHROMIUM_PATH, any other build.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate)) ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every journey makes its own people, so any two may run at once: the journeys of one file, the accessibility
  // checks' pages and widths among them, spread over the workers (docs/architecture.md "Tests").
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  reporter: [['list']],
  outputDir: '.tmp/playwright',
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
    reducedMotion: 'reduce',
  },
  webServer: {
    command: 'node dist/server/main.js',
    url: `http://localhost:${port}/readyz`,
    timeout: 60_000,
    reuseExistingServer: false,
    // Every journey signs in from 127.0.0.1: the 10-a-minute sign-in limit would refuse a whole run (tests/api/auth.test.ts covers it).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BASE_URL: `http://localhost:${port}`,
      OUTBOX_INTERVAL_MS: '200',
      // Messages left unread are e-mailed after 2 s (tests/e2e/messages.spec.ts).
      MESSAGE_EMAIL_DELAY_MS: '2000',
      NODE_ENV: 'development',
      TEST_HOOKS: '1',
      AUTH_RATE_LIMIT: '0',
      ADMIN_EMAILS: newTeamMemberEmail,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
