import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diffLines, foldUnchanged, sideBySide, splitLines } from '../../src/lib/line-diff';

const apply = (lines: ReturnType<typeof diffLines>) => ({
  left: lines.filter((l) => l.op !== 'insert').map((l) => l.text),
  right: lines.filter((l) => l.op !== 'delete').map((l) => l.text),
});

describe('diffLines', () => {
  it('finds the shortest edit between two texts', () => {
    const lines = diffLines(splitLines('a\nb\nc\nd\n'), splitLines('a\nc\nd\ne\n'));
    expect(lines.map((l) => `${l.op[0]}${l.text}`)).toEqual(['ea', 'db', 'ec', 'ed', 'ie']);
    expect(lines.find((l) => l.text === 'e')).toMatchObject({ right: 4 });
    expect(lines.find((l) => l.text === 'b')).toMatchObject({ left: 2 });
  });

  it('handles empty sides', () => {
    expect(diffLines([], ['x']).map((l) => l.op)).toEqual(['insert']);
    expect(diffLines(['x'], []).map((l) => l.op)).toEqual(['delete']);
    expect(diffLines([], [])).toEqual([]);
  });

  it('always rebuilds both sides, with the fewest changed lines for small inputs', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 12 }), fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 12 }), (a, b) => {
        const lines = diffLines(a, b);
        expect(apply(lines)).toEqual({ left: a, right: b });
        // Shortest edit = n + m - 2·LCS.
        const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
        for (let i = 1; i <= a.length; i++)
          for (let j = 1; j <= b.length; j++)
            lcs[i]![j] = a[i - 1] === b[j - 1] ? lcs[i - 1]![j - 1]! + 1 : Math.max(lcs[i - 1]![j]!, lcs[i]![j - 1]!);
        const edits = lines.filter((l) => l.op !== 'equal').length;
        expect(edits).toBe(a.length + b.length - 2 * lcs[a.length]![b.length]!);
      }),
    );
  });

  it('folds long unchanged runs around the changes', () => {
    const a = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    const b = [...a];
    b[10] = 'changed';
    const items = foldUnchanged(diffLines(a, b), 2);
    expect(items[0]).toEqual({ kind: 'skip', count: 8 });
    expect(items.at(-1)).toEqual({ kind: 'skip', count: 7 });
    expect(items.filter((i) => i.kind === 'line')).toHaveLength(6);
  });
});

describe('sideBySide', () => {
  it('puts each removed run beside the added run that replaced it, and unchanged lines on both sides', () => {
    const items = foldUnchanged(diffLines(splitLines('a\nb\nc\nd\n'), splitLines('a\nB\nd\ne\nf\n')), 1);
    const shown = sideBySide(items).map((row) =>
      row.kind === 'skip' ? `skip ${row.count}` : `${row.left?.text ?? '-'}|${row.right?.text ?? '-'}`,
    );
    expect(shown).toEqual(['a|a', 'b|B', 'c|-', 'd|d', '-|e', '-|f']);
  });

  it('keeps folded runs as one row', () => {
    const same = Array.from({ length: 10 }, (_, i) => `line ${i}`);
    const rows = sideBySide(foldUnchanged(diffLines(same, [...same.slice(0, 9), 'changed']), 1));
    expect(rows[0]).toEqual({ kind: 'skip', count: 8 });
    expect(rows.at(-1)).toMatchObject({ kind: 'pair', left: { text: 'line 9' }, right: { text: 'changed' } });
  });
});
