import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Commit } from '../../src/api/types';
import { blameMachine, type BlameInput } from '../../src/machines/blame';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(blameMachine);
const commit: Commit = { id: 'c1', parents: [], committer: 'ada', message: 'Add data', creation_date: 1, meta_range_id: '' };

function start(answers: Array<() => Promise<Commit | undefined>>) {
  const asked: BlameInput[] = [];
  const machine = blameMachine.provide({
    actors: {
      lastCommit: fromPromise<Commit | undefined, BlameInput>(({ input }) => {
        asked.push(input);
        return answers.shift()!();
      }),
    },
  });
  const input = { repoId: 'lake', refId: 'main', target: { path: 'data/', pathType: 'common_prefix' as const } };
  return { actor: createActor(machine, { input, inspect: coverage.inspect }).start(), asked };
}

describe('blame machine', () => {
  it('finds the last commit of its target, or none', async () => {
    const { actor, asked } = start([async () => commit]);
    expect((await waitFor(actor, (s) => s.matches('found'), { timeout: 5000 })).context.commit).toEqual(commit);
    expect(asked[0]?.target).toEqual({ path: 'data/', pathType: 'common_prefix' });
  });

  it('shows a failure and asks again on retry', async () => {
    const { actor, asked } = start([() => Promise.reject(new Error('down')), async () => undefined]);
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 5000 });
    actor.send({ type: 'blame.retry' });
    const found = await waitFor(actor, (s) => s.matches('found'), { timeout: 5000 });
    expect(found.context.commit).toBeUndefined();
    expect(asked).toHaveLength(2);
  });

  it('takes every transition', () => coverage.expectAllTaken());
});
