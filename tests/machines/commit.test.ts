import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { commitMachine, KEY_DUPLICATE, KEY_REQUIRED, metadataErrors, type CommitRequest, type SuggestionRequest } from '../../src/machines/commit';
import { ApiError, PreconditionError } from '../../src/api/errors';
import { transitionCoverage } from './transition-coverage';
import type { Commit } from '../../src/api/types';

const madeCommit: Commit = {
  id: 'c0ffee'.repeat(10),
  parents: ['p1'],
  committer: 'admin',
  message: 'load data',
  creation_date: 1_700_000_000,
  meta_range_id: 'm1',
};

const coverage = transitionCoverage(commitMachine);

function start(
  commit: (input: CommitRequest) => Promise<Commit> = async () => madeCommit,
  input: Partial<{ readOnly: boolean; hasChanges: boolean }> = {},
  suggest: () => Promise<string | null> = async () => 'Update 2 files in data/',
) {
  const requests: CommitRequest[] = [];
  const committed: Commit[] = [];
  const machine = commitMachine.provide({
    actions: { committed: (_, made) => void committed.push(made) },
    actors: {
      commit: fromPromise<Commit, CommitRequest>(({ input: request }) => {
        requests.push(request);
        return commit(request);
      }),
      suggest: fromPromise<string | null, SuggestionRequest>(() => suggest()),
    },
  });
  const actor = createActor(machine, {
    input: { repoId: 'lake', branch: 'main', readOnly: false, hasChanges: true, ...input },
    inspect: coverage.inspect,
  }).start();
  return { actor, requests, committed };
}

describe('commit machine', () => {
  it('commits the message and metadata, closes, and announces the commit', async () => {
    const { actor, requests, committed } = start();
    actor.send({ type: 'commit.open' });
    actor.send({ type: 'message.change', value: 'load data' });
    actor.send({ type: 'metadata.add' });
    const rowId = actor.getSnapshot().context.metadata[0]!.id;
    actor.send({ type: 'metadata.change', id: rowId, field: 'key', value: ' source ' });
    actor.send({ type: 'metadata.change', id: rowId, field: 'value', value: 'sensor-7' });
    actor.send({ type: 'commit.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('closed'), { timeout: 5000 });
    expect(requests).toEqual([{ repoId: 'lake', branch: 'main', message: 'load data', metadata: { source: 'sensor-7' } }]);
    expect(committed).toEqual([madeCommit]);
    expect(done.context.lastCommit).toEqual(madeCommit);
    // Nothing is left to commit until the page loads the branch again.
    expect(done.can({ type: 'commit.open' })).toBe(false);
  });

  it('cannot be submitted until a message is typed (blanks are no message)', () => {
    const { actor, requests } = start();
    actor.send({ type: 'commit.open' });
    expect(actor.getSnapshot().can({ type: 'commit.submit' })).toBe(false);
    actor.send({ type: 'message.change', value: '  \n ' });
    expect(actor.getSnapshot().can({ type: 'commit.submit' })).toBe(false);
    actor.send({ type: 'commit.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(requests).toEqual([]);
    actor.send({ type: 'message.change', value: 'load data' });
    expect(actor.getSnapshot().can({ type: 'commit.submit' })).toBe(true);
  });

  it('suggests a message from the changes, which the user may take', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'commit.open' });
    const suggested = await waitFor(actor, (s) => s.context.suggestion !== null, { timeout: 5000 });
    expect(suggested.context.suggestion).toBe('Update 2 files in data/');
    expect(suggested.context.message).toBe('');
    actor.send({ type: 'message.useSuggestion' });
    expect(actor.getSnapshot().context.message).toBe('Update 2 files in data/');
    actor.send({ type: 'commit.submit' });
    await waitFor(actor, (s) => s.matches('closed'), { timeout: 5000 });
    expect(requests[0]).toMatchObject({ message: 'Update 2 files in data/' });
  });

  it('offers no suggestion when the changes cannot be read, and the form still works', async () => {
    const { actor } = start(undefined, undefined, () => Promise.reject(new ApiError(500, 'diff failed')));
    actor.send({ type: 'commit.open' });
    // The suggestion's reader is the only child while editing; it has stopped once its failure is handled.
    await waitFor(actor, (s) => Object.values(s.children).every((child) => child?.getSnapshot().status !== 'active'), { timeout: 5000 });
    expect(actor.getSnapshot().context.suggestion).toBeNull();
    expect(actor.getSnapshot().can({ type: 'message.useSuggestion' })).toBe(false);
    actor.send({ type: 'message.change', value: 'typed' });
    expect(actor.getSnapshot().can({ type: 'commit.submit' })).toBe(true);
  });

  it('cannot be opened without changes or on a read-only repository', () => {
    expect(start(undefined, { hasChanges: false }).actor.getSnapshot().can({ type: 'commit.open' })).toBe(false);
    expect(start(undefined, { readOnly: true }).actor.getSnapshot().can({ type: 'commit.open' })).toBe(false);
    const { actor } = start(undefined, { hasChanges: false });
    actor.send({ type: 'commit.open' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('refuses an empty metadata key and shows the error instead of sending', () => {
    const { actor, requests } = start();
    actor.send({ type: 'commit.open' });
    actor.send({ type: 'message.change', value: 'load data' });
    actor.send({ type: 'metadata.add' });
    actor.send({ type: 'commit.submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('editing')).toBe(true);
    expect(snapshot.context.showMetadataErrors).toBe(true);
    expect(Object.values(metadataErrors(snapshot.context.metadata))).toEqual([KEY_REQUIRED]);
    expect(requests).toEqual([]);
  });

  it('refuses duplicate keys (compared trimmed) rather than dropping one', () => {
    const { actor, requests } = start();
    actor.send({ type: 'commit.open' });
    actor.send({ type: 'message.change', value: 'load data' });
    actor.send({ type: 'metadata.add' });
    actor.send({ type: 'metadata.add' });
    const [first, second] = actor.getSnapshot().context.metadata;
    actor.send({ type: 'metadata.change', id: first!.id, field: 'key', value: 'owner' });
    actor.send({ type: 'metadata.change', id: second!.id, field: 'key', value: 'owner ' });
    actor.send({ type: 'commit.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(metadataErrors(actor.getSnapshot().context.metadata)).toEqual({ [second!.id]: KEY_DUPLICATE });
    expect(requests).toEqual([]);
    // Removing the duplicate makes the form valid again.
    actor.send({ type: 'metadata.remove', id: second!.id });
    actor.send({ type: 'commit.submit' });
    expect(actor.getSnapshot().matches('committing')).toBe(true);
  });

  it.each([
    ['a server error', new ApiError(500, 'internal error')],
    ['a failed pre-commit hook', new PreconditionError(412, 'pre-commit hook aborted')],
    ['a protected branch', new ApiError(403, 'cannot commit to protected branch')],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('keeps the form and shows %s', async (_, failure) => {
    const { actor, committed } = start(() => Promise.reject(failure));
    actor.send({ type: 'commit.open' });
    actor.send({ type: 'message.change', value: 'keep me' });
    actor.send({ type: 'commit.submit' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null, { timeout: 5000 });
    expect(snapshot.context.error).toBe(failure);
    expect(snapshot.context.message).toBe('keep me');
    expect(committed).toEqual([]);
  });

  it('can retry after an error and clears the error on the next opening', async () => {
    let attempts = 0;
    const { actor } = start(() => (++attempts === 1 ? Promise.reject(new ApiError(500, 'boom')) : Promise.resolve(madeCommit)));
    actor.send({ type: 'commit.open' });
    actor.send({ type: 'message.change', value: 'load data' });
    actor.send({ type: 'commit.submit' });
    await waitFor(actor, (s) => s.context.error !== null, { timeout: 5000 });
    actor.send({ type: 'commit.cancel' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    actor.send({ type: 'commit.open' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'message.change', value: 'load data' });
    actor.send({ type: 'commit.submit' });
    await waitFor(actor, (s) => s.matches('closed'), { timeout: 5000 });
    expect(attempts).toBe(2);
  });

  it('ignores cancel while the commit is running', () => {
    const { actor } = start(() => new Promise<Commit>(() => undefined));
    actor.send({ type: 'commit.open' });
    actor.send({ type: 'message.change', value: 'load data' });
    actor.send({ type: 'commit.submit' });
    actor.send({ type: 'commit.cancel' });
    expect(actor.getSnapshot().matches('committing')).toBe(true);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
