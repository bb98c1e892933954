// The server's block stores as its configuration asks: the data folder's `local://` store always, and S3 for
// `s3://` namespaces when the block store is S3 (then also what the storage config reports).
import { join } from 'node:path';
import { openLocalBlockStore, openS3BlockStore, routeBlockStores, type BlockStore } from './blockstore';
import { localStorageConfig, s3StorageConfig, type StorageConfig } from './catalog';
import type { BlockstoreConfig } from './config';

export function openBlockStores(dataDir: string, config: BlockstoreConfig): { blocks: BlockStore; storage: StorageConfig } {
  const local = openLocalBlockStore({ root: join(dataDir, 'blocks') });
  if (config.type === 'local') return { blocks: routeBlockStores([local]), storage: localStorageConfig(false) };
  const s3 = openS3BlockStore(config.s3);
  const where = config.s3.endpoint ? `S3-compatible store at ${config.s3.endpoint}` : 'Amazon S3';
  return { blocks: routeBlockStores([s3, local]), storage: s3StorageConfig(where) };
}
