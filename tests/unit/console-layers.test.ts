// The console's modules: no import cycles, loaders that read without knowing the views or the flows, and machines
// without React (a machine runs headless in its tests; hooks that wire one to a route live in src/lib).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, readImportGraph } from './import-graph';

const graph = readImportGraph(resolve(import.meta.dirname, '..', '..', 'src'), ['.ts', '.tsx']);
const under = (folder: string) => [...graph.files].filter(([file]) => graph.name(file).startsWith(`${folder}/`));

describe('console layers', () => {
  it('reads the whole console', () => {
    expect(graph.files.size).toBeGreaterThan(300);
  });

  it('has no import cycles', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('has loaders that import nothing from the views or the machines', () => {
    const wrong = under('loaders').flatMap(([file, { local }]) =>
      local.filter((target) => /^(ui|machines)\//.test(graph.name(target))).map((target) => `${graph.name(file)} → ${graph.name(target)}`),
    );
    expect(wrong).toEqual([]);
  });

  it('has machines that import no React', () => {
    const wrong = under('machines').flatMap(([file, { packages }]) =>
      packages.filter((p) => p === 'react' || p.startsWith('@xstate/react') || p.startsWith('@tanstack/react-router')).map((p) => `${graph.name(file)} → ${p}`),
    );
    expect(wrong).toEqual([]);
  });
});
