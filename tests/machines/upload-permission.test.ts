import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  uploadAllowed,
  uploadPermissionMachine,
  type PermissionCheckInput,
  type UploadPermissionEvent,
} from '../../src/machines/upload-permission';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(uploadPermissionMachine);

/** Checks that wait until the test answers them, in order. */
function start() {
  const asked: PermissionCheckInput[] = [];
  const answers: Array<(allowed: boolean) => void> = [];
  const machine = uploadPermissionMachine.provide({
    actors: {
      checkBranch: fromCallback<UploadPermissionEvent, PermissionCheckInput>(({ input, sendBack }) => {
        asked.push(input);
        answers.push((allowed) => sendBack({ type: 'permission.answer', key: input.key, allowed }));
      }),
    },
  });
  const actor = createActor(machine, { inspect: coverage.inspect }).start();
  const allowed = (repoId: string, branch: string) => uploadAllowed(actor.getSnapshot(), { repoId, branch });
  return { actor, asked, answer: (allowed: boolean) => answers.shift()?.(allowed), allowed };
}

describe('upload permission machine', () => {
  it('asks once per repository and branch, however often a page needs it', () => {
    const { actor, asked, answer, allowed } = start();
    actor.send({ type: 'permission.need', repoId: 'lake', branch: 'main' });
    actor.send({ type: 'permission.need', repoId: 'lake', branch: 'main' });
    expect(allowed('lake', 'main')).toBeUndefined();
    answer(true);
    actor.send({ type: 'permission.need', repoId: 'lake', branch: 'main' });
    expect(allowed('lake', 'main')).toBe(true);
    actor.send({ type: 'permission.need', repoId: 'lake', branch: 'dev' });
    actor.send({ type: 'permission.need', repoId: 'pond', branch: 'main' });
    expect(asked.map(({ repoId, branch }) => `${repoId}/${branch}`)).toEqual(['lake/main', 'lake/dev', 'pond/main']);
  });

  it('asks again on a recheck, keeping the last answer until the new one, and never twice at once', () => {
    const { actor, asked, answer, allowed } = start();
    actor.send({ type: 'permission.need', repoId: 'lake', branch: 'main' });
    answer(true);
    actor.send({ type: 'permission.recheck', repoId: 'lake', branch: 'main' });
    actor.send({ type: 'permission.recheck', repoId: 'lake', branch: 'main' });
    expect(asked).toHaveLength(2);
    expect(allowed('lake', 'main')).toBe(true);
    answer(false);
    expect(allowed('lake', 'main')).toBe(false);
  });

  it('takes every transition', () => coverage.expectAllTaken());
});
