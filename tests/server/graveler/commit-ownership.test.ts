// Defect 5 of the security review, step by step: two commits on one branch interleaved at the moment one of them
// is about to move the branch (the `beforeBranchMove` hook), so each outcome is forced rather than left to chance.
// A commit answers the commit it made, never the one that took its changes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoChangesError } from '../../../server/errors';
import type { Commit } from '../../../server/graveler/index';
import { entry, openEnv, tickingClock, type Env } from './helpers';

let env: Env;
beforeEach(async () => {
  env = await openEnv({ now: tickingClock() });
  await env.g.createRepository({ id: 'rep', storageNamespace: 'local://rep' });
});
afterEach(async () => {
  await env.close();
});

async function pathsOf(ref: string): Promise<string[]> {
  const page = await env.g.listObjects('rep', ref, { amount: 100 });
  return page.results.map((item) => item.path);
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('defect 5: a commit answers only the commit it made', () => {
  it('a commit whose changes a later commit took answers "no changes", not the other commit', async () => {
    await env.g.putObject('rep', 'main', 'x', entry('x'));
    let later: Commit | undefined;
    const first = env.g.commit('rep', 'main', {
      committer: 'u',
      message: 'first',
      // Sealed and built, not yet moved: a second commit seals after it and lands first, taking x along.
      beforeBranchMove: async () => {
        if (later) return;
        await env.g.putObject('rep', 'main', 'y', entry('y'));
        later = await env.g.commit('rep', 'main', { committer: 'u', message: 'second' });
      },
    });
    await expect(first).rejects.toBeInstanceOf(NoChangesError);
    expect(later?.message).toBe('second');
    expect((await env.g.getBranch('rep', 'main')).commitId).toBe(later?.id);
    expect(await pathsOf(later!.id)).toEqual(['x', 'y']);
  });

  it('with allow_empty it makes its own empty commit on top instead', async () => {
    await env.g.putObject('rep', 'main', 'x', entry('x'));
    let later: Commit | undefined;
    const first = await env.g.commit('rep', 'main', {
      committer: 'u',
      message: 'first',
      allowEmpty: true,
      beforeBranchMove: async () => {
        if (later) return;
        later = await env.g.commit('rep', 'main', { committer: 'u', message: 'second' });
      },
    });
    expect(first.message).toBe('first');
    expect(first.parents).toEqual([later?.id]);
    expect(first.metaRangeId).toBe(later?.metaRangeId);
    expect((await env.g.getBranch('rep', 'main')).commitId).toBe(first.id);
  });

  it('an earlier commit leaves a later commit its own changes; both land with their own messages', async () => {
    await env.g.putObject('rep', 'main', 'x', entry('x'));
    const secondBuilt = deferred();
    const firstMoved = deferred();
    let second: Promise<Commit> | undefined;
    const first = await env.g.commit('rep', 'main', {
      committer: 'u',
      message: 'first',
      // The second commit seals y after us and builds on the old head; we move first, it rebuilds on us.
      beforeBranchMove: async () => {
        await env.g.putObject('rep', 'main', 'y', entry('y'));
        second = env.g.commit('rep', 'main', {
          committer: 'u',
          message: 'second',
          beforeBranchMove: async () => {
            secondBuilt.resolve();
            await firstMoved.promise;
          },
        });
        await secondBuilt.promise;
      },
    });
    firstMoved.resolve();
    const secondCommit = await second!;
    expect(first.message).toBe('first');
    expect(await pathsOf(first.id)).toEqual(['x']);
    expect(secondCommit.message).toBe('second');
    expect(secondCommit.parents).toEqual([first.id]);
    expect(await pathsOf(secondCommit.id)).toEqual(['x', 'y']);
    expect((await env.g.getBranch('rep', 'main')).commitId).toBe(secondCommit.id);
  });
});
