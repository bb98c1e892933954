import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Navigation } from '../../src/lib/screen';
import { prefixFilter, prefixSearchMachine } from '../../src/machines/prefix-search';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(prefixSearchMachine);

/** The search params a navigation leaves when it starts from `prev`. */
function searchAfter(navigation: Navigation, prev: Record<string, unknown>): unknown {
  const search: unknown = navigation.search;
  return typeof search === 'function' ? (search as (p: Record<string, unknown>) => unknown)(prev) : search;
}

function start(prefix: string | undefined) {
  const navigations: Navigation[] = [];
  const machine = prefixSearchMachine.provide({ actions: { navigate: (_, navigation: Navigation) => void navigations.push(navigation) } });
  const actor = createActor(machine, { input: { prefix }, inspect: coverage.inspect }).start();
  const box = () => prefixFilter(actor.getSnapshot()).getSnapshot().context.text;
  const type = (text: string) => prefixFilter(actor.getSnapshot()).send({ type: 'filter.input', text });
  return { actor, navigations, box, type };
}

describe('prefix search machine', () => {
  it('shows the URL prefix, and puts what typing paused on in the URL without the cursor', async () => {
    const { navigations, box, type } = start('la');
    expect(box()).toBe('la');
    type('lak');
    type('lake');
    expect(navigations).toHaveLength(0);
    await expect.poll(() => navigations.length, { timeout: 5000 }).toBe(1);
    expect(navigations[0]?.replace).toBe(true);
    expect(searchAfter(navigations[0]!, { prefix: 'la', after: 'lab' })).toEqual({ prefix: 'lake', after: undefined });
  });

  it('clears the prefix from the URL when the box is emptied', async () => {
    const { navigations, type } = start('la');
    type('');
    await expect.poll(() => navigations.length, { timeout: 5000 }).toBe(1);
    expect(searchAfter(navigations[0]!, { prefix: 'la' })).toEqual({ prefix: undefined, after: undefined });
  });

  it('shows a prefix the URL got without typing (Back), but not the echo of its own search over newer typing', async () => {
    const { actor, navigations, box, type } = start(undefined);
    expect(box()).toBe('');
    type('la');
    await expect.poll(() => navigations.length, { timeout: 5000 }).toBe(1);
    type('lak');
    // The URL catches up with the search typed before 'k'.
    actor.send({ type: 'route.changed', input: { prefix: 'la' } });
    expect(box()).toBe('lak');
    // Back, to the page before any search.
    actor.send({ type: 'route.changed', input: { prefix: undefined } });
    expect(box()).toBe('');
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
