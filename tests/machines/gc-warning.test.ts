import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { gcWarningMachine, type GcWarningInput } from '../../src/machines/gc-warning/machine';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(gcWarningMachine);

function start(input: Partial<GcWarningInput>, hasRules: () => Promise<boolean> = async () => false) {
  const reads: string[] = [];
  const dismissed: string[] = [];
  const machine = gcWarningMachine.provide({
    actors: {
      hasGcRules: fromPromise<boolean, { repoId: string }>(({ input: { repoId } }) => {
        reads.push(repoId);
        return hasRules();
      }),
    },
    actions: { rememberDismissal: (_, { repoId }) => dismissed.push(repoId) },
  });
  const actor = createActor(machine, { input: { repoId: 'lake', applies: true, dismissed: false, ...input }, inspect: coverage.inspect }).start();
  return { actor, reads, dismissed };
}

describe('garbage-collection warning machine', () => {
  it('warns when the repository has no rules, and remembers a dismissal', async () => {
    const { actor, dismissed } = start({});
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'gc.dismiss' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(dismissed).toEqual(['lake']);
  });

  it.each([
    ['the repository has rules', {}, async () => true],
    ['the rules cannot be read', {}, () => Promise.reject(new Error('down'))],
  ])('stays hidden when %s', async (_label, input, hasRules) => {
    const { actor } = start(input, hasRules);
    await waitFor(actor, (s) => s.matches('hidden'));
  });

  it.each([{ applies: false }, { dismissed: true }])('reads nothing when the warning cannot show: %o', (input) => {
    const { actor, reads } = start(input);
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(reads).toEqual([]);
  });

  it('takes every transition', () => coverage.expectAllTaken());
});
