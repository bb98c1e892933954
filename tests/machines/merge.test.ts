import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, MergeConflictError, PreconditionError } from '../../src/api/errors';
import type { ConflictVersion, MergeConflictPath, MergePreview, MergeResult } from '../../src/api/types';
import { KEY_REQUIRED, metadataErrors } from '../../src/machines/commit';
import { conflictEntry, mergeMachine, unresolvedConflicts, type MergeInput, type MergeRequest, type PreviewRequest } from '../../src/machines/merge';
import { objectDiffMachine, type ObjectDiffInput } from '../../src/machines/object-diff';
import type { DiffLine } from '../../src/lib/line-diff';
import { transitionCoverage } from './transition-coverage';
import { mergePreview } from '../merge-preview-fake';

const coverage = transitionCoverage(mergeMachine);

const version = (checksum: string, size_bytes = 10): ConflictVersion => ({ size_bytes, mtime: 1_700_000_000, checksum, content_type: 'text/csv' });
const conflicts: MergeConflictPath[] = [
  { path: 'a.csv', source: version('s1'), dest: version('d1', 20) },
  { path: 'gone.csv', source: null, dest: version('d2') },
];
const conflictError = (listed = conflicts) => new MergeConflictError('conflict found', listed, { message: 'conflict found', reference: '', conflicts: listed });

/** A dry run that finds nothing in the way, unless told otherwise. */
const clean = mergePreview({ changes: 2 });

function start(
  merge: (request: MergeRequest) => Promise<MergeResult> = async () => ({ reference: 'm1' }),
  input: Partial<MergeInput> = {},
  preview: (request: PreviewRequest) => Promise<MergePreview> = async () => {
    throw new Error('no dry run in this test');
  },
) {
  const requests: MergeRequest[] = [];
  const merged: MergeResult[] = [];
  const contentsRead: string[] = [];
  const machine = mergeMachine.provide({
    actions: { merged: (_, result) => void merged.push(result) },
    actors: {
      merge: fromPromise<MergeResult, MergeRequest>(({ input: request }) => {
        requests.push(request);
        return merge(request);
      }),
      preview: fromPromise<MergePreview, PreviewRequest>(({ input: request }) => preview(request)),
      objectDiff: objectDiffMachine.provide({
        actors: {
          loadObjectDiff: fromPromise<DiffLine[], ObjectDiffInput>(async ({ input: { entry } }) => {
            contentsRead.push(`${entry.type} ${entry.path}`);
            return [{ op: 'insert', text: 'x', right: 1 }];
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, {
    input: { repoId: 'lake', source: 'dev', dest: 'main', readOnly: false, hasChanges: true, ...input },
    inspect: coverage.inspect,
  }).start();
  return { actor, requests, merged, contentsRead };
}

describe('merge machine', () => {
  it('merges with the message, metadata and the default strategy (empty), closes and announces the merge', async () => {
    const { actor, requests, merged } = start();
    actor.send({ type: 'merge.open' });
    actor.send({ type: 'message.change', value: 'bring dev in' });
    actor.send({ type: 'metadata.add' });
    const id = actor.getSnapshot().context.metadata[0]!.id;
    actor.send({ type: 'metadata.change', id, field: 'key', value: 'ticket' });
    actor.send({ type: 'metadata.change', id, field: 'value', value: 'T-1' });
    actor.send({ type: 'merge.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(requests).toEqual([
      { repoId: 'lake', source: 'dev', dest: 'main', strategy: '', message: 'bring dev in', metadata: { ticket: 'T-1' }, conflictResolutions: {} },
    ]);
    expect(merged).toEqual([{ reference: 'm1' }]);
    expect(done.context.lastMerge).toEqual({ reference: 'm1' });
    expect(done.can({ type: 'merge.open' })).toBe(false);
  });

  it('sends the chosen strategy, and a fresh opening starts from an empty form', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'merge.open' });
    actor.send({ type: 'message.change', value: 'draft' });
    actor.send({ type: 'merge.cancel' });
    actor.send({ type: 'merge.open' });
    expect(actor.getSnapshot().context).toMatchObject({ message: '', strategy: '', metadata: [] });
    actor.send({ type: 'strategy.change', strategy: 'source-wins' });
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(requests[0]?.strategy).toBe('source-wins');
  });

  it('cannot open for equal refs, without changes, or in a read-only repository', () => {
    for (const input of [{ source: 'main' }, { hasChanges: false }, { readOnly: true }]) {
      const { actor } = start(undefined, input);
      expect(actor.getSnapshot().can({ type: 'merge.open' })).toBe(false);
      actor.send({ type: 'merge.open' });
      expect(actor.getSnapshot().matches('idle')).toBe(true);
    }
  });

  it('keeps the form open with invalid metadata until it is fixed', () => {
    const { actor, requests } = start();
    actor.send({ type: 'merge.open' });
    actor.send({ type: 'metadata.add' });
    actor.send({ type: 'metadata.add' });
    const [first, second] = actor.getSnapshot().context.metadata;
    actor.send({ type: 'metadata.remove', id: second!.id });
    actor.send({ type: 'merge.submit' });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context.showMetadataErrors).toBe(true);
    expect(metadataErrors(actor.getSnapshot().context.metadata)).toEqual({ [first!.id]: KEY_REQUIRED });
    expect(requests).toEqual([]);
    actor.send({ type: 'metadata.change', id: first!.id, field: 'key', value: 'k' });
    actor.send({ type: 'merge.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it.each([
    ['a failed pre-merge hook', new PreconditionError(412, 'pre-merge hook aborted')],
    ['a dirty destination', new ApiError(400, 'uncommitted changes (dirty branch)')],
    ['a conflict the server does not list', new MergeConflictError('conflict found', [])],
  ])('shows %s in the open modal', async (_, failure) => {
    const { actor, merged } = start(() => Promise.reject(failure));
    actor.send({ type: 'merge.open' });
    actor.send({ type: 'merge.submit' });
    const failed = await waitFor(actor, (s) => s.matches('open') && s.context.error !== null, { timeout: 5000 });
    expect(failed.context.error).toBe(failure);
    expect(failed.context.conflicts).toEqual([]);
    expect(merged).toEqual([]);
  });

  it('lists the conflicts with both sides, takes a choice per path, and merges again with those choices', async () => {
    let attempt = 0;
    const { actor, requests, merged } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw conflictError();
      return { reference: 'm2' };
    });
    actor.send({ type: 'merge.open' });
    actor.send({ type: 'message.change', value: 'resolve' });
    actor.send({ type: 'merge.submit' });
    const conflicted = await waitFor(actor, (s) => s.matches('open') && s.context.conflicts.length > 0, { timeout: 5000 });
    expect(conflicted.context.conflicts).toEqual(conflicts);
    expect(unresolvedConflicts(conflicted.context)).toEqual(['a.csv', 'gone.csv']);
    // Not all paths are chosen yet: the merge waits.
    actor.send({ type: 'conflict.choose', path: 'a.csv', side: 'dest' });
    expect(actor.getSnapshot().can({ type: 'merge.submit' })).toBe(true);
    actor.send({ type: 'merge.submit' });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(requests).toHaveLength(1);
    actor.send({ type: 'conflict.choose', path: 'gone.csv', side: 'source' });
    actor.send({ type: 'conflict.choose', path: 'a.csv', side: 'source' });
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(requests[1]).toMatchObject({ message: 'resolve', strategy: '', conflictResolutions: { 'a.csv': 'source', 'gone.csv': 'source' } });
    expect(merged).toEqual([{ reference: 'm2' }]);
    expect(actor.getSnapshot().context.conflicts).toEqual([]);
  });

  it('keeps the choices of paths still conflicting when a retry reports another list', async () => {
    let attempt = 0;
    const { actor } = start(async () => {
      attempt += 1;
      throw conflictError(attempt === 1 ? conflicts : [conflicts[0]!, { path: 'new.csv', source: version('s3'), dest: version('d3') }]);
    });
    actor.send({ type: 'merge.open' });
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, (s) => s.context.conflicts.length === 2 && s.matches('open'), { timeout: 5000 });
    actor.send({ type: 'conflict.choose', path: 'a.csv', side: 'dest' });
    actor.send({ type: 'conflict.choose', path: 'gone.csv', side: 'dest' });
    actor.send({ type: 'merge.submit' });
    const again = await waitFor(actor, (s) => s.matches('open') && s.context.conflicts.some((c) => c.path === 'new.csv'), { timeout: 5000 });
    expect(again.context.resolutions).toEqual({ 'a.csv': 'dest' });
  });

  it('lets a strategy decide every conflict, sending no per-path choices', async () => {
    let attempt = 0;
    const { actor, requests } = start(async () => {
      attempt += 1;
      if (attempt === 1) throw conflictError();
      return { reference: 'm3' };
    });
    actor.send({ type: 'merge.open' });
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, (s) => s.matches('open') && s.context.conflicts.length > 0, { timeout: 5000 });
    actor.send({ type: 'conflict.choose', path: 'a.csv', side: 'dest' });
    actor.send({ type: 'strategy.change', strategy: 'dest-wins' });
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(requests[1]).toMatchObject({ strategy: 'dest-wins', conflictResolutions: {} });
  });

  it('compares the destination and source contents of a conflicting path on request', async () => {
    const { actor, contentsRead } = start(() => Promise.reject(conflictError()));
    actor.send({ type: 'merge.open' });
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, (s) => s.matches('open') && s.context.conflicts.length > 0, { timeout: 5000 });
    actor.send({ type: 'conflict.toggleContent', path: 'a.csv' });
    actor.send({ type: 'conflict.toggleContent', path: 'gone.csv' });
    actor.send({ type: 'conflict.toggleContent', path: 'not-a-conflict.csv' });
    const content = actor.getSnapshot().context.contents['a.csv']!;
    await waitFor(content, (s) => s.matches('shown'), { timeout: 5000 });
    expect(contentsRead).toEqual(['changed a.csv', 'removed gone.csv']);
    expect(Object.keys(actor.getSnapshot().context.contents)).toEqual(['a.csv', 'gone.csv']);
    actor.send({ type: 'conflict.toggleContent', path: 'a.csv' });
    expect(Object.keys(actor.getSnapshot().context.contents)).toEqual(['gone.csv']);
    expect(content.getSnapshot().status).toBe('stopped');
    actor.send({ type: 'merge.cancel' });
    expect(actor.getSnapshot().context.contents).toEqual({});
  });

  it('reads a conflict as a change from the destination to the source', () => {
    expect(conflictEntry(conflicts[0]!)).toEqual({ path: 'a.csv', path_type: 'object', type: 'changed', size_bytes: 10 });
    expect(conflictEntry(conflicts[1]!)).toMatchObject({ type: 'removed', size_bytes: 10 });
    expect(conflictEntry({ path: 'n.csv', source: version('s', 4), dest: null })).toMatchObject({ type: 'added', size_bytes: 4 });
  });

  it('tries the merge on the server first, and puts the conflicts it finds up for choice before the first attempt', async () => {
    const asked: PreviewRequest[] = [];
    const { actor, requests } = start(undefined, {}, async (request) => {
      asked.push(request);
      return { ...clean, conflicts };
    });
    const previewed = await waitFor(actor, (s) => s.matches({ idle: 'previewed' }), { timeout: 5000 });
    expect(asked).toEqual([{ repoId: 'lake', source: 'dev', dest: 'main' }]);
    expect(previewed.context.preview?.conflicts).toEqual(conflicts);
    actor.send({ type: 'merge.open' });
    expect(unresolvedConflicts(actor.getSnapshot().context)).toEqual(['a.csv', 'gone.csv']);
    actor.send({ type: 'merge.submit' });
    expect(requests).toEqual([]);
    actor.send({ type: 'conflict.choose', path: 'a.csv', side: 'source' });
    actor.send({ type: 'conflict.choose', path: 'gone.csv', side: 'dest' });
    actor.send({ type: 'merge.submit' });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(requests[0]?.conflictResolutions).toEqual({ 'a.csv': 'source', 'gone.csv': 'dest' });
  });

  it('does not open a merge the dry run says the server would refuse', async () => {
    for (const refusal of [{ destination_dirty: true }, { read_only: true }, { nothing_to_merge: true }]) {
      const { actor } = start(undefined, {}, async () => ({ ...clean, ...refusal }));
      await waitFor(actor, (s) => s.matches({ idle: 'previewed' }), { timeout: 5000 });
      expect(actor.getSnapshot().can({ type: 'merge.open' }), JSON.stringify(refusal)).toBe(false);
    }
    const { actor } = start(undefined, {}, async () => ({ ...clean, destination_protected: true }));
    await waitFor(actor, (s) => s.matches({ idle: 'previewed' }), { timeout: 5000 });
    expect(actor.getSnapshot().can({ type: 'merge.open' })).toBe(true);
  });

  it('says when the dry run failed, and tries it again on request', async () => {
    let fail = true;
    const { actor } = start(undefined, {}, async () => {
      if (fail) throw new Error('server unavailable');
      return clean;
    });
    const failed = await waitFor(actor, (s) => s.matches({ idle: 'previewFailed' }), { timeout: 5000 });
    expect(failed.context.previewError).toEqual(new Error('server unavailable'));
    fail = false;
    actor.send({ type: 'preview.retry' });
    const previewed = await waitFor(actor, (s) => s.matches({ idle: 'previewed' }), { timeout: 5000 });
    expect(previewed.context.preview).toEqual(clean);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
