import { describe, expect, it } from 'vitest';
import { emptyGraphLayout, extendGraphLayout, incrementalGraphLayout, labelsByCommit, type GraphCommit, type GraphLayout, type GraphRow } from '../../src/lib/commit-graph';

const c = (id: string, ...parents: string[]): GraphCommit => ({ id, parents });
const layOut = (...commits: GraphCommit[]) => extendGraphLayout(emptyGraphLayout as GraphLayout, commits);
/** A row without its commit, keyed by id, for compact expectations. */
const shape = (row: GraphRow) => ({ lane: row.lane, through: row.through, incoming: row.incoming, outgoing: row.outgoing, width: row.width });
const byId = (layout: GraphLayout) => Object.fromEntries(layout.rows.map((row) => [row.commit.id, shape(row)]));
const lanesOf = (layout: GraphLayout) => layout.rows.map((row) => row.lane);

describe('commit graph lanes', () => {
  it('keeps a linear history in one lane', () => {
    const layout = layOut(c('c3', 'c2'), c('c2', 'c1'), c('c1'));
    expect(byId(layout)).toEqual({
      c3: { lane: 0, through: [], incoming: [], outgoing: [0], width: 1 },
      c2: { lane: 0, through: [], incoming: [0], outgoing: [0], width: 1 },
      c1: { lane: 0, through: [], incoming: [0], outgoing: [], width: 1 },
    });
    expect(layout.lanes).toEqual([]);
    expect(layout.width).toBe(1);
  });

  it('gives a second branch head its own lane, which ends where it forks off', () => {
    // main: m2 - base; feature: f1 - base
    const layout = layOut(c('m2', 'base'), c('f1', 'base'), c('base'));
    expect(byId(layout)).toEqual({
      m2: { lane: 0, through: [], incoming: [], outgoing: [0], width: 1 },
      f1: { lane: 1, through: [0], incoming: [], outgoing: [1], width: 2 },
      base: { lane: 0, through: [], incoming: [0, 1], outgoing: [], width: 2 },
    });
    expect(layout.width).toBe(2);
  });

  it('opens a lane for the second parent of a merge and closes it at the fork', () => {
    // merge of f1 into m1; both from base.
    const layout = layOut(c('merge', 'm1', 'f1'), c('m1', 'base'), c('f1', 'base'), c('base'));
    expect(byId(layout)).toEqual({
      merge: { lane: 0, through: [], incoming: [], outgoing: [0, 1], width: 2 },
      m1: { lane: 0, through: [1], incoming: [0], outgoing: [0], width: 2 },
      f1: { lane: 1, through: [0], incoming: [1], outgoing: [1], width: 2 },
      base: { lane: 0, through: [], incoming: [0, 1], outgoing: [], width: 2 },
    });
  });

  it('sends a merge edge to the lane already waiting for that parent', () => {
    // A head (f2) still waits for f1 when the merge reaches f1 as its second parent.
    const layout = layOut(c('f2', 'f1'), c('merge', 'm1', 'f1'), c('f1', 'base'), c('m1', 'base'), c('base'));
    expect(byId(layout).merge).toEqual({ lane: 1, through: [0], incoming: [], outgoing: [1, 0], width: 2 });
    expect(byId(layout).f1).toEqual({ lane: 0, through: [1], incoming: [0], outgoing: [0], width: 2 });
    expect(layout.width).toBe(2);
  });

  it('lays out an octopus merge with a lane for each further parent', () => {
    const layout = layOut(c('octo', 'a', 'b', 'c'), c('a', 'base'), c('b', 'base'), c('c', 'base'), c('base'));
    expect(byId(layout).octo).toEqual({ lane: 0, through: [], incoming: [], outgoing: [0, 1, 2], width: 3 });
    expect(byId(layout).c).toEqual({ lane: 2, through: [0, 1], incoming: [2], outgoing: [2], width: 3 });
    expect(byId(layout).base).toEqual({ lane: 0, through: [], incoming: [0, 1, 2], outgoing: [], width: 3 });
  });

  it('puts many branch heads side by side', () => {
    const heads = Array.from({ length: 6 }, (_, i) => c(`h${i}`, 'root'));
    const layout = layOut(...heads, c('root'));
    expect(lanesOf(layout)).toEqual([0, 1, 2, 3, 4, 5, 0]);
    expect(layout.rows.at(-1)?.incoming).toEqual([0, 1, 2, 3, 4, 5]);
    expect(layout.rows[3]?.through).toEqual([0, 1, 2]);
    expect(layout.width).toBe(6);
    expect(layout.lanes).toEqual([]);
  });

  it('reuses a freed lane for the next head instead of widening the graph', () => {
    // p ends lane 1 (a root commit) between lanes 0 and 2, which still wait for r; the head h3 takes lane 1 again.
    const layout = layOut(c('h0', 'r'), c('h1', 'p'), c('h2', 'r'), c('p'), c('h3', 'r'), c('r'));
    expect(lanesOf(layout)).toEqual([0, 1, 2, 1, 1, 0]);
    expect(byId(layout).h3).toEqual({ lane: 1, through: [0, 2], incoming: [], outgoing: [1], width: 3 });
    expect(layout.width).toBe(3);
    expect(layout.lanes).toEqual([]);
  });

  it('gives the same layout page by page as all at once', () => {
    const commits = [c('merge', 'm1', 'f2'), c('f2', 'f1'), c('m1', 'base'), c('f1', 'base'), c('t', 'base'), c('base')];
    const whole = layOut(...commits);
    let paged: GraphLayout = emptyGraphLayout;
    for (let i = 0; i < commits.length; i += 2) paged = extendGraphLayout(paged, commits.slice(i, i + 2));
    expect(paged.rows.map(shape)).toEqual(whole.rows.map(shape));
    expect(paged.width).toBe(whole.width);
  });

  it('leaves the layout it extends unchanged', () => {
    const first = layOut(c('a', 'b'));
    const lanes = [...first.lanes];
    extendGraphLayout(first, [c('b')]);
    expect(first.lanes).toEqual(lanes);
    expect(first.rows).toHaveLength(1);
  });
});

describe('incremental graph layout', () => {
  it('lays out only the commits appended since the last call, and starts over for another list', () => {
    const layoutOf = incrementalGraphLayout<GraphCommit>();
    const first = [c('m2', 'm1'), c('f1', 'm1')];
    const grown = [...first, c('m1')];
    const once = layoutOf(first);
    expect(layoutOf(first)).toBe(once);
    const twice = layoutOf(grown);
    expect(twice.rows.slice(0, 2)).toEqual(once.rows);
    expect(twice.rows.map(shape)).toEqual(layOut(...grown).rows.map(shape));
    // A list that does not extend the last one (a reload) is laid out afresh.
    const reloaded = [c('x')];
    expect(layoutOf(reloaded).rows.map((row) => row.commit.id)).toEqual(['x']);
  });
});

describe('ref labels', () => {
  it('collects the branches and tags at each commit', () => {
    const labels = labelsByCommit(
      [
        { id: 'main', commit_id: 'a' },
        { id: 'dev', commit_id: 'a' },
        { id: 'side', commit_id: 'b' },
      ],
      [{ id: 'v1', commit_id: 'a' }],
    );
    expect(labels.get('a')).toEqual({ branches: ['main', 'dev'], tags: ['v1'] });
    expect(labels.get('b')).toEqual({ branches: ['side'], tags: [] });
    expect(labels.get('c')).toBeUndefined();
  });
});
