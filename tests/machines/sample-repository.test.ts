import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { Repository, RepositoryCreation, StorageConfig } from '../../src/api/types';
import { sampleRepositoryMachine } from '../../src/machines/sample-repository';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(sampleRepositoryMachine);

const storage = (prefix?: string): StorageConfig => ({
  blockstore_type: 'local',
  blockstore_namespace_example: 'local://example/',
  blockstore_namespace_ValidityRegex: '^local://',
  default_namespace_prefix: prefix,
  pre_sign_support: false,
  pre_sign_support_ui: false,
  import_support: false,
  import_validity_regex: '',
});

function start(failures = 0) {
  const requests: RepositoryCreation[] = [];
  let left = failures;
  const machine = sampleRepositoryMachine.provide({
    actors: {
      createRepository: fromPromise<Repository, RepositoryCreation>(async ({ input }) => {
        requests.push(input);
        if (left-- > 0) throw new ApiError(500, 'disk full');
        return { id: input.name, default_branch: input.default_branch ?? 'main', storage_namespace: input.storage_namespace, creation_date: 1 };
      }),
    },
  });
  return { actor: createActor(machine, { inspect: coverage.inspect }).start(), requests };
}

describe('sample repository machine', () => {
  it('creates quickstart on main with sample data under the default prefix, and ends with it', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'sample.create', storage: storage('s3://bucket/') });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const created = await toPromise(actor);
    expect(requests).toEqual([
      { name: 'quickstart', storage_namespace: 's3://bucket/quickstart', default_branch: 'main', sample_data: true },
    ]);
    expect(created.id).toBe('quickstart');
  });

  it('falls back to the local blockstore without a default prefix, and can be tried again after a failure', async () => {
    const { actor, requests } = start(1);
    actor.send({ type: 'sample.create', storage: storage() });
    const failed = await waitFor(actor, (s) => s.matches('failed'), { timeout: 5000 });
    expect(String(failed.context.error)).toContain('disk full');
    actor.send({ type: 'sample.create' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await toPromise(actor);
    expect(requests.map((r) => r.storage_namespace)).toEqual(['local://quickstart', 'local://quickstart']);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
