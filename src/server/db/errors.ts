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

/**
 * SQLSTATEs of a database that cannot serve at all (PostgreSQL Appendix A): class 08 (connection exception), 57P01–03
 * (the server shutting down, crashed, or not accepting connections yet), 53300 (no connection slot left) and 3D000
 * (the database is gone, as after a restore that dropped it).
 */
const unavailableStates = /^(?:08...|57P0[123]|53300|3D000)$/;

/** Node's socket errors for a server that cannot be reached (os errno names). */
const unreachable = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * node-postgres's own messages for a connection that ended or never came (pg's client, and pg-pool's wait for a
 * free connection past `connectionTimeoutMillis`).
 */
const lostConnection = /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when `err` (a driver or Drizzle error, its `cause` chain or the `errors` of an AggregateError) says that the
 * database could not be reached or dropped the connection, rather than refused the statement: the request can
 * succeed once the database is back, so it is answered 503 with Retry-After (http/error-answers.ts).
 */
export function isConnectionFailure(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (unreachable.has(code) || unavailableStates.test(code))) return true;
  if (typeof message === 'string' && lostConnection.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isConnectionFailure(e, depth + 1))) return true;
  return isConnectionFailure(cause, depth + 1);
}
