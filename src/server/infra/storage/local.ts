/** StorageDriver on the local disk under one root folder (default `DATA_DIR/uploads`). */
import { open, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { STORAGE_KEY, type ByteRange, type StorageDriver } from './driver.js';

export class LocalDiskStorage implements StorageDriver {
  private readonly root: string;
  /** Inside the root, so a finished upload is moved in by a rename; `.staging` can never be a key's folder. */
  readonly stagingDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.stagingDir = path.join(this.root, '.staging');
  }

  /** The absolute path of `key`; throws for any key that is not server-shaped or would leave the root. */
  private pathOf(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error('invalid storage key');
    return full;
  }

  async putFile(key: string, file: string): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    // A rename, so a reader never sees half a file.
    await rename(file, full);
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    // Opened first, so a missing file fails before the answer's headers are sent.
    const handle = await open(this.pathOf(key), 'r');
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
