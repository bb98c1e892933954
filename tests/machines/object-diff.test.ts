import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Diff } from '../../src/api/types';
import type { DiffLine } from '../../src/lib/line-diff';
import { objectDiffMachine, type ObjectDiffInput } from '../../src/machines/object-diff';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(objectDiffMachine);

const notes: Diff = { type: 'changed', path: 'notes.txt', path_type: 'object', size_bytes: 10 };

function start(failures: number) {
  let left = failures;
  const machine = objectDiffMachine.provide({
    actors: {
      loadObjectDiff: fromPromise<DiffLine[], ObjectDiffInput>(async () => {
        if (left-- > 0) throw new Error('notes.txt is too big');
        return [{ op: 'equal', text: 'same', left: 1, right: 1 }];
      }),
    },
  });
  return createActor(machine, { input: { entry: notes, sides: { repoId: 'lake', leftRef: 'main@', rightRef: 'main' } }, inspect: coverage.inspect }).start();
}

describe('object diff machine', () => {
  it('loads the lines of its object', async () => {
    const diff = start(0);
    expect(diff.getSnapshot().matches('loading')).toBe(true);
    const shown = await waitFor(diff, (s) => s.matches('shown'), { timeout: 5000 });
    expect(shown.context.lines).toEqual([{ op: 'equal', text: 'same', left: 1, right: 1 }]);
  });

  it('shows a failure, and loads again on retry', async () => {
    const diff = start(1);
    const failed = await waitFor(diff, (s) => s.matches('failed'), { timeout: 5000 });
    expect(String(failed.context.error)).toContain('is too big');
    diff.send({ type: 'diff.retry' });
    const shown = await waitFor(diff, (s) => s.matches('shown'), { timeout: 5000 });
    expect(shown.context.error).toBeNull();
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
