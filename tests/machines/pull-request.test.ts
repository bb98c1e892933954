import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, AuthorizationError, MergeConflictError } from '../../src/api/errors';
import type { MergeResult, PullRequest } from '../../src/api/types';
import type { MergeRequest } from '../../src/machines/merge';
import {
  pullRequestMachine,
  pullRequestMergeMachine,
  type PullRequestInput,
  type PullRequestRead,
  type PullRequestUpdate,
} from '../../src/machines/pull-request';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(pullRequestMachine);

const pull: PullRequest = {
  id: '3',
  status: 'open',
  title: 'Add lakes',
  description: 'Two lakes',
  creation_date: '2026-03-10T10:00:00Z',
  author: 'alice',
  source_branch: 'dev',
  destination_branch: 'main',
};

function start(input: Partial<PullRequestInput> = {}, merge: (request: MergeRequest) => Promise<MergeResult> = async () => ({ reference: 'm1' })) {
  const updates = controlled<void, PullRequestUpdate>();
  const loads = controlled<PullRequest, PullRequestRead>();
  const merges: MergeRequest[] = [];
  let refreshes = 0;
  const machine = pullRequestMachine.provide({
    actions: { invalidate: () => void (refreshes += 1), navigate: () => undefined },
    actors: {
      updatePullRequest: updates.logic,
      loadPullRequest: loads.logic,
      merge: pullRequestMergeMachine.provide({
        actors: {
          merge: fromPromise<MergeResult, MergeRequest>(({ input: request }) => {
            merges.push(request);
            return merge(request);
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, {
    input: { repoId: 'lake', pull, readOnly: false, hasChanges: true, ...input },
    inspect: coverage.inspect,
  }).start();
  return { actor, updates, loads, merges, refreshes: () => refreshes };
}

describe('pull request machine', () => {
  it('closes with a PATCH of the status, then shows the pull request read again', async () => {
    const { actor, updates, loads } = start();
    actor.send({ type: 'pull.reopen' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'pull.close' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(updates.last().input).toEqual({ repoId: 'lake', id: '3', update: { status: 'closed' } });
    updates.last().resolve();
    await waitFor(actor, (s) => s.matches('loading'), { timeout: 5000 });
    expect(loads.last().input).toEqual({ repoId: 'lake', id: '3' });
    loads.last().resolve({ ...pull, status: 'closed', closed_date: '2026-03-10T11:00:00Z' });
    const closed = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(closed.context.pull.status).toBe('closed');
    expect(closed.can({ type: 'pull.close' })).toBe(false);
  });

  it('reopens a closed pull request', async () => {
    const { actor, updates, loads } = start({ pull: { ...pull, status: 'closed' } });
    actor.send({ type: 'pull.close' });
    expect(updates.calls).toEqual([]);
    actor.send({ type: 'pull.reopen' });
    expect(updates.last().input.update).toEqual({ status: 'open' });
    updates.last().resolve();
    await waitFor(actor, (s) => s.matches('loading'), { timeout: 5000 });
    loads.last().resolve(pull);
    expect((await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 })).context.pull.status).toBe('open');
  });

  it("keeps a refused close or reopen with the server's message, until the next attempt", async () => {
    const { actor, updates } = start();
    actor.send({ type: 'pull.close' });
    updates.last().reject(new AuthorizationError(401, 'insufficient permissions'));
    const refused = await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null, { timeout: 5000 });
    expect((refused.context.error as Error).message).toBe('insufficient permissions');
    actor.send({ type: 'pull.close' });
    expect(actor.getSnapshot().context.error).toBeNull();

    const closed = start({ pull: { ...pull, status: 'closed' } });
    closed.actor.send({ type: 'pull.reopen' });
    closed.updates.last().reject(new ApiError(409, 'source branch not found'));
    expect((await waitFor(closed.actor, (s) => s.context.error !== null, { timeout: 5000 })).matches('idle')).toBe(true);
  });

  it('edits the title and description from the current ones, needing a title, and saves them', async () => {
    const { actor, updates, loads } = start();
    actor.send({ type: 'edit.start' });
    expect(actor.getSnapshot().context).toMatchObject({ draftTitle: 'Add lakes', draftDescription: 'Two lakes' });
    actor.send({ type: 'edit.title', value: '  ' });
    actor.send({ type: 'edit.save' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'edit.title', value: ' Add three lakes ' });
    actor.send({ type: 'edit.description', value: 'Three lakes' });
    actor.send({ type: 'edit.save' });
    expect(updates.last().input.update).toEqual({ title: 'Add three lakes', description: 'Three lakes' });
    updates.last().resolve();
    await waitFor(actor, (s) => s.matches('loading'), { timeout: 5000 });
    loads.last().resolve({ ...pull, title: 'Add three lakes', description: 'Three lakes' });
    expect((await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 })).context.pull.title).toBe('Add three lakes');
  });

  it('keeps the form open on a refused save, and cancel leaves it without saving', async () => {
    const { actor, updates } = start();
    actor.send({ type: 'edit.start' });
    actor.send({ type: 'edit.title', value: 'New' });
    actor.send({ type: 'edit.save' });
    updates.last().reject(new ApiError(400, 'title must not be empty'));
    const refused = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null, { timeout: 5000 });
    expect(refused.context.draftTitle).toBe('New');
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: null, pull });
  });

  it('shows a failed read after a change as an error, keeping the pull request shown', async () => {
    const { actor, updates, loads } = start();
    actor.send({ type: 'pull.close' });
    updates.last().resolve();
    await waitFor(actor, (s) => s.matches('loading'), { timeout: 5000 });
    loads.last().reject(new ApiError(500, 'database is locked'));
    const failed = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect((failed.context.error as Error).message).toBe('database is locked');
    expect(failed.context.pull).toEqual(pull);
  });

  it('merges the source into the destination through the merge flow, then loads the route again', async () => {
    const { actor, merges, refreshes } = start();
    const merge = actor.getSnapshot().children.merge!;
    expect(merge.getSnapshot().context).toMatchObject({ source: 'dev', dest: 'main', hasChanges: true });
    merge.send({ type: 'merge.open' });
    merge.send({ type: 'strategy.change', strategy: 'source-wins' });
    merge.send({ type: 'merge.submit' });
    await waitFor(merge, (s) => s.matches('idle'), { timeout: 5000 });
    expect(merges).toEqual([
      { repoId: 'lake', pullId: '3', source: 'dev', dest: 'main', strategy: 'source-wins', message: '', metadata: {}, conflictResolutions: {} },
    ]);
    expect(refreshes()).toBe(1);
  });

  it('leaves conflicts to the merge flow, which lists them for a choice per path', async () => {
    const conflicts = [{ path: 'a.csv', source: null, dest: { size_bytes: 1, mtime: 1, checksum: 'c', content_type: '' } }];
    const { actor, refreshes } = start({}, () => Promise.reject(new MergeConflictError('conflict found', conflicts)));
    const merge = actor.getSnapshot().children.merge!;
    merge.send({ type: 'merge.open' });
    merge.send({ type: 'merge.submit' });
    const listed = await waitFor(merge, (s) => s.matches('open') && s.context.conflicts.length > 0, { timeout: 5000 });
    expect(listed.context.conflicts).toEqual(conflicts);
    expect(refreshes()).toBe(0);
  });

  it('offers no merge when the branches do not differ', () => {
    const { actor } = start({ hasChanges: false });
    expect(actor.getSnapshot().children.merge!.getSnapshot().can({ type: 'merge.open' })).toBe(false);
  });

  it('takes the pull request the route read again, with a merge flow for it', () => {
    const { actor } = start();
    const before = actor.getSnapshot().children.merge;
    actor.send({ type: 'route.changed', input: { repoId: 'lake', pull: { ...pull, status: 'merged' }, readOnly: false, hasChanges: false } });
    const after = actor.getSnapshot();
    expect(after.context.pull.status).toBe('merged');
    expect(after.children.merge).toBeDefined();
    expect(after.children.merge).not.toBe(before);
    expect(after.children.merge?.getSnapshot().can({ type: 'merge.open' })).toBe(false);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
