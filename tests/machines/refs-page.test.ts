import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BranchSummaryList, Page, Ref } from '../../src/api/types';
import { branchSummariesMachine, type BranchListActorRef, type SummaryRequest } from '../../src/machines/branch-summaries';
import { createRefMachine, type CreateRefActorRef, type CreateRefRequest } from '../../src/machines/create-ref';
import { confirmDeleteMachine, type ConfirmDeleteActorRef, type DeleteTarget } from '../../src/machines/confirm-delete';
import { pagedListMachine } from '../../src/machines/paged-list';
import { createRefusedReadOnly, refsPageMachine, type RefsPageInput } from '../../src/machines/refs-page';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(refsPageMachine);

const listed: Page<Ref> = {
  results: [{ id: 'dev', commit_id: 'd' }],
  pagination: { has_more: false, next_offset: '', results: 1, max_per_page: 1000 },
};

/** The screen's listing, started from its first page. */
const list: BranchListActorRef = createActor(pagedListMachine<Ref, string>(), { input: { source: 'lake', firstPage: listed } }).start();

/** The route's input, as a change of the route sends it again. */
const routeInput = (input: Partial<RefsPageInput> = {}): RefsPageInput => ({ repoId: 'lake', kind: 'branch', readOnly: false, defaultBranch: 'main', list, ...input });

function start(input: Partial<RefsPageInput> = {}) {
  let refreshes = 0;
  const created: CreateRefRequest[] = [];
  const deleted: DeleteTarget[] = [];
  const summaryRequests: SummaryRequest[] = [];
  const machine = refsPageMachine.provide({
    actions: { invalidate: () => void refreshes++, navigate: () => undefined },
    actors: {
      create: createRefMachine.provide({
        actors: { createRef: fromPromise<void, CreateRefRequest>(async ({ input: r }) => void created.push(r)) },
      }),
      delete: confirmDeleteMachine.provide({
        actors: { remove: fromPromise<void, DeleteTarget>(async ({ input: r }) => void deleted.push(r)) },
      }),
      summaries: branchSummariesMachine.provide({
        actors: {
          fetchSummaries: fromPromise<BranchSummaryList, SummaryRequest>(async ({ input: r }) => {
            summaryRequests.push(r);
            return { default_branch: 'main', pagination: listed.pagination, results: [] };
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: routeInput(input), inspect: coverage.inspect }).start();
  return { actor, created, deleted, summaryRequests, refreshes: () => refreshes };
}

const createChild = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().children.create as CreateRefActorRef;
const deleteChild = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().children.delete as ConfirmDeleteActorRef;

describe('refs page machine', () => {
  it('opens a fresh create form from the default branch, and loads the page again once a branch is created', async () => {
    const { actor, created, refreshes } = start();
    actor.send({ type: 'create.open' });
    const form = createChild(actor);
    expect(form.getSnapshot().context).toMatchObject({ kind: 'branch', source: { id: 'main', kind: 'branch' }, name: '' });
    form.send({ type: 'name.change', value: 'dev' });
    form.send({ type: 'create.submit' });
    await waitFor(actor, (s) => s.matches('browsing'), { timeout: 5000 });
    expect(created).toEqual([{ repoId: 'lake', kind: 'branch', name: 'dev', source: 'main' }]);
    expect(refreshes()).toBe(1);
    // The branch made stays as the screen's receipt, across the reload, until dismissed.
    expect(actor.getSnapshot().context.receipt).toEqual({ kind: 'branch', id: 'dev', source: 'main' });
    actor.send({ type: 'route.changed', input: routeInput() });
    expect(actor.getSnapshot().context.receipt).toEqual({ kind: 'branch', id: 'dev', source: 'main' });
    actor.send({ type: 'receipt.dismiss' });
    expect(actor.getSnapshot().context.receipt).toBeNull();
  });

  it("starts a tag's form with no source, and closing it changes nothing", () => {
    const { actor, refreshes } = start({ kind: 'tag' });
    actor.send({ type: 'create.open' });
    expect(createChild(actor).getSnapshot().context.source).toBeNull();
    actor.send({ type: 'create.close' });
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
    expect(actor.getSnapshot().children.create).toBeUndefined();
    expect(refreshes()).toBe(0);
  });

  it('deletes a confirmed ref and loads the page again; a cancelled one changes nothing', async () => {
    const { actor, deleted, refreshes } = start({ kind: 'tag' });
    actor.send({ type: 'delete.request', id: 'v1' });
    deleteChild(actor).send({ type: 'delete.cancel' });
    await waitFor(actor, (s) => s.matches('browsing'), { timeout: 5000 });
    expect(refreshes()).toBe(0);
    actor.send({ type: 'delete.request', id: 'v2' });
    deleteChild(actor).send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('browsing'), { timeout: 5000 });
    expect(deleted).toEqual([{ repoId: 'lake', kind: 'tag', id: 'v2' }]);
    expect(refreshes()).toBe(1);
  });

  it('never offers the default branch for deletion', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'delete.request', id: 'main' })).toBe(false);
    actor.send({ type: 'delete.request', id: 'main' });
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'delete.request', id: 'dev' })).toBe(true);
  });

  it("keeps the route's news of the repository: a changed default branch is the one kept from deletion", () => {
    const { actor } = start();
    actor.send({ type: 'route.changed', input: routeInput({ defaultBranch: 'trunk' }) });
    expect(actor.getSnapshot().can({ type: 'delete.request', id: 'main' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'delete.request', id: 'trunk' })).toBe(false);
  });

  it('takes no new branch or tag on a read-only repository, until the route says it is writable again', () => {
    for (const kind of ['branch', 'tag'] as const) {
      const { actor } = start({ kind, readOnly: true });
      expect(actor.getSnapshot().can({ type: 'create.open' })).toBe(false);
      actor.send({ type: 'create.open' });
      expect(actor.getSnapshot().children.create).toBeUndefined();
      actor.send({ type: 'route.changed', input: routeInput({ kind }) });
      expect(actor.getSnapshot().can({ type: 'create.open' })).toBe(true);
    }
    expect(createRefusedReadOnly('branch')).toBe('This repository is read-only: branches cannot be created.');
  });

  it("runs the summaries of the listed branches on the Branches screen, for the screen's life, and none for tags", async () => {
    const branches = start();
    const summaries = branches.actor.getSnapshot().context.summaries;
    expect(summaries).not.toBeNull();
    expect(branches.actor.getSnapshot().children.summaries).toBe(summaries);
    await waitFor(summaries!, (s) => s.matches('waiting') && s.context.answered === 1, { timeout: 5000 });
    expect(branches.summaryRequests).toEqual([{ repoId: 'lake', prefix: '', after: undefined, amount: 1 }]);
    branches.actor.send({ type: 'route.changed', input: routeInput({ readOnly: true }) });
    expect(branches.actor.getSnapshot().context.summaries).toBe(summaries);
    const tags = start({ kind: 'tag' });
    expect(tags.actor.getSnapshot().context.summaries).toBeNull();
    expect(tags.summaryRequests).toEqual([]);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
