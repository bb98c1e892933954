import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ResolvedRef } from '../../src/api/types';
import { permalinkMachine, type PermalinkRequest } from '../../src/machines/permalink/machine';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';
import type { Navigation } from '../../src/lib/screen';

const coverage = transitionCoverage(permalinkMachine);
const COMMIT = 'c0ffee'.padEnd(64, '1');

function start() {
  const resolutions = controlled<ResolvedRef, PermalinkRequest>();
  const said: string[] = [];
  const addresses: unknown[] = [];
  const machine = permalinkMachine.provide({
    actors: { resolve: resolutions.logic },
    actions: {
      // Where the address goes from a page at 'main': the ref replaced, the rest kept.
      navigate: (_, navigation: Navigation) =>
        void addresses.push({
          replace: navigation.replace,
          search: (navigation.search as (prev: Record<string, unknown>) => unknown)({ ref: 'main', path: 'data/' }),
        }),
      announce: (_, commitId) => void said.push(`permalink ${commitId}`),
      report: (_, error) => void said.push(`failed: ${(error as Error).message}`),
    },
  });
  const actor = createActor(machine, { inspect: coverage.inspect }).start();
  return { actor, resolutions, said, addresses };
}

describe('permalink machine', () => {
  it('resolves the page’s ref now and puts the commit id into the address', async () => {
    const { actor, resolutions, said, addresses } = start();
    actor.send({ type: 'permalink.make', repoId: 'lake', ref: 'main' });
    actor.send({ type: 'permalink.make', repoId: 'lake', ref: 'main' });
    expect(resolutions.calls.map((c) => c.input)).toEqual([{ repoId: 'lake', ref: 'main' }]);
    resolutions.last().resolve({ kind: 'branch', id: 'main', commitId: COMMIT });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(addresses).toEqual([{ replace: true, search: { ref: COMMIT, path: 'data/' } }]);
    expect(said).toEqual([`permalink ${COMMIT}`]);
  });

  it('reports a ref that cannot be resolved and leaves the address alone', async () => {
    const { actor, resolutions, said, addresses } = start();
    actor.send({ type: 'permalink.make', repoId: 'lake', ref: 'gone' });
    resolutions.last().reject(new Error('ref not found'));
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(addresses).toEqual([]);
    expect(said).toEqual(['failed: ref not found']);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
