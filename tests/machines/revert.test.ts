import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { revertMachine, type RevertRequest, type RevertTarget } from '../../src/machines/revert';
import { ApiError, NotFoundError } from '../../src/api/errors';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(revertMachine);

function start(
  reset: (input: RevertRequest) => Promise<void> = async () => undefined,
  input: Partial<{ readOnly: boolean; hasChanges: boolean }> = {},
) {
  const requests: RevertRequest[] = [];
  const reverted: RevertTarget[] = [];
  const machine = revertMachine.provide({
    actions: { reverted: (_, target) => void reverted.push(target) },
    actors: {
      reset: fromPromise<void, RevertRequest>(({ input: request }) => {
        requests.push(request);
        return reset(request);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { repoId: 'lake', branch: 'dev', readOnly: false, hasChanges: true, ...input },
    inspect: coverage.inspect,
  }).start();
  return { actor, requests, reverted };
}

describe('revert machine', () => {
  it('reverts everything with type reset after confirmation', async () => {
    const { actor, requests, reverted } = start();
    actor.send({ type: 'revert.request', target: { type: 'reset' } });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(requests).toEqual([]);
    actor.send({ type: 'revert.confirm' });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(requests).toEqual([{ repoId: 'lake', branch: 'dev', target: { type: 'reset' } }]);
    expect(reverted).toEqual([{ type: 'reset' }]);
    expect(actor.getSnapshot().context.target).toBeNull();
  });

  it.each([
    [{ type: 'object', path: 'data/a.csv' }],
    [{ type: 'common_prefix', path: 'data/' }],
  ] as [RevertTarget][])('reverts one entry with its type and path: %o', async (target) => {
    const { actor, requests } = start();
    actor.send({ type: 'revert.request', target });
    actor.send({ type: 'revert.confirm' });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(requests[0]?.target).toEqual(target);
  });

  it('does nothing when cancelled', () => {
    const { actor, requests } = start();
    actor.send({ type: 'revert.request', target: { type: 'reset' } });
    actor.send({ type: 'revert.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(requests).toEqual([]);
  });

  it('cannot start without changes or on a read-only repository', () => {
    for (const input of [{ hasChanges: false }, { readOnly: true }]) {
      const { actor } = start(undefined, input);
      expect(actor.getSnapshot().can({ type: 'revert.request', target: { type: 'reset' } })).toBe(false);
      actor.send({ type: 'revert.request', target: { type: 'reset' } });
      expect(actor.getSnapshot().matches('idle')).toBe(true);
    }
  });

  it.each([
    ['a server error', new ApiError(500, 'internal error')],
    ['a missing branch', new NotFoundError(404, 'could not find branch dev')],
    ['a read-only repository', new ApiError(403, 'read-only repository')],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('stays on the confirmation with %s, and can retry', async (_, failure) => {
    let attempts = 0;
    const { actor, reverted } = start(() => (++attempts === 1 ? Promise.reject(failure) : Promise.resolve()));
    actor.send({ type: 'revert.request', target: { type: 'object', path: 'a' } });
    actor.send({ type: 'revert.confirm' });
    const failed = await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null, { timeout: 5000 });
    expect(failed.context.error).toBe(failure);
    expect(reverted).toEqual([]);
    actor.send({ type: 'revert.confirm' });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(reverted).toEqual([{ type: 'object', path: 'a' }]);
  });

  it('clears a previous error when cancelled and asked again', async () => {
    const { actor } = start(() => Promise.reject(new ApiError(500, 'boom')));
    actor.send({ type: 'revert.request', target: { type: 'reset' } });
    actor.send({ type: 'revert.confirm' });
    await waitFor(actor, (s) => s.context.error !== null, { timeout: 5000 });
    actor.send({ type: 'revert.cancel' });
    actor.send({ type: 'revert.request', target: { type: 'reset' } });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('ignores cancel while the reset is running', () => {
    const { actor } = start(() => new Promise<void>(() => undefined));
    actor.send({ type: 'revert.request', target: { type: 'reset' } });
    actor.send({ type: 'revert.confirm' });
    actor.send({ type: 'revert.cancel' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
