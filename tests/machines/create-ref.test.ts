import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, ConflictError } from '../../src/api/errors';
import { createRefMachine, type CreateRefInput, type CreateRefRequest } from '../../src/machines/create-ref';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(createRefMachine);

function start(input: Partial<CreateRefInput> = {}, create: (request: CreateRefRequest) => Promise<void> = async () => undefined) {
  const requests: CreateRefRequest[] = [];
  const machine = createRefMachine.provide({
    actors: {
      createRef: fromPromise<void, CreateRefRequest>(({ input: request }) => {
        requests.push(request);
        return create(request);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { repoId: 'lake', kind: 'branch', readOnly: false, source: { id: 'main', kind: 'branch' }, ...input },
    inspect: coverage.inspect,
  }).start();
  return { actor, requests };
}

describe('create-ref machine', () => {
  it('creates a branch from the chosen source and ends with it', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'name.change', value: 'feature' });
    actor.send({ type: 'source.change', source: { id: 'c'.repeat(64), kind: 'commit' } });
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(requests).toEqual([{ repoId: 'lake', kind: 'branch', name: 'feature', source: 'c'.repeat(64) }]);
    expect(actor.getSnapshot().output).toEqual({ kind: 'branch', id: 'feature', source: 'c'.repeat(64) });
  });

  it("leaves a branch name to the server's rules: an empty one is sent and its refusal shown, then fixed", async () => {
    const refusal = new ApiError(400, 'branch name: invalid value');
    const { actor, requests } = start({}, (r) => (r.name === '' ? Promise.reject(refusal) : Promise.resolve()));
    actor.send({ type: 'create.submit' });
    const failed = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null, { timeout: 5000 });
    expect(failed.context.error).toBe(refusal);
    actor.send({ type: 'name.change', value: 'dev' });
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(requests.map((r) => r.name)).toEqual(['', 'dev']);
  });

  it("waits for a tag's name and source before it can create, then creates the tag", async () => {
    const { actor, requests } = start({ kind: 'tag', source: null });
    expect(actor.getSnapshot().can({ type: 'create.submit' })).toBe(false);
    actor.send({ type: 'name.change', value: 'v1' });
    expect(actor.getSnapshot().can({ type: 'create.submit' })).toBe(false);
    actor.send({ type: 'source.change', source: { id: 'main', kind: 'branch' } });
    actor.send({ type: 'name.change', value: '' });
    expect(actor.getSnapshot().can({ type: 'create.submit' })).toBe(false);
    actor.send({ type: 'name.change', value: 'v1' });
    actor.send({ type: 'create.submit' });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(requests).toEqual([{ repoId: 'lake', kind: 'tag', name: 'v1', source: 'main' }]);
  });

  it('creates nothing in a read-only repository', () => {
    const { actor, requests } = start({ readOnly: true });
    actor.send({ type: 'name.change', value: 'dev' });
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(requests).toEqual([]);
  });

  it('shows that the ref exists already and stays editable', async () => {
    const exists = new ConflictError(409, 'tag already exists');
    const { actor } = start({ kind: 'tag' }, () => Promise.reject(exists));
    actor.send({ type: 'name.change', value: 'v1' });
    actor.send({ type: 'create.submit' });
    const failed = await waitFor(actor, (s) => s.context.error !== null, { timeout: 5000 });
    expect(failed.matches('editing')).toBe(true);
    expect(failed.context.error).toBe(exists);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
