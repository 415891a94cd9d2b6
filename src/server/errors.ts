/**
 * One error type for the whole API (docs/architecture.md "Layers and import rules"). Services throw AppError with a code;
 * the error handler in app.ts maps it to `{"error":{"code","message"}}` with the code's HTTP status.
 */
export const errorStatus = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** The JSON body of every error answer. */
export type ErrorBody = { error: { code: string; message: string } };
