/**
 * Where uploaded bytes live. Keys are chosen by the server (`<purpose>/<uuid>`), never
 * taken from a user. The local-disk driver is the default; an S3-compatible driver implements the same
 * interface. Uploads arrive as a file in `stagingDir` and are read back as streams, so no
 * request ever holds a whole stored file in memory (docs/security.md "Uploads").
 */
import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a stored object, both inclusive and 0-based (as in an HTTP Range, RFC 9110 §14.1.2). */
export type ByteRange = { start: number; end: number };

export interface StorageDriver {
  /** A folder this driver may use for uploads being received; on the same disk as stored files when local. */
  readonly stagingDir: string;
  /** Stores the finished file at `path` (`size` bytes) under `key`, which must be new, and removes `path`. */
  putFile(key: string, path: string, contentType: string, size: number): Promise<void>;
  /** The whole object stored under `key` (for small files only, such as a CV's text); throws when there is none. */
  get(key: string): Promise<Buffer>;
  /**
   * A stream of the object under `key`, or of `range` only. Rejects before any byte is read when the
   * object is missing; the range must lie inside the object (the caller knows its size).
   */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes `key`; no error when it is already gone. */
  delete(key: string): Promise<void>;
}

/** Server-chosen storage keys: lower-case letters, digits, `-` and one `/` between segments. */
export const STORAGE_KEY = /^[a-z]+\/[0-9a-f-]{36}$/;
