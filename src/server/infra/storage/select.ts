/**
 * Picks the StorageDriver from configuration: S3-compatible when S3_BUCKET is set (uploads being received
 * wait in `DATA_DIR/staging`), else local disk under `DATA_DIR/uploads`.
 */
import path from 'node:path';
import type { Config } from '../../config.js';
import type { StorageDriver } from './driver.js';
import { LocalDiskStorage } from './local.js';
import { S3Storage } from './s3.js';

export function storageDriver(config: Config): StorageDriver {
  return config.s3 ? new S3Storage(config.s3, path.join(config.dataDir, 'staging')) : new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
