import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ObjectStats, Page } from '../../src/api/types';
import { bulkDeletePermission, objectSelectionMachine, selectionReady, type PrefixPageRequest } from '../../src/machines/object-selection/machine';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(objectSelectionMachine);

const object = (path: string): ObjectStats => ({ path, path_type: 'object', physical_address: 'p', checksum: 'x', mtime: 1 });
const pageOf = (paths: string[], next = ''): Page<ObjectStats> => ({
  results: paths.map(object),
  pagination: { has_more: next !== '', next_offset: next, results: paths.length, max_per_page: 1000 },
});
const names = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `d/${String(from + i).padStart(4, '0')}`);

function start(cap?: number) {
  const pages = controlled<Page<ObjectStats>, PrefixPageRequest>();
  const machine = objectSelectionMachine.provide({ actors: { listPage: pages.logic } });
  const actor = createActor(machine, { input: { repoId: 'lake', refId: 'main', ...(cap === undefined ? {} : { cap }) }, inspect: coverage.inspect }).start();
  return { actor, pages, selected: () => actor.getSnapshot().context.selected };
}

describe('object selection machine', () => {
  it('toggles rows, extends a range from the last row ticked with shift, and selects or clears the loaded rows', () => {
    const { actor, selected } = start();
    const order = ['a', 'b', 'c', 'd', 'e'];
    actor.send({ type: 'select.toggle', path: 'b' });
    actor.send({ type: 'select.range', path: 'd', order });
    expect(selected()).toEqual(['b', 'c', 'd']);
    // A shift-click on a selected row unselects the range from the anchor (now d) to it.
    actor.send({ type: 'select.range', path: 'c', order });
    expect(selected()).toEqual(['b']);
    actor.send({ type: 'select.toggle', path: 'b' });
    expect(selected()).toEqual([]);
    expect(selectionReady(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'select.page', paths: order, checked: true });
    expect(selected()).toEqual(order);
    expect(selectionReady(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'select.page', paths: ['a', 'b'], checked: false });
    expect(selected()).toEqual(['c', 'd', 'e']);
    actor.send({ type: 'select.only', paths: ['e'] });
    expect(selected()).toEqual(['e']);
    actor.send({ type: 'select.clear' });
    expect(selected()).toEqual([]);
  });

  it('selects every object under a prefix, page after page, the count growing as it lists', async () => {
    const { actor, pages, selected } = start();
    actor.send({ type: 'select.toggle', path: 'elsewhere' });
    actor.send({ type: 'select.prefix', prefix: 'd/' });
    expect(selected()).toEqual([]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(selectionReady(actor.getSnapshot())).toBe(false);
    expect(pages.last().input).toEqual({ repoId: 'lake', refId: 'main', prefix: 'd/', after: undefined });
    pages.last().resolve(pageOf(names(0, 1000), 'd/0999'));
    await waitFor(actor, () => pages.calls.length === 2, { timeout: 5000 });
    expect(selected()).toHaveLength(1000);
    expect(pages.last().input).toEqual({ repoId: 'lake', refId: 'main', prefix: 'd/', after: 'd/0999' });
    pages.last().resolve(pageOf(names(1000, 1500)));
    const done = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(done.context.selected).toHaveLength(1500);
    expect(done.context.listing).toEqual({ prefix: 'd/', after: undefined, complete: true, capped: false });
    // A change by hand makes it a selection like any other.
    actor.send({ type: 'select.toggle', path: 'd/0000' });
    expect(actor.getSnapshot().context.listing).toBeNull();
    expect(selected()).toHaveLength(1499);
  });

  it('stops at the cap and says so', async () => {
    const { actor, pages, selected } = start(1500);
    actor.send({ type: 'select.prefix', prefix: 'd/' });
    pages.last().resolve(pageOf(names(0, 1000), 'd/0999'));
    await waitFor(actor, () => pages.calls.length === 2, { timeout: 5000 });
    pages.last().resolve(pageOf(names(1000, 2000), 'd/1999'));
    const done = await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(selected()).toHaveLength(1500);
    expect(selected().at(-1)).toBe('d/1499');
    expect(done.context.listing).toMatchObject({ complete: true, capped: true });
    expect(pages.calls).toHaveLength(2);
  });

  it('keeps what was listed when a page fails, goes on from there on retry, and stops listing when cleared', async () => {
    const { actor, pages, selected } = start();
    actor.send({ type: 'select.prefix', prefix: 'd/' });
    pages.last().resolve(pageOf(names(0, 1000), 'd/0999'));
    await waitFor(actor, () => pages.calls.length === 2, { timeout: 5000 });
    pages.last().reject(new Error('listing is down'));
    const failed = await waitFor(actor, (s) => s.matches('failed'), { timeout: 5000 });
    expect(String(failed.context.error)).toContain('listing is down');
    expect(selected()).toHaveLength(1000);
    actor.send({ type: 'select.retry' });
    expect(pages.last().input).toEqual({ repoId: 'lake', refId: 'main', prefix: 'd/', after: 'd/0999' });
    actor.send({ type: 'select.clear' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(selected()).toEqual([]);
    expect(actor.getSnapshot().context.listing).toBeNull();
  });

  describe('bulk delete permission', () => {
    /** Policies that allow deleting everywhere but under `locked/`. */
    const policies = (action: string, resource: string) => !(action === 'fs:DeleteObject' && resource.includes('/object/locked/'));

    it('allows deleting what the policies allow, and while they are unknown', () => {
      const { actor } = start();
      actor.send({ type: 'select.page', paths: ['locked/a', 'open/b'], checked: true });
      expect(bulkDeletePermission(actor.getSnapshot())).toEqual({ allowed: true, reason: undefined });
      actor.send({ type: 'select.policies', policies });
      actor.send({ type: 'select.toggle', path: 'locked/a' });
      expect(bulkDeletePermission(actor.getSnapshot())).toEqual({ allowed: true, reason: undefined });
    });

    it('refuses the whole selection for one object the policies refuse, with the reason the Delete button shows', () => {
      const { actor } = start();
      actor.send({ type: 'select.policies', policies });
      actor.send({ type: 'select.page', paths: ['open/b', 'locked/a'], checked: true });
      expect(bulkDeletePermission(actor.getSnapshot())).toEqual({ allowed: false, reason: 'Not allowed: you need the fs:DeleteObject permission' });
    });
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
