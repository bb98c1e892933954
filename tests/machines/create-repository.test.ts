import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { ConflictError } from '../../src/api/errors';
import type { Repository, RepositoryCreation, StorageConfig } from '../../src/api/types';
import { createRepositoryMachine, createRepositoryView } from '../../src/machines/create-repository';
import { BRANCH_MESSAGE, REPOSITORY_ID_MESSAGE } from '../../src/lib/repository-rules';
import { transitionCoverage } from './transition-coverage';
import { localStorageConfig } from '../../server/catalog/storage-config';

const coverage = transitionCoverage(createRepositoryMachine);

// The configuration the server's local block store really gives.
const localStorage: StorageConfig = localStorageConfig(false);

const madeRepository = (creation: RepositoryCreation): Repository => ({
  id: creation.name,
  default_branch: creation.default_branch ?? 'main',
  storage_namespace: creation.storage_namespace,
  creation_date: 1,
});

function start(storage: StorageConfig | undefined = localStorage, create = async (c: RepositoryCreation) => madeRepository(c)) {
  const requests: RepositoryCreation[] = [];
  const machine = createRepositoryMachine.provide({
    actors: {
      createRepository: fromPromise<Repository, RepositoryCreation>(({ input }) => {
        requests.push(input);
        return create(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { storage }, inspect: coverage.inspect }).start();
  const view = () => createRepositoryView(actor.getSnapshot());
  const change = (field: 'id' | 'defaultBranch' | 'storageNamespace', value: string) =>
    actor.send({ type: 'field.change', field, value });
  return { actor, requests, view, change };
}

describe('create repository machine', () => {
  it('starts on main with the default prefix and no errors shown, and cannot submit an empty form', () => {
    const { actor, view } = start();
    expect(view().values).toEqual({ id: '', defaultBranch: 'main', storageNamespace: 'local://' });
    expect(view().errors).toEqual({});
    expect(view().canSubmit).toBe(false);
    actor.send({ type: 'create.submit' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('shows the rule of a field once it is edited or left, and submits only when all three are valid', () => {
    const { actor, view, change } = start();
    actor.send({ type: 'field.blur', field: 'id' });
    expect(view().errors).toEqual({ id: REPOSITORY_ID_MESSAGE });
    for (const bad of ['ab', '-abc', 'ABC', 'a_b_c', 'a'.repeat(64)]) {
      change('id', bad);
      expect(view().errors.id).toBe(REPOSITORY_ID_MESSAGE);
      expect(view().canSubmit).toBe(false);
    }
    change('id', 'lake');
    expect(view().values.storageNamespace).toBe('local://lake');
    change('defaultBranch', ' ');
    expect(view().errors.defaultBranch).toBe(BRANCH_MESSAGE);
    change('defaultBranch', 'dev');
    change('storageNamespace', 's3://bucket/lake');
    expect(view().errors.storageNamespace).toBe('Can only create repository with storage type: local');
    expect(view().canSubmit).toBe(false);
    // Edited by hand, the namespace no longer follows the id.
    change('storageNamespace', 'local://elsewhere');
    change('id', 'lake2');
    expect(view().values.storageNamespace).toBe('local://elsewhere');
    expect(view().errors).toEqual({});
    expect(view().canSubmit).toBe(true);
  });

  it('leaves the namespace to the user when the server has no default prefix', () => {
    const { view, change } = start({ ...localStorage, default_namespace_prefix: undefined });
    change('id', 'lake');
    expect(view().values.storageNamespace).toBe('');
    change('storageNamespace', 'local://lake');
    expect(view().canSubmit).toBe(true);
  });

  it('creates the repository from the three fields and ends with it', async () => {
    const { actor, requests, change } = start();
    change('id', 'lake');
    change('defaultBranch', ' dev ');
    actor.send({ type: 'create.submit' });
    expect(createRepositoryView(actor.getSnapshot()).busy).toBe(true);
    const created = await toPromise(actor);
    expect(requests).toEqual([{ name: 'lake', default_branch: 'dev', storage_namespace: 'local://lake' }]);
    expect(created.id).toBe('lake');
  });

  it('shows the server refusal and lets the user submit again', async () => {
    let refuse = true;
    const { actor, requests, view, change } = start(localStorage, async (creation) => {
      if (refuse) throw new ConflictError(409, 'repository already exists');
      return madeRepository(creation);
    });
    change('id', 'lake');
    actor.send({ type: 'create.submit' });
    await waitFor(actor, (s) => s.matches('editing'), { timeout: 5000 });
    expect(String(view().error)).toContain('repository already exists');
    refuse = false;
    change('id', 'lake-2');
    actor.send({ type: 'create.submit' });
    expect(view().error).toBeNull();
    expect((await toPromise(actor)).id).toBe('lake-2');
    expect(requests).toHaveLength(2);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
