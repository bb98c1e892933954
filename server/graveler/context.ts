import type { BlockStore } from '../blockstore/index';
import type { KvStore } from '../kv/index';
import type { Refs } from './refs';
import type { TreeStore } from './tree-store';

/** What the modules of the store share. */
export interface Ctx {
  kv: KvStore;
  blockstore: BlockStore;
  refs: Refs;
  trees: TreeStore;
  raggedness: number;
  now: () => number;
  /** Runs cleanup after the answer is given (dropping committed staging tokens); close() waits for it. */
  background: (task: () => Promise<void>) => void;
}
