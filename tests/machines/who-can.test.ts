import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { whoCanMachine, whoCanResource, type WhoCanAnswer } from '../../src/machines/who-can/machine';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(whoCanMachine);

const answer: WhoCanAnswer = {
  read: { users: ['admin', 'viv'], groups: ['Admins', 'Viewers'] },
  write: { users: ['admin'], groups: ['Admins'] },
};

function start(path?: string) {
  const asks = controlled<WhoCanAnswer, { resource: string }>();
  const actor = createActor(whoCanMachine.provide({ actors: { ask: asks.logic } }), {
    input: { repoId: 'lake', path },
    inspect: coverage.inspect,
  }).start();
  return { actor, asks };
}

describe('who-can machine', () => {
  it('asks about the object, or every object of the repository', () => {
    expect(whoCanResource({ repoId: 'lake', path: 'data/a.csv' })).toBe('arn:lakefs:fs:::repository/lake/object/data/a.csv');
    expect(whoCanResource({ repoId: 'lake' })).toBe('arn:lakefs:fs:::repository/lake/object/*');
  });

  it('asks when opened and shows the answer; asks again on the next opening', async () => {
    const { actor, asks } = start('data/a.csv');
    expect(asks.calls).toHaveLength(0);
    actor.send({ type: 'whoCan.open' });
    expect(asks.last().input).toEqual({ resource: 'arn:lakefs:fs:::repository/lake/object/data/a.csv' });
    asks.last().resolve(answer);
    expect((await waitFor(actor, (s) => s.matches('answered'), { timeout: 5000 })).context.answer).toEqual(answer);
    actor.send({ type: 'whoCan.open' });
    asks.last().reject(new Error('insufficient permissions: not allowed to auth:ListUsers'));
    const failed = await waitFor(actor, (s) => s.matches('answered') && s.context.error !== undefined, { timeout: 5000 });
    expect(failed.context.answer).toBeNull();
    actor.send({ type: 'whoCan.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('stops asking when closed while loading', () => {
    const { actor } = start();
    actor.send({ type: 'whoCan.open' });
    actor.send({ type: 'whoCan.close' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
