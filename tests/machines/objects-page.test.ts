import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor, type AnyActorRef, type EventObject } from 'xstate';
import type { Commit, ObjectStats, Page } from '../../src/api/types';
import type { BlameInput } from '../../src/machines/blame';
import { blameMachine } from '../../src/machines/blame';
import { deleteObjectMachine, type DeleteObjectInput } from '../../src/machines/delete-object';
import { objectsPageMachine, canDeleteObjects, deleteObjectFlow, blameFlow, type ObjectsPageInput } from '../../src/machines/objects-page';
import { pagedListMachine, pagedListView, type PageRequest } from '../../src/machines/paged-list';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(objectsPageMachine);

const entry = (path: string): ObjectStats => ({ path, path_type: 'object', size_bytes: 1, physical_address: 'p', checksum: 'x', mtime: 1 });
const pageOf = (...paths: string[]): Page<ObjectStats> => ({
  results: paths.map(entry),
  pagination: { has_more: false, next_offset: '', results: paths.length, max_per_page: 100 },
});

function start(input: Partial<ObjectsPageInput> = {}) {
  const listed: PageRequest[] = [];
  const deleted: DeleteObjectInput[] = [];
  const calls: string[] = [];
  const permissionEvents: EventObject[] = [];
  const permissions = createActor(createMachine({ on: { '*': { actions: ({ event }) => permissionEvents.push(event) } } })).start();
  const machine = objectsPageMachine.provide({
    actors: {
      list: pagedListMachine<ObjectStats>().provide({
        actors: {
          fetchPage: fromPromise<Page<ObjectStats>, PageRequest>(async ({ input: request }) => {
            listed.push(request);
            return pageOf(`${request.prefix}x`);
          }),
        },
      }),
      deleteObject: deleteObjectMachine.provide({
        actors: {
          deleteObject: fromPromise<void, DeleteObjectInput>(async ({ input: request }) => {
            deleted.push(request);
          }),
        },
      }),
      blame: blameMachine.provide({
        actors: { lastCommit: fromPromise<Commit | undefined, BlameInput>(() => new Promise(() => undefined)) },
      }),
    },
    actions: {
      invalidate: () => calls.push('invalidate'),
      showSearch: (_, { search }) => calls.push(`showSearch ${search}`),
    },
  });
  const actor = createActor(machine, {
    input: {
      repoId: 'lake',
      refId: 'main',
      refKind: 'branch',
      readOnly: false,
      dir: 'data/',
      search: '',
      firstPage: pageOf('data/a.csv'),
      permissions: permissions as unknown as ObjectsPageInput['permissions'],
      ...input,
    },
    inspect: coverage.inspect,
  }).start();
  const list = () => pagedListView(actor.getSnapshot().context.list.getSnapshot() as never);
  return { actor, listed, deleted, calls, permissionEvents, list };
}

describe('objects page machine', () => {
  it('opens on the loader first page without a request, and asks the permission of its branch', () => {
    const { list, listed, permissionEvents } = start();
    expect(list().rows.map((r) => (r as ObjectStats).path)).toEqual(['data/a.csv']);
    expect(listed).toEqual([]);
    expect(permissionEvents).toEqual([{ type: 'permission.need', repoId: 'lake', branch: 'main' }]);
  });

  it.each([{ refKind: 'tag' as const }, { readOnly: true }])('asks no permission and offers no delete when %o', (input) => {
    const { actor, permissionEvents } = start(input);
    expect(permissionEvents).toEqual([]);
    expect(canDeleteObjects(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'object.delete', path: 'data/a.csv' });
    expect(deleteObjectFlow(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'page.refresh' });
    expect(permissionEvents).toEqual([]);
  });

  it('lists without a first page from the loader', async () => {
    const { actor, listed } = start({ firstPage: undefined, after: 'data/0' });
    await waitFor(actor.getSnapshot().context.list as AnyActorRef, (s) => s.matches('ready'));
    expect(listed).toEqual([{ after: 'data/0', prefix: 'data/', amount: 100 }]);
  });

  describe('search', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('takes effect 300 ms after the last keystroke: one listing and one URL update', async () => {
      const { actor, listed, calls } = start({ after: 'data/0' });
      actor.send({ type: 'search.input', text: 'b' });
      vi.advanceTimersByTime(200);
      actor.send({ type: 'search.input', text: 'be' });
      vi.advanceTimersByTime(299);
      expect(listed).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual(['showSearch be']);
      expect(listed).toEqual([{ after: undefined, prefix: 'data/be', amount: 100 }]);
      expect(actor.getSnapshot().context).toMatchObject({ search: 'be', searchText: 'be', after: undefined });
    });

    it('does nothing when the text comes back to the search in effect', () => {
      const { actor, listed, calls } = start({ search: 'be' });
      actor.send({ type: 'search.input', text: 'b' });
      actor.send({ type: 'search.input', text: 'be' });
      vi.advanceTimersByTime(300);
      expect(listed).toEqual([]);
      expect(calls).toEqual([]);
    });
  });

  it('refreshes: lists again, asks the permission again and reloads the loaders', async () => {
    const { actor, listed, calls, permissionEvents } = start();
    actor.send({ type: 'page.refresh' });
    await vi.waitFor(() => expect(listed).toHaveLength(1));
    expect(calls).toEqual(['invalidate']);
    expect(permissionEvents.at(-1)).toEqual({ type: 'permission.recheck', repoId: 'lake', branch: 'main' });
    actor.send({ type: 'objects.changed' });
    await vi.waitFor(() => expect(listed).toHaveLength(2));
    expect(calls).toEqual(['invalidate', 'invalidate']);
  });

  it('deletes an object after confirmation, then lists again; a cancelled delete changes nothing', async () => {
    const { actor, deleted, listed, calls } = start();
    actor.send({ type: 'object.delete', path: 'data/a.csv' });
    deleteObjectFlow(actor.getSnapshot())!.send({ type: 'delete.cancel' });
    expect(deleteObjectFlow(actor.getSnapshot())).toBeUndefined();
    expect(calls).toEqual([]);

    actor.send({ type: 'object.delete', path: 'data/a.csv' });
    expect(actor.getSnapshot().context.deletePath).toBe('data/a.csv');
    deleteObjectFlow(actor.getSnapshot())!.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches({ dialog: 'closed' }));
    expect(deleted).toEqual([{ repoId: 'lake', branch: 'main', path: 'data/a.csv' }]);
    expect(calls).toEqual(['invalidate']);
    await vi.waitFor(() => expect(listed).toHaveLength(1));
  });

  it('opens and closes the blame of an entry', () => {
    const { actor } = start();
    actor.send({ type: 'blame.open', target: { path: 'data/', pathType: 'common_prefix' } });
    expect(blameFlow(actor.getSnapshot())?.getSnapshot().context.target).toEqual({ path: 'data/', pathType: 'common_prefix' });
    actor.send({ type: 'blame.close' });
    expect(blameFlow(actor.getSnapshot())).toBeUndefined();
  });

  it('takes every transition', () => coverage.expectAllTaken());
});
