import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError, PreconditionError } from '../../src/api/errors';
import type { BranchProtection } from '../../src/api/settings';
import { branchProtectionMachine, protectionChangeRefusal, RULES_CHANGED_NOTICE, type RulesWrite } from '../../src/machines/branch-protection';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(branchProtectionMachine);

const rules = (...patterns: string[]) => patterns.map((pattern) => ({ pattern }));
const preconditionFailed = () => new PreconditionError(412, 'Precondition failed');

const WAIT = { timeout: 5_000 };

/** A rules page over controlled calls; unless told `pending`, the server's preflight has allowed changes. */
async function start(firstRead?: BranchProtection, { pending = false } = {}) {
  const reads = controlled<BranchProtection, { repoId: string }>();
  const writes = controlled<void, RulesWrite>();
  const preflights = controlled<boolean, { repoId: string }>();
  const machine = branchProtectionMachine.provide({
    actors: { readRules: reads.logic, writeRules: writes.logic, checkAllowed: preflights.logic },
  });
  const actor = createActor(machine, { input: { repoId: 'lake', firstRead }, inspect: coverage.inspect }).start();
  if (!pending) {
    preflights.last().resolve(true);
    await waitFor(actor, (s) => s.matches({ preflight: 'allowed' }), WAIT);
  }
  return { actor, reads, writes, preflights };
}

describe('branch protection rules machine', () => {
  it('reads the rules with their checksum', async () => {
    const { actor, reads } = await start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    reads.last().resolve({ rules: rules('main'), checksum: 'c1' });
    const ready = await waitFor(actor, (s) => s.matches({ rules: 'ready' }), { timeout: 5000 });
    expect(ready.context).toMatchObject({ rules: rules('main'), checksum: 'c1' });
  });

  it('adds a pattern with the checksum of the last read, then reads the rules again', async () => {
    const { actor, reads, writes } = await start({ rules: rules('main'), checksum: 'c1' });
    actor.send({ type: 'add.open' });
    expect(actor.getSnapshot().matches({ rules: { ready: 'adding' } })).toBe(true);
    // Create is refused while the pattern is empty.
    actor.send({ type: 'add.change', pattern: '  ' });
    expect(actor.getSnapshot().can({ type: 'add.confirm' })).toBe(false);
    actor.send({ type: 'add.change', pattern: 'release-*' });
    actor.send({ type: 'add.confirm' });
    expect(writes.last().input).toEqual({ repoId: 'lake', rules: rules('main', 'release-*'), checksum: 'c1' });
    writes.last().resolve();
    await waitFor(actor, (s) => s.hasTag('loading'), { timeout: 5000 });
    reads.last().resolve({ rules: rules('main', 'release-*'), checksum: 'c2' });
    const ready = await waitFor(actor, (s) => s.matches({ rules: { ready: 'idle' } }), { timeout: 5000 });
    expect(ready.context).toMatchObject({ rules: rules('main', 'release-*'), checksum: 'c2', notice: undefined });
  });

  it('deletes a pattern by saving the whole list without it', async () => {
    const { actor, writes } = await start({ rules: rules('main', 'dev'), checksum: 'c1' });
    actor.send({ type: 'rule.delete', pattern: 'main' });
    expect(writes.last().input).toEqual({ repoId: 'lake', rules: rules('dev'), checksum: 'c1' });
  });

  it('on 412 reads the rules again, adds the pattern to them, saves with the new checksum and says so', async () => {
    const { actor, reads, writes } = await start({ rules: rules('main'), checksum: 'c1' });
    actor.send({ type: 'add.open' });
    actor.send({ type: 'add.change', pattern: 'release-*' });
    actor.send({ type: 'add.confirm' });
    writes.last().reject(preconditionFailed());
    await waitFor(actor, () => reads.calls.length === 1, { timeout: 5000 });
    // Someone else added 'dev' meanwhile.
    reads.last().resolve({ rules: rules('main', 'dev'), checksum: 'c2' });
    await waitFor(actor, () => writes.calls.length === 2, { timeout: 5000 });
    expect(writes.last().input).toEqual({ repoId: 'lake', rules: rules('main', 'dev', 'release-*'), checksum: 'c2' });
    expect(actor.getSnapshot().context.notice).toBe(RULES_CHANGED_NOTICE);
    writes.last().resolve();
    await waitFor(actor, () => reads.calls.length === 2, { timeout: 5000 });
    reads.last().resolve({ rules: rules('main', 'dev', 'release-*'), checksum: 'c3' });
    const ready = await waitFor(actor, (s) => s.matches({ rules: 'ready' }), { timeout: 5000 });
    expect(ready.context).toMatchObject({ checksum: 'c3', notice: RULES_CHANGED_NOTICE, error: undefined });
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.notice).toBeUndefined();
  });

  it('on 412 for a delete removes the pattern from the fresh rules, or saves nothing when it is gone already', async () => {
    const { actor, reads, writes } = await start({ rules: rules('main', 'dev'), checksum: 'c1' });
    actor.send({ type: 'rule.delete', pattern: 'dev' });
    writes.last().reject(preconditionFailed());
    await waitFor(actor, () => reads.calls.length === 1, { timeout: 5000 });
    reads.last().resolve({ rules: rules('main', 'dev', 'qa'), checksum: 'c2' });
    await waitFor(actor, () => writes.calls.length === 2, { timeout: 5000 });
    expect(writes.last().input).toEqual({ repoId: 'lake', rules: rules('main', 'qa'), checksum: 'c2' });
    writes.last().reject(preconditionFailed());
    await waitFor(actor, () => reads.calls.length === 2, { timeout: 5000 });
    // Someone else deleted 'dev' too: nothing is left to do.
    reads.last().resolve({ rules: rules('main'), checksum: 'c3' });
    const ready = await waitFor(actor, (s) => s.matches({ rules: 'ready' }), { timeout: 5000 });
    expect(ready.context).toMatchObject({ rules: rules('main'), checksum: 'c3', edit: undefined, notice: RULES_CHANGED_NOTICE });
    expect(writes.calls).toHaveLength(2);
  });

  it('gives up after the rules changed under it three times in a row, and shows other failures', async () => {
    const { actor, reads, writes } = await start({ rules: rules('main'), checksum: 'c1' });
    actor.send({ type: 'rule.delete', pattern: 'main' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      writes.last().reject(preconditionFailed());
      await waitFor(actor, () => reads.calls.length === attempt, { timeout: 5000 });
      reads.last().resolve({ rules: rules('main'), checksum: `c${attempt + 1}` });
      await waitFor(actor, () => writes.calls.length === attempt + 1, { timeout: 5000 });
    }
    writes.last().reject(preconditionFailed());
    const failed = await waitFor(actor, (s) => s.matches({ rules: 'ready' }) && s.context.error !== undefined, { timeout: 5000 });
    expect(failed.context.error).toBeInstanceOf(PreconditionError);
    actor.send({ type: 'rule.delete', pattern: 'main' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    writes.last().reject(new ApiError(401, 'insufficient permissions'));
    expect(String((await waitFor(actor, (s) => s.context.error !== undefined, { timeout: 5000 })).context.error)).toContain('insufficient');
  });

  it('closes the dialog on cancel or when the pattern exists already, and shows a failed read with a refresh', async () => {
    const { actor, reads, writes } = await start({ rules: rules('main'), checksum: 'c1' });
    actor.send({ type: 'add.open' });
    actor.send({ type: 'add.cancel' });
    expect(actor.getSnapshot().matches({ rules: { ready: 'idle' } })).toBe(true);
    actor.send({ type: 'add.open' });
    actor.send({ type: 'add.change', pattern: 'main' });
    actor.send({ type: 'add.confirm' });
    expect(actor.getSnapshot().matches({ rules: { ready: 'idle' } })).toBe(true);
    expect(writes.calls).toHaveLength(0);
    actor.send({ type: 'rule.delete', pattern: 'main' });
    writes.last().reject(preconditionFailed());
    await waitFor(actor, () => reads.calls.length === 1, { timeout: 5000 });
    reads.last().reject(new ApiError(500, 'boom'));
    await waitFor(actor, (s) => s.matches({ rules: 'ready' }) && s.context.error !== undefined, { timeout: 5000 });
    actor.send({ type: 'rules.refresh' });
    reads.last().reject(new ApiError(500, 'boom'));
    await waitFor(actor, (s) => s.matches({ rules: 'failed' }), { timeout: 5000 });
    actor.send({ type: 'rules.refresh' });
    reads.last().resolve({ rules: [], checksum: '' });
    expect((await waitFor(actor, (s) => s.matches({ rules: 'ready' }), { timeout: 5000 })).context.rules).toEqual([]);
  });

  it("waits for the server's preflight before adding or deleting, says why, and asks again on refresh", async () => {
    const { actor, preflights, reads, writes } = await start({ rules: rules('main'), checksum: 'c1' }, { pending: true });
    expect(preflights.last().input).toEqual({ repoId: 'lake' });
    expect(protectionChangeRefusal(actor.getSnapshot())).toBe('Checking whether you may change the branch protection rules...');
    expect(actor.getSnapshot().can({ type: 'add.open' })).toBe(false);
    actor.send({ type: 'add.open' });
    actor.send({ type: 'rule.delete', pattern: 'main' });
    expect(actor.getSnapshot().matches({ rules: { ready: 'idle' } })).toBe(true);
    expect(writes.calls).toHaveLength(0);

    preflights.last().resolve(false);
    const refused = await waitFor(actor, (s) => s.matches({ preflight: 'refused' }), WAIT);
    expect(protectionChangeRefusal(refused)).toBe("You are not allowed to change this repository's branch protection rules.");
    expect(refused.can({ type: 'rule.delete', pattern: 'main' })).toBe(false);

    actor.send({ type: 'rules.refresh' });
    reads.last().resolve({ rules: rules('main'), checksum: 'c1' });
    preflights.last().reject(new ApiError(503, 'could not check whether you may change the branch protection rules: store unavailable'));
    const failed = await waitFor(actor, (s) => s.matches({ preflight: 'failed' }), WAIT);
    expect(protectionChangeRefusal(failed)).toBe(
      'could not check whether you may change the branch protection rules: store unavailable. Refresh to ask again.',
    );
    actor.send({ type: 'rules.refresh' });
    reads.last().resolve({ rules: rules('main'), checksum: 'c1' });
    preflights.last().resolve(true);
    const allowed = await waitFor(actor, (s) => s.matches({ preflight: 'allowed' }) && s.matches({ rules: 'ready' }), WAIT);
    expect(protectionChangeRefusal(allowed)).toBeUndefined();
    expect(allowed.can({ type: 'add.open' })).toBe(true);
    expect(preflights.calls).toHaveLength(3);
  });

  it("starts over from the route's new read, with no request of its own", async () => {
    const { actor, reads } = await start({ rules: rules('main'), checksum: 'c1' });
    actor.send({ type: 'route.changed', input: { repoId: 'lake', firstRead: { rules: rules('main', 'dev'), checksum: 'c2' } } });
    const ready = await waitFor(actor, (s) => s.matches({ rules: 'ready' }), WAIT);
    expect(ready.context).toMatchObject({ rules: rules('main', 'dev'), checksum: 'c2' });
    expect(reads.calls).toHaveLength(0);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
