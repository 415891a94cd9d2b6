/**
 * DATABASE_LISTEN_URL names the direct connection of the change feed and the migration lock (docs/deploy.md
 * "Connection poolers and the change feed"): DATABASE_URL's when not set, a PostgreSQL URL when set.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

const base = { NODE_ENV: 'test', AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', DATABASE_URL: 'postgres://app@pooler.internal:6432/mentora' };

describe('DATABASE_LISTEN_URL', () => {
  it('defaults to DATABASE_URL', () => {
    expect(loadConfig(base).databaseListenUrl).toBe(base.DATABASE_URL);
  });

  it('names the database itself when DATABASE_URL names a pooler', () => {
    const config = loadConfig({ ...base, DATABASE_LISTEN_URL: 'postgres://app@db.internal:5432/mentora' });
    expect(config.databaseUrl).toBe(base.DATABASE_URL);
    expect(config.databaseListenUrl).toBe('postgres://app@db.internal:5432/mentora');
  });

  it('refuses what is not a PostgreSQL URL, naming the variable', () => {
    expect(() => loadConfig({ ...base, DATABASE_LISTEN_URL: 'mysql://db.internal/mentora' })).toThrow(/DATABASE_LISTEN_URL/);
  });
});
