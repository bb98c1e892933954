// The file finder: object paths of a ref that hold the query's letters in order, in any case (path-match.ts). The
// walk goes in path order: committed ranges are searched through their lowered keys (lowered-keys.ts) and an entry
// is decoded only for a match; staging is searched on its keys the same way. The walk stops after a time budget, so
// a rare query over a large tree still answers in time: the page then says where it stopped and the caller
// continues from there. Each page is answered best first.
import { compareKeys } from '../kv/keys';
import type { KvStore } from '../kv/index';
import { decodeStaged } from './codec';
import type { Ctx } from './context';
import { lowerBound, maxKeyOf, rowSpan } from './iterators';
import { keyAt, loweredKeys, type LoweredKeys } from './lowered-keys';
import { normalizeAmount, startKey } from './paginate';
import { holdsLetters, queryLetters, rankPaths } from './path-match';
import { keys } from './records';
import type { RangeData, RangeInfo } from './range-codec';
import type { Tree } from './tree-parts';
import type { TreeStore } from './tree-store';
import type { ObjectEntry, ObjectRecord, Page } from './types';

/** A path that holds the letters; its value is read only if it is reported (null: a staged tombstone). */
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
  /** No record of the current row before this one holds the letters (a search ahead learnt it). */
  private candidate = 0;
  /** Paths left to look at before the next look at the clock. */
  private untilCheck = STEP_KEYS;
  private lastLooked = '';

  constructor(
    private readonly store: TreeStore,
    private readonly namespace: string,
    private readonly parts: Tree,
    private from: string,
    private readonly letters: string,
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
      this.lastLooked = data.key(to - 1);
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
    this.pos = this.from === '' ? lo : data.search(this.from, lo, hi);
    this.from = '';
    this.end = hi;
    this.data = data;
    this.index = loweredKeys(data);
    this.candidate = this.pos;
  }

  private leave(): void {
    this.data = undefined;
    this.index = undefined;
    this.ri++;
  }

  /** The first record in [pos, before) whose key holds the letters; undefined when none does. */
  private matchBefore(before: number): number | undefined {
    if (this.candidate >= before) return undefined;
    const found = firstHolding(this.index as LoweredKeys, this.letters, Math.max(this.pos, this.candidate), before);
    this.candidate = found.key + (found.holds ? 1 : 0);
    return found.holds ? found.key : undefined;
  }
}

/**
 * The first key in [from, before) of a file's lowered keys that holds the letters in order, or where the search
 * stopped: every key before `key` is known not to hold them (keys.length when none of the rest does). Each letter is
 * found by a native `indexOf` over the whole text, so keys without the letters are passed over in one call, and a
 * letter found only in a later key rules out every key up to that one.
 */
function firstHolding(index: LoweredKeys, letters: string, from: number, before: number): { key: number; holds: boolean } {
  const { text, starts } = index;
  const none = { key: starts.length - 1, holds: false };
  let k = from;
  while (k < before) {
    let at = text.indexOf(letters[0] as string, starts[k]);
    if (at < 0) return none;
    k = keyAt(index, at);
    if (k >= before) return { key: k, holds: false };
    // The separator after key k: a letter found at or past it is in a later key.
    const end = (starts[k + 1] as number) - 1;
    let i = 1;
    for (; i < letters.length; i++) {
      at = text.indexOf(letters[i] as string, at + 1);
      if (at < 0) return none;
      if (at >= end) break;
    }
    if (i === letters.length) return { key: k, holds: true };
    // Letter i is in no key between k and the one holding `at`: none of them can match.
    k = Math.max(k + 1, keyAt(index, at));
  }
  return { key: k, holds: false };
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
    private readonly letters: string,
    private readonly deadline: Deadline,
  ) {
    this.cursor = { from: prefix + from };
  }

  async next(): Promise<Step> {
    for (;;) {
      while (this.pos < this.page.length) {
        const item = this.page[this.pos++] as { key: string; value: Uint8Array };
        const key = item.key.slice(this.prefix.length);
        if (holdsLetters(key.toLowerCase(), this.letters)) return { key, value: () => decodeStaged(item.value) };
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
  /** The letters to look for, in order and any case; spaces are ignored. */
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
 * One page of matches after `after`: the next `amount` matches in path order, answered best first. `nextOffset` is
 * the last of them in path order; `hasMore` with fewer than `amount` results means time ran out, and `nextOffset` is
 * then the last path looked at, not necessarily a result. A query without letters (spaces only) matches nothing.
 */
export async function findObjects(scope: FindScope, o: FindOptions, deadline: Deadline): Promise<Page<ObjectRecord>> {
  const amount = normalizeAmount(o.amount);
  const letters = queryLetters(o.query);
  if (letters === '') return { results: [], hasMore: false, nextOffset: '' };
  const from = startKey('', o.after, '') as string;
  const merged = new MergedMatches([
    ...scope.stagingPrefixes.map((prefix) => new StagedMatches(scope.kv, prefix, from, letters, deadline)),
    new CommittedMatches(scope.trees, scope.namespace, scope.tree, from, letters, deadline),
  ]);
  const results: ObjectRecord[] = [];
  const ranked = (page: ObjectRecord[]) => rankPaths(page, o.query).map((r) => r.item);
  while (results.length <= amount) {
    const step = await merged.next();
    if (!step) return { results: ranked(results), hasMore: false, nextOffset: '' };
    if ('paused' in step) return { results: ranked(results), hasMore: true, nextOffset: step.key };
    results.push(step);
  }
  const page = results.slice(0, amount);
  return { results: ranked(page), hasMore: true, nextOffset: (page[page.length - 1] as ObjectRecord).path };
}
