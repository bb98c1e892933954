// Object data: the block store interface and the local-folder implementation.
export type { BlockStore, ByteRange, ListedObject, ObjectStat, PutBody, PutResult } from './block-store';
export { openLocalBlockStore, type LocalBlockStoreOptions } from './local';
