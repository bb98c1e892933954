// The file finder: object paths of a ref that contain a text, case-insensitively, in path order. Committed ranges
// are searched through their lowered keys (lowered-keys.ts) and an entry is decoded only for a match; staging is
// searched on its keys the same way. The walk stops after a time budget, so a rare text over a large tree still
// answers in time: the page then says where it stopped and the caller continues from there.
import { compareKeys } from '../kv/keys';
import type { KvStore } from '../kv/index';
import { decodeStaged } from './codec';
import type { Ctx } from './context';
import { identity, lowerBound, maxKeyOf, rowSpan } from './iterators';
import { keyAt, loweredKeys, type LoweredKeys } from './lowered-keys';
import { normalizeAmount, startKey } from './paginate';
import { keys } from './records';
import type { RangeData, RangeInfo } from './range-codec';
import type { Tree } from './tree-parts';
import type { TreeStore } from './tree-store';
import type { ObjectEntry, ObjectRecord, Page } from './types';

/** A path that contains the text; its value is read only if it is reported (null: a staged tombstone). */
interface Match {
  key: string;
  value: () => ObjectEntry | null;
}

/** The source ran out of time after looking at every path up to `key`. */
interface Paused {
  key: string;
  paused: true;
}

type Step = Match | Paused | undefined;

interface MatchSource {
  /** Never called again after it answers Paused or undefined (the end). */
  next(): Promise<Step>;
}

const isPaused = (s: Match | Paused): s is Paused => 'paused' in s;

/** Paths looked at between two looks at the clock, in a committed file or a page of staging. */
const STEP_KEYS = 256;

/** Time is up once `now()` reaches the deadline; a source always looks at one step of paths before asking. */
export interface Deadline {
  passed(): boolean;
}

export function deadlineIn(ms: number): Deadline {
  const end = performance.now() + ms;
  return { passed: () => performance.now() >= end };
}

/** The matches in one committed tree, from `from` on: each part's rows are read when the search reaches it. */
class CommittedMatches implements MatchSource {
  private pi: number;
  private rows: readonly RangeInfo[] = [];
  private ri = 0;
  private data: RangeData | undefined;
  private index: LoweredKeys | undefined;
  /** The current row's records: data.keys[pos..end). */
  private pos = 0;
  private end = 0;
  /** The next occurrence of the needle in index.text at or after the current position, or -1 for none. */
  private hit = -1;
  /** Paths left to look at before the next look at the clock. */
  private untilCheck = STEP_KEYS;
  private lastLooked = '';

  constructor(
    private readonly store: TreeStore,
    private readonly namespace: string,
    private readonly parts: Tree,
    private from: string,
    private readonly needle: string,
    private readonly deadline: Deadline,
  ) {
    this.pi = lowerBound(parts, from, maxKeyOf);
  }

  async next(): Promise<Step> {
    for (;;) {
      if (this.untilCheck <= 0) {
        this.untilCheck = STEP_KEYS;
        if (this.deadline.passed()) return { key: this.lastLooked, paused: true };
      }
      if (!this.data) {
        if (this.ri >= this.rows.length && this.pi >= this.parts.length) return undefined;
        // Reading a file not in the cache is the slow step: not begun once time is up.
        if (this.lastLooked !== '' && this.deadline.passed()) return { key: this.lastLooked, paused: true };
        const row = await this.nextRow();
        if (!row) return undefined;
        await this.enter(row);
        if (this.pos >= this.end) {
          this.leave();
          continue;
        }
      }
      const data = this.data as RangeData;
      const stop = Math.min(this.pos + this.untilCheck, this.end);
      const found = this.matchBefore(stop);
      const to = found === undefined ? stop : found + 1;
      this.untilCheck -= to - this.pos;
      this.lastLooked = data.keys[to - 1] as string;
      this.pos = to;
      if (this.pos >= this.end) this.leave();
      if (found !== undefined) return { key: this.lastLooked, value: () => data.entry(found) };
    }
  }

  /** The current row, reading the next part's rows when this part's are done. */
  private async nextRow(): Promise<RangeInfo | undefined> {
    while (this.ri >= this.rows.length) {
      const part = this.parts[this.pi++];
      if (!part) return undefined;
      this.rows = await this.store.readRows(this.namespace, part.id);
      // `from` is cleared once a range is entered, so only the first part read starts past its beginning.
      this.ri = lowerBound(this.rows, this.from, maxKeyOf);
    }
    return this.rows[this.ri];
  }

  private async enter(row: RangeInfo): Promise<void> {
    const data = await this.store.readRange(this.namespace, row.id);
    const { lo, hi } = rowSpan(data, row);
    this.pos = this.from === '' ? lo : lowerBound(data.keys, this.from, identity, lo, hi);
    this.from = '';
    this.end = hi;
    this.data = data;
    this.index = loweredKeys(data);
    this.hit = this.index.text.indexOf(this.needle, this.index.starts[this.pos]);
  }

  private leave(): void {
    this.data = undefined;
    this.index = undefined;
    this.ri++;
  }

  /** The first record in [pos, before) whose key holds the needle; undefined when none does. */
  private matchBefore(before: number): number | undefined {
    const { text, starts } = this.index as LoweredKeys;
    const limit = starts[before] as number;
    while (this.hit >= 0 && this.hit < limit) {
      const at = this.hit;
      const k = keyAt(this.index as LoweredKeys, at);
      this.hit = text.indexOf(this.needle, at + 1);
      // An occurrence across the separator of two keys is no match.
      if (at + this.needle.length < (starts[k + 1] as number)) {
        // Past this key: later occurrences inside it are the same match.
        if (this.hit >= 0 && this.hit < (starts[k + 1] as number)) this.hit = text.indexOf(this.needle, starts[k + 1]);
        return k;
      }
    }
    return undefined;
  }
}

const STAGING_PAGE = STEP_KEYS;

/** The matches among one staging token's keys (entries and tombstones), from `from` on. */
class StagedMatches implements MatchSource {
  private page: { key: string; value: Uint8Array }[] = [];
  private pos = 0;
  private cursor: { from?: string; after?: string };
  private exhausted = false;

  constructor(
    private readonly kv: KvStore,
    private readonly prefix: string,
    from: string,
    private readonly needle: string,
    private readonly deadline: Deadline,
  ) {
    this.cursor = { from: prefix + from };
  }

  async next(): Promise<Step> {
    for (;;) {
      while (this.pos < this.page.length) {
        const item = this.page[this.pos++] as { key: string; value: Uint8Array };
        const key = item.key.slice(this.prefix.length);
        if (key.toLowerCase().includes(this.needle)) return { key, value: () => decodeStaged(item.value) };
      }
      if (this.exhausted) return undefined;
      const last = this.page[this.page.length - 1];
      if (last && this.deadline.passed()) return { key: last.key.slice(this.prefix.length), paused: true };
      this.page = await this.kv.scan({ prefix: this.prefix, ...this.cursor, limit: STAGING_PAGE });
      this.pos = 0;
      if (this.page.length < STAGING_PAGE) this.exhausted = true;
      const end = this.page[this.page.length - 1];
      if (end) this.cursor = { after: end.key };
    }
  }
}

/**
 * The matches of several sources in path order; on equal paths the earliest source wins (staging over sealed over
 * committed) and a tombstone hides the path. It stops at the first pause in path order: every path before it has been
 * looked at by every source. A match at the pause's own path goes first, so resuming after that path loses nothing.
 */
class MergedMatches {
  private heads: Step[] | undefined;

  constructor(private readonly sources: MatchSource[]) {}

  async next(): Promise<ObjectRecord | Paused | undefined> {
    this.heads ??= await Promise.all(this.sources.map((s) => s.next()));
    for (;;) {
      const heads = this.heads;
      let best = -1;
      for (let i = 0; i < heads.length; i++) {
        const h = heads[i];
        if (h && (best < 0 || precedes(h, heads[best] as Match | Paused))) best = i;
      }
      if (best < 0) return undefined;
      const winner = heads[best] as Match | Paused;
      if (isPaused(winner)) return winner;
      for (let i = 0; i < heads.length; i++) {
        const h = heads[i];
        if (h && !isPaused(h) && h.key === winner.key) heads[i] = await (this.sources[i] as MatchSource).next();
      }
      const entry = winner.value();
      if (entry) return { path: winner.key, entry };
    }
  }
}

function precedes(a: Match | Paused, b: Match | Paused): boolean {
  const order = compareKeys(a.key, b.key);
  return order < 0 || (order === 0 && isPaused(b) && !isPaused(a));
}

export interface FindOptions {
  /** The text to look for, in any case. */
  query: string;
  after?: string;
  amount?: number;
}

/** Where a ref's paths are: staging tokens (newest first) over a commit's rows. */
export interface FindScope {
  kv: KvStore;
  trees: TreeStore;
  namespace: string;
  tree: Tree;
  /** Key prefixes of the staging tokens to read, newest first; none for a commit. */
  stagingPrefixes: readonly string[];
}

export async function findScope(ctx: Ctx, repo: string, namespace: string, commitId: string, tokens: readonly string[]): Promise<FindScope> {
  const commit = await ctx.refs.commit(repo, commitId);
  return {
    kv: ctx.kv,
    trees: ctx.trees,
    namespace,
    tree: await ctx.trees.readTree(namespace, commit.metaRangeId),
    stagingPrefixes: tokens.map((t) => keys.staging(repo, t)),
  };
}

/**
 * One page of matches after `after`. `hasMore` with fewer than `amount` results means time ran out: `nextOffset` is
 * then the last path looked at, not necessarily a result.
 */
export async function findObjects(scope: FindScope, o: FindOptions, deadline: Deadline): Promise<Page<ObjectRecord>> {
  const amount = normalizeAmount(o.amount);
  const needle = o.query.toLowerCase();
  const from = startKey('', o.after, '') as string;
  const merged = new MergedMatches([
    ...scope.stagingPrefixes.map((prefix) => new StagedMatches(scope.kv, prefix, from, needle, deadline)),
    new CommittedMatches(scope.trees, scope.namespace, scope.tree, from, needle, deadline),
  ]);
  const results: ObjectRecord[] = [];
  while (results.length <= amount) {
    const step = await merged.next();
    if (!step) return { results, hasMore: false, nextOffset: '' };
    if ('paused' in step) return { results, hasMore: true, nextOffset: step.key };
    results.push(step);
  }
  const page = results.slice(0, amount);
  return { results: page, hasMore: true, nextOffset: (page[page.length - 1] as ObjectRecord).path };
}
