// Object data: the block store interface, the local-folder and S3 implementations, and the router between them.
export type {
  AgedKey,
  BlockStore,
  ByteRange,
  ListedObject,
  ObjectStat,
  Presigner,
  PresignedUrl,
  PutBody,
  PutResult,
  UploadedPart,
} from './block-store';
export { agesOf } from './ages';
export { importRootPattern, openImportRootStore } from './import-root';
export { openLocalBlockStore, type LocalBlockStoreOptions } from './local';
export { openS3BlockStore, type S3BlockStoreOptions } from './s3';
export { routeBlockStores } from './routed';
