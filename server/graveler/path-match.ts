// The file finder's rule (as GitHub's `t`): a path matches when it holds the query's letters in order, in any case,
// spaces in the query ignored; the better the letters name the file, the higher it ranks. The console keeps a copy
// of this module (src/lib/finder-rank.ts) to highlight the letters and rank the pages it gathers: server code never
// reaches the console's bundle, so the two are kept equal by a parity test (tests/unit/finder-rank.test.ts). Change
// both together.

/** Where a path holds the query's letters, and how well. */
export interface PathMatch {
  /** The path's code units that matched, ascending: one per letter of the query (fewer for a few rare letters). */
  positions: number[];
  /** The letters occur as one run: such a path ranks above every scattered one. */
  exact: boolean;
  score: number;
}

export interface RankedPath<T> {
  item: T;
  match: PathMatch;
}

/** The letters of a query, as matched: in lower case, without spaces. */
export function queryLetters(query: string): string {
  return query.toLowerCase().replace(/\s+/g, '');
}

/** Whether `hay` (already in lower case) holds `letters` in order. */
export function holdsLetters(hay: string, letters: string): boolean {
  if (letters === '') return false;
  let at = -1;
  for (let i = 0; i < letters.length; i++) {
    at = hay.indexOf(letters[i] as string, at + 1);
    if (at < 0) return false;
  }
  return true;
}

/** Every letter scores; a letter that starts a folder or the name, or a word in it, scores more (as in fzf). */
const LETTER = 16;
const SEGMENT_START = 12;
const WORD_START = 8;
/** The name is what the user looks for: its letters outrank the same letters in a folder. */
const IN_NAME = 4;
const CONSECUTIVE = 8;
/** A gap between two letters costs GAP_START, and GAP_EXTEND more for each skipped character after the first. */
const GAP_START = 3;
const GAP_EXTEND = 1;
/** The best placement is searched over letters × characters cells; past this, the leftmost placement is scored. */
const MAX_CELLS = 1 << 14;
const NONE = -1e9;

const NO_MATCH: PathMatch = { positions: [], exact: false, score: Number.NEGATIVE_INFINITY };

function letterScore(hay: string, nameStart: number, at: number): number {
  const before = at === 0 ? '/' : (hay[at - 1] as string);
  const boundary = before === '/' ? SEGMENT_START : before === '_' || before === '-' || before === '.' || before === ' ' ? WORD_START : 0;
  return LETTER + boundary + (at >= nameStart ? IN_NAME : 0);
}

/** The score of the letters placed at `positions` (ascending), as the search below maximises it. */
function scoreOf(hay: string, nameStart: number, positions: readonly number[]): number {
  let score = 0;
  for (let i = 0; i < positions.length; i++) {
    const at = positions[i] as number;
    score += letterScore(hay, nameStart, at);
    if (i > 0) {
      const gap = at - (positions[i - 1] as number) - 1;
      score += gap === 0 ? CONSECUTIVE : -(GAP_START + GAP_EXTEND * (gap - 1));
    }
  }
  return score;
}

/** The best of the letters' runs in `hay`; the first of equals. */
function bestRun(hay: string, nameStart: number, letters: string): number[] {
  let best: number[] = [];
  let bestScore = NONE;
  for (let at = hay.indexOf(letters); at >= 0; at = hay.indexOf(letters, at + 1)) {
    const run = Array.from({ length: letters.length }, (_, i) => at + i);
    const score = scoreOf(hay, nameStart, run);
    if (score > bestScore) {
      best = run;
      bestScore = score;
    }
  }
  return best;
}

/** The leftmost placement of the letters, each as early as it can be. */
function leftmost(hay: string, letters: string): number[] {
  const positions: number[] = [];
  let at = -1;
  for (const letter of letters) {
    at = hay.indexOf(letter, at + 1);
    positions.push(at);
  }
  return positions;
}

/** The search's tables, best[i * n + j] and from[i * n + j], shared by every search: MAX_CELLS each. */
const best = new Float64Array(MAX_CELLS);
const from = new Int32Array(MAX_CELLS);

/** The rightmost placement of the letters, each as late as it can be. */
function rightmost(hay: string, letters: string): number[] {
  const positions = new Array<number>(letters.length);
  let at = hay.length;
  for (let i = letters.length - 1; i >= 0; i--) {
    at = hay.lastIndexOf(letters[i] as string, at - 1);
    positions[i] = at;
  }
  return positions;
}

/**
 * The placement of the letters with the highest score (a dynamic programme over letters × characters, with affine
 * gaps): best[i][j] is the best score of letters 0..i with letter i at character j. Letter i can only be between its
 * leftmost and its rightmost placement, so only those characters are visited.
 */
function bestPlacement(hay: string, nameStart: number, letters: string): number[] {
  const n = hay.length;
  const m = letters.length;
  const lo = leftmost(hay, letters);
  const hi = rightmost(hay, letters);
  // Every cell read is written first or is NONE: the search is many small ones over a page, so the tables are shared.
  best.fill(NONE, 0, m * n);
  for (let i = 0; i < m; i++) {
    const letter = letters[i] as string;
    const row = i * n;
    const above = row - n;
    // The best score of letter i-1 at a k <= j-2, less its gap to j: carried along the row.
    let gapped = NONE;
    let gappedFrom = -1;
    for (let j = i === 0 ? (lo[0] as number) : (lo[i - 1] as number) + 1; j <= (hi[i] as number); j++) {
      if (i > 0 && j >= 2) {
        const opened = (best[above + j - 2] as number) - GAP_START;
        const extended = gapped === NONE ? NONE : gapped - GAP_EXTEND;
        if (best[above + j - 2] !== NONE && opened >= extended) {
          gapped = opened;
          gappedFrom = j - 2;
        } else {
          gapped = extended;
        }
      }
      if (hay[j] !== letter) continue;
      const score = letterScore(hay, nameStart, j);
      if (i === 0) {
        best[j] = score;
        continue;
      }
      const adjacent = best[above + j - 1] as number;
      if (adjacent !== NONE && adjacent + CONSECUTIVE >= gapped) {
        best[row + j] = adjacent + CONSECUTIVE + score;
        from[row + j] = j - 1;
      } else if (gapped !== NONE) {
        best[row + j] = gapped + score;
        from[row + j] = gappedFrom;
      }
    }
  }
  let end = -1;
  for (let j = lo[m - 1] as number, top = NONE, last = (m - 1) * n; j <= (hi[m - 1] as number); j++) {
    if ((best[last + j] as number) > top) {
      top = best[last + j] as number;
      end = j;
    }
  }
  const positions = new Array<number>(m);
  for (let i = m - 1; i >= 0; i--) {
    positions[i] = end;
    end = from[i * n + end] as number;
  }
  return positions;
}

/**
 * The path's code units that the lower case form's `positions` came from: a few characters change length in lower
 * case ('İ' becomes two units), and the letters are matched in the path's lower case form as a whole, as the search
 * does.
 */
function originsOf(path: string, positions: readonly number[]): number[] {
  const origins: number[] = [];
  for (let at = 0; at < path.length; ) {
    const point = path.codePointAt(at) as number;
    const lower = String.fromCodePoint(point).toLowerCase();
    for (let k = 0; k < lower.length; k++) origins.push(at);
    at += point > 0xffff ? 2 : 1;
  }
  return [...new Set(positions.map((at) => origins[at] ?? path.length - 1))];
}

/** Where `letters` (queryLetters) are in `path` and how well they name it; null when the path does not hold them in order. */
function matchLetters(path: string, letters: string): PathMatch | null {
  const hay = path.toLowerCase();
  if (!holdsLetters(hay, letters)) return null;
  const nameStart = hay.lastIndexOf('/') + 1;
  const exact = hay.includes(letters);
  const placed = exact
    ? bestRun(hay, nameStart, letters)
    : letters.length * hay.length <= MAX_CELLS
      ? bestPlacement(hay, nameStart, letters)
      : leftmost(hay, letters);
  const positions = hay.length === path.length ? placed : originsOf(path, placed);
  return { positions, exact, score: scoreOf(hay, nameStart, placed) };
}

/** Where `query`'s letters are in `path` and how well they name it; null when the path does not hold them in order. */
export function matchPath(path: string, query: string): PathMatch | null {
  return matchLetters(path, queryLetters(query));
}

/** Code unit order, as the store orders paths (never the locale's). */
const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Best first: a run of the letters above scattered letters, then the higher score, the shorter path, path order. */
export function compareRanked(a: RankedPath<{ path: string }>, b: RankedPath<{ path: string }>): number {
  if (a.match.exact !== b.match.exact) return a.match.exact ? -1 : 1;
  if (a.match.score !== b.match.score) return a.match.score > b.match.score ? -1 : 1;
  if (a.item.path.length !== b.item.path.length) return a.item.path.length - b.item.path.length;
  return byPath(a.item.path, b.item.path);
}

/** The items, best first for `query`; one the rule finds no letters in goes last, with no positions. */
export function rankPaths<T extends { path: string }>(items: readonly T[], query: string): RankedPath<T>[] {
  const letters = queryLetters(query);
  return items.map((item) => ({ item, match: matchLetters(item.path, letters) ?? NO_MATCH })).sort(compareRanked);
}
