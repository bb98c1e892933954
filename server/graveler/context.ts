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
  /**
   * How long retired staging tokens stay readable. A read that started from a branch record referring to a token
   * and finishes within this time saw that token intact, so it needs no re-validation.
   */
  graceMs: number;
  /** Runs cleanup later (dropping retired staging tokens after the grace time); close() runs what is left. */
  later: (task: () => Promise<void>, delayMs: number) => void;
}
