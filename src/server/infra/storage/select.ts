/** Picks the StorageDriver from configuration: local disk under `DATA_DIR/uploads` by default. */
import path from 'node:path';
import type { Config } from '../../config.js';
import type { StorageDriver } from './driver.js';
import { LocalDiskStorage } from './local.js';

export function storageDriver(config: Config): StorageDriver {
  return new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
}
