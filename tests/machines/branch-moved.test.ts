import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, waitFor, type AnyActorRef } from 'xstate';
import type { RepositoryEvent } from '../../src/api/types';
import { branchMovedMachine, movedNotice, type BranchMovedInput, type NewCommits } from '../../src/machines/branch-moved/machine';
import { repositoryEventsMachine } from '../../src/machines/repository-events/machine';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(branchMovedMachine);

/** The notice under a page that counts the refreshes it is asked for, over a stand-in stream. */
function start(input: Partial<BranchMovedInput> = {}, count: (request: { from: string; to: string }) => Promise<NewCommits> = async () => ({ count: 3, capped: false })) {
  const live = createActor(repositoryEventsMachine.provide({ actors: { stream: fromCallback(() => undefined) } }), { input: { repoId: 'lake' } }).start();
  let told = 0;
  const tell = (event: RepositoryEvent) => live.send({ type: 'stream.event', id: String(++told), event });
  const asked: { from: string; to: string }[] = [];
  let refreshes = 0;
  const notice = branchMovedMachine.provide({
    actors: {
      countNewCommits: fromPromise<NewCommits, { repoId: string; from: string; to: string }>(({ input: request }) => {
        asked.push({ from: request.from, to: request.to });
        return count(request);
      }),
    },
  });
  const page = setup({ actors: { notice } }).createMachine({
    invoke: {
      id: 'notice',
      src: 'notice',
      input: { live: live as AnyActorRef, repoId: 'lake', branch: 'main', commitId: 'c1', ...input },
    },
    on: { 'page.refresh': { actions: () => void refreshes++ } },
  });
  const actor = createActor(page, { inspect: coverage.inspect }).start();
  const child = actor.getSnapshot().children.notice as unknown as ReturnType<typeof createActor<typeof branchMovedMachine>>;
  return { child, tell, asked, refreshes: () => refreshes };
}

const moved = (commitId: string, branch = 'main'): RepositoryEvent => ({ type: 'branch', branch, action: 'moved', cause: 'commit', commit_id: commitId });

describe('branch moved notice machine', () => {
  it('counts the new commits when the branch shown moves, and asks the page to refresh on the button', async () => {
    const { child, tell, asked, refreshes } = start();
    tell(moved('c9', 'dev'));
    tell({ type: 'staging', branch: 'main', count: 2 });
    tell(moved('c1'));
    expect(child.getSnapshot().matches('current')).toBe(true);
    tell(moved('c4'));
    await waitFor(child, (s) => s.matches('moved'), { timeout: 5000 });
    expect(asked).toEqual([{ from: 'c1', to: 'c4' }]);
    expect(movedNotice(child.getSnapshot().context)).toBe('main moved: 3 new commits');
    child.send({ type: 'moved.refresh' });
    expect(refreshes()).toBe(1);
  });

  it("counts afresh from the page's commit when the branch moves again, and starts over for a new read", async () => {
    const { child, tell, asked } = start({}, async ({ to }) => ({ count: to === 'c5' ? 1 : 2, capped: false }));
    tell(moved('c5'));
    await waitFor(child, (s) => s.matches('moved'), { timeout: 5000 });
    expect(movedNotice(child.getSnapshot().context)).toBe('main moved: 1 new commit');
    tell(moved('c6'));
    await waitFor(child, (s) => s.matches('moved') && s.context.head === 'c6', { timeout: 5000 });
    expect(asked.at(-1)).toEqual({ from: 'c1', to: 'c6' });
    expect(movedNotice(child.getSnapshot().context)).toBe('main moved: 2 new commits');
    child.send({ type: 'moved.watch', input: { ...child.getSnapshot().context, commitId: 'c6' } });
    expect(child.getSnapshot().matches('current')).toBe(true);
    tell(moved('c6'));
    expect(child.getSnapshot().matches('current')).toBe(true);
  });

  it('still says the branch moved when the commits cannot be counted, and says "more than" past a page', async () => {
    const failing = start({}, () => Promise.reject(new Error('offline')));
    failing.tell(moved('c2'));
    await waitFor(failing.child, (s) => s.matches('moved'), { timeout: 5000 });
    expect(movedNotice(failing.child.getSnapshot().context)).toBe('main moved');
    expect(movedNotice({ branch: 'main', newCommits: { count: 100, capped: true } })).toBe('main moved: more than 100 new commits');
  });

  it('watches nothing on a tag or a commit', () => {
    const { child, tell } = start({ branch: undefined });
    tell(moved('c2'));
    expect(child.getSnapshot().matches('current')).toBe(true);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
