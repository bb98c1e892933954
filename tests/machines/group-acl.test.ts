import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ACL } from '../../src/api/types';
import { ACL_PERMISSIONS, groupAclMachine } from '../../src/machines/group-acl/machine';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(groupAclMachine);

function start() {
  const reads = controlled<ACL | null, { groupId: string }>();
  const writes = controlled<ACL, { groupId: string; acl: ACL }>();
  const actor = createActor(groupAclMachine.provide({ actors: { readAcl: reads.logic, writeAcl: writes.logic } }), {
    input: { groupId: 'Readers' },
    inspect: coverage.inspect,
  }).start();
  return { actor, reads, writes };
}

describe('group-acl machine', () => {
  it('offers the four permission levels of simplified mode', () => {
    expect(ACL_PERMISSIONS.map((p) => p.value)).toEqual(['Read', 'Write', 'Super', 'Admin']);
  });

  it('reads the ACL (none is an answer) and sets a permission, keeping the repositories', async () => {
    const { actor, reads, writes } = start();
    expect(reads.last().input).toEqual({ groupId: 'Readers' });
    reads.last().resolve(null);
    await waitFor(actor, (s) => s.matches('ready'), { timeout: 5000 });
    expect(actor.getSnapshot().context.acl).toBeNull();
    actor.send({ type: 'acl.set', permission: 'Write' });
    expect(writes.last().input).toEqual({ groupId: 'Readers', acl: { permission: 'Write' } });
    writes.last().resolve({ permission: 'Write' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.acl?.permission === 'Write', { timeout: 5000 });
  });

  it('keeps the permission last read when a change is refused, and retries a failed read', async () => {
    const { actor, reads, writes } = start();
    reads.last().reject(new Error('boom'));
    await waitFor(actor, (s) => s.matches('failed'), { timeout: 5000 });
    actor.send({ type: 'acl.retry' });
    reads.last().resolve({ permission: 'Read', repositories: ['lake'] });
    await waitFor(actor, (s) => s.matches('ready'), { timeout: 5000 });
    actor.send({ type: 'acl.set', permission: 'Admin' });
    expect(writes.last().input.acl).toEqual({ permission: 'Admin', repositories: ['lake'] });
    writes.last().reject(new Error('insufficient permissions: not allowed to auth:AttachPolicy'));
    const refused = await waitFor(actor, (s) => s.matches('ready') && s.context.error !== undefined, { timeout: 5000 });
    expect(refused.context.acl).toEqual({ permission: 'Read', repositories: ['lake'] });
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
