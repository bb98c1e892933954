import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import {
  createBlocker,
  createPullRequestMachine,
  type CreatePullRequestCall,
  type PullRequestBranches,
} from '../../src/machines/create-pull-request';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';
import type { Navigation } from '../../src/lib/screen';

const coverage = transitionCoverage(createPullRequestMachine);

const ready: PullRequestBranches = { destination: 'main', source: 'dev', bothBranches: true, hasChanges: true };

function start() {
  const create = controlled<string, CreatePullRequestCall>();
  const created: string[] = [];
  const machine = createPullRequestMachine.provide({
    actions: { navigate: (_, navigation: Navigation) => void created.push(String((navigation.params as { pullId: string }).pullId)) },
    actors: { createPullRequest: create.logic },
  });
  const actor = createActor(machine, { input: { repoId: 'lake' }, inspect: coverage.inspect }).start();
  return { actor, create, created };
}

describe('createBlocker', () => {
  it('names the first thing missing: a source, two branches, two different ones, a change, a title', () => {
    expect(createBlocker('t', { ...ready, source: undefined })).toBe('Choose the branch to merge from.');
    expect(createBlocker('t', { ...ready, bothBranches: false })).toMatch(/choose two branches/);
    expect(createBlocker('t', { ...ready, source: 'main' })).toMatch(/same branch/);
    expect(createBlocker('t', { ...ready, hasChanges: false })).toBe('dev has no changes against main: there is nothing to merge.');
    expect(createBlocker('   ', ready)).toBe('Give the pull request a title.');
    expect(createBlocker('Add lakes', ready)).toBeNull();
  });
});

describe('create pull request machine', () => {
  it('creates with the trimmed title, the description and the branches of the submit, then announces the id', async () => {
    const { actor, create, created } = start();
    actor.send({ type: 'title.change', value: '  Add lakes ' });
    actor.send({ type: 'description.change', value: 'Adds **two** lakes' });
    actor.send({ type: 'create.submit', ...ready });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(create.last().input).toEqual({
      repoId: 'lake',
      creation: { title: 'Add lakes', description: 'Adds **two** lakes', source_branch: 'dev', destination_branch: 'main' },
    });
    create.last().resolve('7');
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(created).toEqual(['7']);
  });

  it('refuses to submit without a title or without changes', () => {
    const { actor, create } = start();
    actor.send({ type: 'create.submit', ...ready });
    actor.send({ type: 'title.change', value: 'Add lakes' });
    actor.send({ type: 'create.submit', ...ready, hasChanges: false });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(create.calls).toEqual([]);
  });

  it("keeps the server's refusal on the form and clears it on the next attempt", async () => {
    const { actor, create, created } = start();
    actor.send({ type: 'title.change', value: 'Add lakes' });
    actor.send({ type: 'create.submit', ...ready });
    create.last().reject(new ApiError(409, 'a pull request for these branches is already open'));
    await waitFor(actor, (s) => s.matches('editing'), { timeout: 5000 });
    expect((actor.getSnapshot().context.error as Error).message).toBe('a pull request for these branches is already open');
    actor.send({ type: 'create.submit', ...ready });
    expect(actor.getSnapshot().context.error).toBeNull();
    create.last().resolve('8');
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(created).toEqual(['8']);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
