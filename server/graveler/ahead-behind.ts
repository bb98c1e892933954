// How far each of many branch heads has moved away from one base commit: its commits the base lacks (ahead) and the
// base's commits it lacks (behind), all in one walk. Each commit carries a bit set saying which heads reach it (bit 0
// is the base, bit i + 1 the i-th tip). Commits are popped newest first by generation; a child's generation is above
// its parents', so every path to a commit has been explored when it is popped and its bits are final. A head's
// counts are settled once no queued commit can still be on one side only (nothing reached from it alone or from the
// base alone waits in the queue), or once a side has passed the cap. Heads share most of the base's history, so
// one walk over the page costs what the deepest fork point costs, not that times the page's size.
import { CommitQueue } from './commit-queue';
import type { Commit } from './types';

export interface AheadBehindLimits {
  /** A count stops above this; the side is then marked capped and reported as the cap. */
  cap: number;
  /** Commits visited at most; a side not settled by then is reported as counted so far, marked capped. */
  maxVisited: number;
}

export interface AheadBehind {
  ahead: number;
  behind: number;
  /** The count stopped early: there are at least `ahead` such commits, likely more. */
  aheadCapped: boolean;
  behindCapped: boolean;
}

/** What the branch summaries count up to (as GitHub's branch list shows "1000+"), and how far they walk at most. */
export const BRANCH_SUMMARY_LIMITS: AheadBehindLimits = { cap: 1000, maxVisited: 100_000 };

type ReadCommit = (id: string) => Promise<Commit>;

/** Settledness is checked every this many pops: the loop over every tip is too dear to run on each. */
const SETTLED_CHECK_EVERY = 16;

/** The index of the lowest bit set in a non-zero 32-bit word. */
const lowestBit = (word: number) => 31 - Math.clz32(word & -word);

const add = (counts: Int32Array, i: number, by: number) => {
  counts[i] = (counts[i] as number) + by;
};

/** Every commit's bit set, in one growing array (a typed array apiece would cost the walk most of its time). */
class BitSets {
  data: Uint32Array;
  private used = 0;

  constructor(readonly words: number) {
    this.data = new Uint32Array(words * 1024);
  }

  /** A new, empty set: its offset in `data`. */
  add(): number {
    if (this.used + this.words > this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const at = this.used;
    this.used += this.words;
    return at;
  }
}

/**
 * The walk's tallies. Of the commits waiting in the queue and of those popped: how many the base reaches, how many
 * tip t reaches, and how many both reach. Ahead of tip t is popped-by-t minus popped-by-both; its side is still
 * open while a queued commit is reached by t but not by the base; likewise behind.
 */
class Tallies {
  queuedBase = 0;
  poppedBase = 0;
  readonly queuedTip: Int32Array;
  readonly queuedBoth: Int32Array;
  readonly poppedTip: Int32Array;
  readonly poppedBoth: Int32Array;

  constructor(
    readonly tips: number,
    readonly sets: BitSets,
  ) {
    this.queuedTip = new Int32Array(tips);
    this.queuedBoth = new Int32Array(tips);
    this.poppedTip = new Int32Array(tips);
    this.poppedBoth = new Int32Array(tips);
  }

  /** ORs the set at `from` into a queued commit's set at `to`, counting what it adds. */
  mark(to: number, from: number): void {
    const bits = this.sets.data;
    const words = this.sets.words;
    const hadBase = ((bits[to] as number) & 1) !== 0;
    const nowBase = hadBase || ((bits[from] as number) & 1) !== 0;
    if (nowBase && !hadBase) {
      this.queuedBase++;
      // The tips already reaching it now share it with the base.
      for (let w = 0; w < words; w++) {
        for (let word = (bits[to + w] as number) & (w === 0 ? ~1 : ~0); word !== 0; word &= word - 1) add(this.queuedBoth, (w << 5) + lowestBit(word) - 1, 1);
      }
    }
    for (let w = 0; w < words; w++) {
      const fresh = (bits[from + w] as number) & ~(bits[to + w] as number);
      if (fresh === 0) continue;
      bits[to + w] = (bits[to + w] as number) | fresh;
      for (let word = fresh & (w === 0 ? ~1 : ~0); word !== 0; word &= word - 1) {
        const tip = (w << 5) + lowestBit(word) - 1;
        add(this.queuedTip, tip, 1);
        if (nowBase) add(this.queuedBoth, tip, 1);
      }
    }
  }

  /** Moves the commit whose set is at `at` from the queue to the popped ones. */
  pop(at: number): void {
    const bits = this.sets.data;
    const fromBase = ((bits[at] as number) & 1) !== 0;
    if (fromBase) {
      this.queuedBase--;
      this.poppedBase++;
    }
    for (let w = 0; w < this.sets.words; w++) {
      for (let word = (bits[at + w] as number) & (w === 0 ? ~1 : ~0); word !== 0; word &= word - 1) {
        const tip = (w << 5) + lowestBit(word) - 1;
        add(this.queuedTip, tip, -1);
        add(this.poppedTip, tip, 1);
        if (fromBase) {
          add(this.queuedBoth, tip, -1);
          add(this.poppedBoth, tip, 1);
        }
      }
    }
  }

  ahead(t: number): number {
    return (this.poppedTip[t] as number) - (this.poppedBoth[t] as number);
  }

  behind(t: number): number {
    return this.poppedBase - (this.poppedBoth[t] as number);
  }

  /** A queued commit is reached by tip t and not by the base: more may be ahead. */
  aheadOpen(t: number): boolean {
    return this.queuedTip[t] !== this.queuedBoth[t];
  }

  behindOpen(t: number): boolean {
    return this.queuedBase !== this.queuedBoth[t];
  }

  settled(cap: number): boolean {
    for (let t = 0; t < this.tips; t++) {
      if (this.aheadOpen(t) && this.ahead(t) <= cap) return false;
      if (this.behindOpen(t) && this.behind(t) <= cap) return false;
    }
    return true;
  }
}

export async function aheadBehind(readCommit: ReadCommit, base: string, tips: readonly string[], limits: AheadBehindLimits): Promise<AheadBehind[]> {
  const sets = new BitSets((tips.length + 1 + 31) >>> 5);
  const tallies = new Tallies(tips.length, sets);
  /** Where each commit reached so far keeps its set. */
  const setOf = new Map<string, number>();
  const queue = new CommitQueue();

  const reach = async (id: string, from: number) => {
    const known = setOf.get(id);
    if (known !== undefined) {
      tallies.mark(known, from);
      return;
    }
    const at = sets.add();
    setOf.set(id, at);
    tallies.mark(at, from);
    queue.push(await readCommit(id));
  };
  const only = (bit: number) => {
    const at = sets.add();
    sets.data[at + (bit >>> 5)] = 1 << (bit & 31);
    return at;
  };
  await reach(base, only(0));
  for (const [t, tip] of tips.entries()) await reach(tip, only(t + 1));

  for (let visited = 0; visited < limits.maxVisited; visited++) {
    if (visited % SETTLED_CHECK_EVERY === 0 && tallies.settled(limits.cap)) break;
    const c = queue.pop();
    if (!c) break;
    const at = setOf.get(c.id) as number;
    tallies.pop(at);
    for (const parent of c.parents) {
      const known = setOf.get(parent);
      // A parent already waiting takes the bits at once; only a new one is read.
      if (known !== undefined) tallies.mark(known, at);
      else await reach(parent, at);
    }
  }

  return tips.map((_, t) => {
    const ahead = tallies.ahead(t);
    const behind = tallies.behind(t);
    return {
      ahead: Math.min(ahead, limits.cap),
      behind: Math.min(behind, limits.cap),
      aheadCapped: ahead > limits.cap || tallies.aheadOpen(t),
      behindCapped: behind > limits.cap || tallies.behindOpen(t),
    };
  });
}
