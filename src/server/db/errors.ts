/**
 * PostgreSQL error details from a driver or Drizzle error. Drizzle wraps driver errors (DrizzleQueryError)
 * with the original on `cause`; PGlite's class names are minified, so only codes are checked.
 */
export type PgErrorInfo = { code?: string; constraint?: string };

export function pgError(err: unknown): PgErrorInfo {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
  }
  return {};
}
