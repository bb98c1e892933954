import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { gcWarningMachine, type GcWarningInput } from '../../src/machines/gc-warning/machine';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(gcWarningMachine);

const DAY = 24 * 60 * 60;
const now = 1_700_000_000;
/** A repository on s3, a month old: the warning applies to it. */
const applying: GcWarningInput = { repoId: 'lake', storageNamespace: 's3://bucket/lake', creationDate: now - 30 * DAY, now };

function start(
  input: Partial<GcWarningInput>,
  hasRules: () => Promise<boolean> = async () => false,
  { dismissedBefore = false }: { dismissedBefore?: boolean } = {},
) {
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
    guards: { dismissed: () => dismissedBefore },
  });
  const actor = createActor(machine, { input: { ...applying, ...input }, inspect: coverage.inspect }).start();
  return { actor, reads, dismissed };
}

describe('garbage-collection warning machine', () => {
  it('warns when the repository has no rules, and remembers a dismissal', async () => {
    const { actor, dismissed } = start({});
    await waitFor(actor, (s) => s.matches('shown'), { timeout: 5000 });
    actor.send({ type: 'gc.dismiss' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(dismissed).toEqual(['lake']);
  });

  it.each([
    ['the repository has rules', {}, async () => true],
    ['the rules cannot be read', {}, () => Promise.reject(new Error('down'))],
  ])('stays hidden when %s', async (_label, input, hasRules) => {
    const { actor } = start(input, hasRules);
    await waitFor(actor, (s) => s.matches('hidden'), { timeout: 5000 });
  });

  it.each([
    ['on local storage', { storageNamespace: 'local://lake' }, false],
    ['for a repository younger than 14 days', { creationDate: now - 13 * DAY }, false],
    ['once dismissed for the repository', {}, true],
  ])('reads nothing when the warning cannot show: %s', (_label, input, dismissedBefore) => {
    const { actor, reads } = start(input, undefined, { dismissedBefore });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    expect(reads).toEqual([]);
  });

  it('takes every transition', () => coverage.expectAllTaken());
});
