import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Repository, RepositoryCreation, StorageConfig } from '../../src/api/types';
import { createRepositoryMachine } from '../../src/machines/create-repository';
import { repositoriesMachine } from '../../src/machines/repositories';
import { sampleRepositoryMachine } from '../../src/machines/sample-repository';
import { transitionCoverage } from './transition-coverage';
import type { Navigation } from '../../src/lib/screen';

const coverage = transitionCoverage(repositoriesMachine);

const memStorage = { blockstore_type: 'mem', default_namespace_prefix: 'mem://' } as StorageConfig;

function start() {
  const created: RepositoryCreation[] = [];
  const opened: string[] = [];
  const createRepository = fromPromise<Repository, RepositoryCreation>(async ({ input }) => {
    created.push(input);
    return { id: input.name, default_branch: input.default_branch ?? 'main', storage_namespace: input.storage_namespace, creation_date: 1 };
  });
  const machine = repositoriesMachine.provide({
    actions: { navigate: (_, navigation: Navigation) => void opened.push(String((navigation.params as { repoId: string }).repoId)) },
    actors: {
      sample: sampleRepositoryMachine.provide({ actors: { createRepository } }),
      create: createRepositoryMachine.provide({ actors: { createRepository } }),
    },
  });
  return { actor: createActor(machine, { inspect: coverage.inspect }).start(), created, opened };
}

describe('repositories screen machine', () => {
  it('runs the create flow while the dialog is open, each opening with a fresh form and the storage it was given', () => {
    const { actor } = start();
    expect(actor.getSnapshot().children.create).toBeUndefined();
    actor.send({ type: 'create.open', storage: memStorage });
    const first = actor.getSnapshot().children.create;
    expect(first?.getSnapshot().context.values.storageNamespace).toBe('mem://');
    first?.send({ type: 'field.change', field: 'id', value: 'lake' });
    actor.send({ type: 'create.close' });
    expect(actor.getSnapshot().children.create).toBeUndefined();
    actor.send({ type: 'create.open' });
    expect(actor.getSnapshot().children.create?.getSnapshot().context.values.id).toBe('');
  });

  it('opens the repository the dialog creates, and closes the dialog', async () => {
    const { actor, opened } = start();
    actor.send({ type: 'create.open', storage: memStorage });
    const create = actor.getSnapshot().children.create;
    create?.send({ type: 'field.change', field: 'id', value: 'lake' });
    create?.send({ type: 'create.submit' });
    await waitFor(actor, (s) => s.matches('browsing'), { timeout: 5000 });
    expect(opened).toEqual(['lake']);
    expect(actor.getSnapshot().children.create).toBeUndefined();
  });

  it('opens the sample repository once it is made', async () => {
    const { actor, created, opened } = start();
    actor.getSnapshot().children.sample?.send({ type: 'sample.create', storage: memStorage });
    await waitFor(actor, () => opened.length > 0, { timeout: 5000 });
    expect(opened).toEqual(['quickstart']);
    expect(created[0]?.sample_data).toBe(true);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
