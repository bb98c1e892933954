import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ObjectErrorList } from '../../src/api/types';
import { bulkDeleteMachine, type DeleteChunkInput } from '../../src/machines/bulk-delete/machine';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(bulkDeleteMachine);

const paths = (count: number) => Array.from({ length: count }, (_, i) => `data/${String(i).padStart(5, '0')}.csv`);

function start(count: number) {
  const requests = controlled<ObjectErrorList, DeleteChunkInput>();
  const machine = bulkDeleteMachine.provide({ actors: { deleteChunk: requests.logic } });
  const actor = createActor(machine, { input: { repoId: 'lake', branch: 'main', paths: paths(count) }, inspect: coverage.inspect }).start();
  return { actor, requests };
}

describe('bulk delete machine', () => {
  it('deletes 2,500 paths in three requests of at most 1,000, with progress, then sums up', async () => {
    const { actor, requests } = start(2500);
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(requests.calls).toHaveLength(0);
    actor.send({ type: 'delete.confirm' });
    for (const [index, size] of [1000, 1000, 500].entries()) {
      await waitFor(actor, () => requests.calls.length === index + 1, { timeout: 5000 });
      const { input } = requests.last();
      expect(input).toMatchObject({ repoId: 'lake', branch: 'main' });
      expect(input.paths).toHaveLength(size);
      expect(input.paths[0]).toBe(paths(2500)[index * 1000]);
      expect(actor.getSnapshot().context.done).toBe(index * 1000);
      requests.last().resolve({ errors: [] });
    }
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(done.output).toEqual({
      summary: { total: 2500, deleted: 2500, failures: [], failedRequests: [], notSent: 0, cancelled: false },
    });
  });

  it('sums up the paths the server refused and the requests that failed, going on after each', async () => {
    const { actor, requests } = start(2100);
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, () => requests.calls.length === 1, { timeout: 5000 });
    requests.last().resolve({ errors: [{ path: 'data/00003.csv', status_code: 401, message: 'not allowed' }] });
    await waitFor(actor, () => requests.calls.length === 2, { timeout: 5000 });
    requests.last().reject(new Error('server went away'));
    await waitFor(actor, () => requests.calls.length === 3, { timeout: 5000 });
    requests.last().resolve({ errors: [] });
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(done.output?.summary).toEqual({
      total: 2100,
      deleted: 999 + 100,
      failures: [{ path: 'data/00003.csv', message: 'not allowed' }],
      failedRequests: [{ firstPath: 'data/01000.csv', count: 1000, message: 'server went away' }],
      notSent: 0,
      cancelled: false,
    });
  });

  it('records a last request that fails as a whole', async () => {
    const { actor, requests } = start(10);
    actor.send({ type: 'delete.confirm' });
    requests.last().reject(new Error('branch is protected'));
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(done.output?.summary).toMatchObject({ deleted: 0, failedRequests: [{ firstPath: 'data/00000.csv', count: 10, message: 'branch is protected' }] });
  });

  it('on cancel lets the request in flight finish and sends no more', async () => {
    const { actor, requests } = start(3000);
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, () => requests.calls.length === 1, { timeout: 5000 });
    actor.send({ type: 'run.cancel' });
    expect(actor.getSnapshot().status).toBe('active');
    requests.last().resolve({ errors: [] });
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(requests.calls).toHaveLength(1);
    expect(done.output?.summary).toEqual({ total: 3000, deleted: 1000, failures: [], failedRequests: [], notSent: 2000, cancelled: true });
  });

  it('sends nothing when the confirmation is declined', () => {
    const { actor, requests } = start(5);
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().output).toEqual({ summary: undefined });
    expect(requests.calls).toHaveLength(0);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
