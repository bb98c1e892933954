// The server's block stores as its configuration asks: the data folder's `local://` store always, S3 for `s3://`
// namespaces when the block store is S3 (then also what the storage config reports), and the import root's
// `local:///` addresses when there is one.
import { join } from 'node:path';
import {
  importRootPattern,
  openImportRootStore,
  openLocalBlockStore,
  openS3BlockStore,
  routeBlockStores,
  type BlockStore,
} from './blockstore';
import { localStorageConfig, s3StorageConfig, type StorageConfig } from './catalog';
import type { BlockstoreConfig } from './config';

/** `importRoot`: the folder imports may read (`--import-root`); without one, only S3 locations can be imported. */
export function openBlockStores(dataDir: string, config: BlockstoreConfig, importRoot?: string): { blocks: BlockStore; storage: StorageConfig } {
  const local = openLocalBlockStore({ root: join(dataDir, 'blocks') });
  const imports = importRoot === undefined ? [] : [openImportRootStore({ root: importRoot, excluded: [dataDir] })];
  const rootPattern = importRoot === undefined ? undefined : importRootPattern(importRoot);
  if (config.type === 'local') {
    return { blocks: routeBlockStores([local, ...imports]), storage: localStorageConfig(rootPattern !== undefined, rootPattern) };
  }
  const s3 = openS3BlockStore(config.s3);
  const where = config.s3.endpoint ? `S3-compatible store at ${config.s3.endpoint}` : 'Amazon S3';
  return { blocks: routeBlockStores([s3, local, ...imports]), storage: s3StorageConfig(where, rootPattern === undefined ? undefined : `^s3://|${rootPattern}`) };
}
