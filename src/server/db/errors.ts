import { messages } from '../../shared/messages.js';
import { AppError } from '../errors.js';

/**
 * A read the database did not answer (a lost connection, a timeout, the server down): 503 with a 'try again' message,
 * where a caught error would otherwise have said something false such as 'not found'. `cause` is the driver's error;
 * the error handler logs it with the request id and counts it (http/error-answers.ts).
 */
export class DatabaseUnavailable extends AppError {
  constructor(override readonly cause: unknown) {
    super('UNAVAILABLE', messages.common.unavailable);
  }
}

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
