/**
 * The server's configuration as `npm run backup` and `npm run restore` read it: the same environment, parsed by the
 * server's own loadConfig, except that a missing DATA_DIR/auth-secret is not generated (loadConfig would make one,
 * and a script run with the wrong DATA_DIR must change nothing). `secretKnown` is false when neither AUTH_SECRET
 * nor DATA_DIR/auth-secret exists; `authSecret` is then a placeholder. Invalid configuration prints the server's
 * one-line message and exits 1.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../src/server/config.js';

export function scriptConfig(env: NodeJS.ProcessEnv = process.env): Config & { secretKnown: boolean } {
  try {
    const placeholder = loadConfig({ ...env, AUTH_SECRET: env.AUTH_SECRET || 'placeholder-not-a-secret-'.repeat(2) });
    const secretKnown = Boolean(env.AUTH_SECRET) || existsSync(path.join(placeholder.dataDir, 'auth-secret'));
    return { ...(secretKnown ? loadConfig(env) : placeholder), secretKnown };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** Prints `message` on stderr and exits 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
