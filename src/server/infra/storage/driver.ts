/**
 * Where uploaded bytes live (DESIGN.md "files"). Keys are chosen by the server (`<purpose>/<uuid>`), never
 * taken from a user. The local-disk driver is the default; an S3-compatible driver implements the same
 * interface (issue 5 §4).
 */
export interface StorageDriver {
  /** Stores `body` under `key`, replacing nothing: keys are unique. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes stored under `key`; throws when there are none. */
  get(key: string): Promise<Buffer>;
  /** Removes `key`; no error when it is already gone. */
  delete(key: string): Promise<void>;
}

/** Server-chosen storage keys: lower-case letters, digits, `-` and one `/` between segments. */
export const STORAGE_KEY = /^[a-z]+\/[0-9a-f-]{36}$/;
