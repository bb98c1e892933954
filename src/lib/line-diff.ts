// Line diff for the content diff view: Myers' O((N+M)·D) shortest edit script, giving up on very different files
// (they are then shown as removed-then-added) so the work stays bounded.

export type LineOp = 'equal' | 'insert' | 'delete';

export interface DiffLine {
  op: LineOp;
  text: string;
  /** 1-based line number on the left side (equal and delete lines). */
  left?: number;
  /** 1-based line number on the right side (equal and insert lines). */
  right?: number;
}

const MAX_EDIT_DISTANCE = 4000;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  // A final newline ends the last line rather than starting an empty one.
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function replaceAll(a: readonly string[], b: readonly string[]): DiffLine[] {
  return [
    ...a.map((text, i): DiffLine => ({ op: 'delete', text, left: i + 1 })),
    ...b.map((text, i): DiffLine => ({ op: 'insert', text, right: i + 1 })),
  ];
}

export function diffLines(a: readonly string[], b: readonly string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v for diagonals -d-1..d+1 as it was before step d.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    if (d > MAX_EDIT_DISTANCE) return replaceAll(a, b);
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace);
    }
  }
  return replaceAll(a, b);
}

function backtrack(a: readonly string[], b: readonly string[], trace: Int32Array[]): DiffLine[] {
  const out: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const window = trace[d]!;
    const at = (k: number) => window[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push({ op: 'equal', text: a[x - 1]!, left: x, right: y });
      x--;
      y--;
    }
    if (d > 0) {
      if (x === prevX) out.push({ op: 'insert', text: b[y - 1]!, right: y });
      else out.push({ op: 'delete', text: a[x - 1]!, left: x });
    }
    x = prevX;
    y = prevY;
  }
  return out.reverse();
}

export type DiffHunkItem = { kind: 'line'; line: DiffLine } | { kind: 'skip'; count: number };

/** Keeps `context` unchanged lines around each change and folds longer unchanged runs into one marker. */
export function foldUnchanged(lines: readonly DiffLine[], context = 3): DiffHunkItem[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, i) => {
    if (line.op === 'equal') return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) keep[j] = true;
  });
  const items: DiffHunkItem[] = [];
  let skipped = 0;
  lines.forEach((line, i) => {
    if (keep[i]) {
      if (skipped > 0) items.push({ kind: 'skip', count: skipped });
      skipped = 0;
      items.push({ kind: 'line', line });
    } else {
      skipped++;
    }
  });
  if (skipped > 0) items.push({ kind: 'skip', count: skipped });
  return items;
}

/** A row of a side-by-side view: the old line beside the new one (either absent), or a folded unchanged run. */
export type SplitRow = { kind: 'pair'; left: DiffLine | undefined; right: DiffLine | undefined } | { kind: 'skip'; count: number };

/**
 * Lays folded diff items out side by side: an unchanged line on both sides, and each run of removed lines beside
 * the run of added lines that replaced it, row by row.
 */
export function sideBySide(items: readonly DiffHunkItem[]): SplitRow[] {
  const rows: SplitRow[] = [];
  let removed: DiffLine[] = [];
  let added: DiffLine[] = [];
  const flush = () => {
    for (let i = 0; i < Math.max(removed.length, added.length); i++) rows.push({ kind: 'pair', left: removed[i], right: added[i] });
    removed = [];
    added = [];
  };
  for (const item of items) {
    if (item.kind === 'skip') {
      flush();
      rows.push(item);
    } else if (item.line.op === 'delete') {
      removed.push(item.line);
    } else if (item.line.op === 'insert') {
      added.push(item.line);
    } else {
      flush();
      rows.push({ kind: 'pair', left: item.line, right: item.line });
    }
  }
  flush();
  return rows;
}
