import { describe, expect, it } from 'vitest';
import { fromPromise, not, setup } from 'xstate';
import { activeStateIds, chartOf, type ChartState } from '../../src/dev/statechart-graph';
import { layoutChart } from '../../src/dev/statechart-layout';
import { chartSvg } from '../../src/dev/statechart-svg';

const sample = setup({
  types: { events: {} as { type: 'go' } | { type: 'back' } | { type: 'touch' } | { type: 'a<b>' } },
  actors: { load: fromPromise(async () => 1) },
  guards: { ready: () => true },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  states: {
    idle: {
      on: {
        go: [{ guard: 'ready', target: 'working' }, { guard: not('ready'), target: 'done' }],
        touch: { actions: () => undefined },
        'a<b>': { target: 'idle' },
      },
    },
    working: {
      tags: ['busy'],
      initial: 'loading',
      states: {
        loading: { invoke: { src: 'load', onDone: 'waiting', onError: '#sample.done' } },
        waiting: { after: { 250: 'finished' } },
        finished: { type: 'final' },
        memory: { type: 'history', history: 'deep' },
      },
      onDone: 'both',
      on: { back: 'idle' },
    },
    both: {
      type: 'parallel',
      states: {
        left: { initial: 'l1', states: { l1: { always: 'l2' }, l2: {} } },
        right: {},
      },
    },
    done: { type: 'final' },
  },
});

function find(state: ChartState, id: string): ChartState {
  if (state.id === id) return state;
  for (const child of state.children) {
    const found = find(child, id);
    if (found.id === id) return found;
  }
  return state;
}

describe('statechart graph', () => {
  const chart = chartOf(sample);

  it('nests the states as the machine does, with their kinds, initial children, tags and invoked actors', () => {
    expect(chart.machineId).toBe('sample');
    expect(chart.root).toMatchObject({ id: '', key: 'sample', type: 'compound', initial: 'idle' });
    expect(chart.root.children.map((s) => s.id)).toEqual(['idle', 'working', 'both', 'done']);
    const working = find(chart.root, 'working');
    expect(working).toMatchObject({ type: 'compound', initial: 'working/loading', tags: ['busy'] });
    expect(working.children.map((s) => [s.id, s.type])).toEqual([
      ['working/loading', 'atomic'],
      ['working/waiting', 'atomic'],
      ['working/finished', 'final'],
      ['working/memory', 'history'],
    ]);
    expect(find(chart.root, 'working/memory').history).toBe('deep');
    expect(find(chart.root, 'working/loading').invokes).toEqual(['load']);
    const both = find(chart.root, 'both');
    expect(both.type).toBe('parallel');
    expect(both.initial).toBeUndefined();
    expect(find(chart.root, 'both/left').initial).toBe('both/left/l1');
  });

  it('turns every transition with a target into a labelled edge, with readable names for generated events', () => {
    const edges = chart.transitions.map(({ source, target, label }) => `${source} -> ${target}: ${label}`);
    expect(edges).toEqual(
      expect.arrayContaining([
        'idle -> working: go [ready]',
        'idle -> done: go [not(ready)]',
        'idle -> idle: a<b>',
        'working -> idle: back',
        'working -> both: done',
        'working/loading -> working/waiting: done: load',
        'working/loading -> done: error: load',
        'working/waiting -> working/finished: after 250 ms',
        'both/left/l1 -> both/left/l2: always',
      ]),
    );
    expect(edges).toHaveLength(9);
    expect(new Set(chart.transitions.map((t) => t.id)).size).toBe(chart.transitions.length);
  });

  it('keeps transitions without a target inside their state', () => {
    expect(find(chart.root, 'idle').internal).toEqual(['touch']);
  });

  it('names the active states of a snapshot value, parents included', () => {
    expect(activeStateIds('idle')).toEqual(new Set(['', 'idle']));
    expect(activeStateIds({ working: 'waiting' })).toEqual(new Set(['', 'working', 'working/waiting']));
    expect(activeStateIds({ both: { left: 'l2', right: {} } })).toEqual(
      new Set(['', 'both', 'both/left', 'both/left/l2', 'both/right']),
    );
  });
});

describe('statechart layout and SVG', () => {
  it('places each child box inside its parent and every state once', async () => {
    const layout = await layoutChart(chartOf(sample));
    const boxes = new Map(layout.boxes.map((box) => [box.state.id, box]));
    expect([...boxes.keys()].sort()).toEqual(
      ['', 'both', 'both/left', 'both/left/l1', 'both/left/l2', 'both/right', 'done', 'idle', 'working', 'working/finished', 'working/loading', 'working/memory', 'working/waiting'].sort(),
    );
    for (const [id, box] of boxes) {
      if (id === '') continue;
      const parent = boxes.get(id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '');
      if (!parent) throw new Error(`no parent box for ${id}`);
      expect(box.x, `${id} starts inside its parent`).toBeGreaterThanOrEqual(parent.x);
      expect(box.y).toBeGreaterThanOrEqual(parent.y);
      expect(box.x + box.width, `${id} ends inside its parent`).toBeLessThanOrEqual(parent.x + parent.width);
      expect(box.y + box.height).toBeLessThanOrEqual(parent.y + parent.height);
    }
    expect(layout.edges.filter((edge) => edge.label)).toHaveLength(9);
    expect(layout.edges.every((edge) => edge.points.length >= 2)).toBe(true);
    // One marker for each compound state that starts somewhere: the root, working and both/left.
    expect(layout.initials.map((marker) => marker.parent)).toEqual(['', 'working', 'both/left']);
  });

  it('writes a self-contained SVG on a white background, with text escaped', async () => {
    const svg = chartSvg(await layoutChart(chartOf(sample)));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('<title>Statechart of the sample machine</title>');
    expect(svg).toMatch(/<rect width="[\d.]+" height="[\d.]+" fill="#ffffff"\/>/);
    expect(svg).toContain('a&lt;b&gt;');
    expect(svg).not.toContain('a<b>');
    expect(svg).not.toMatch(/<script|<style|<image|href="http|@import/);
    expect(svg).not.toContain('data-active');
  });

  it('draws the same bytes for the same machine', async () => {
    const [first, second] = await Promise.all([layoutChart(chartOf(sample)), layoutChart(chartOf(sample))]);
    expect(chartSvg(second)).toBe(chartSvg(first));
  });

  it('highlights the active states only', async () => {
    const layout = await layoutChart(chartOf(sample));
    const svg = chartSvg(layout, { active: activeStateIds({ working: 'waiting' }) });
    const highlighted = [...svg.matchAll(/data-state="([^"]*)" data-active="true"/g)].map((match) => match[1]);
    expect(highlighted).toEqual(['', 'working', 'working/waiting']);
  });
});
