// Two stores on one metadata store, as two server processes on one database: no in-process cache may answer for
// a record the other changed (branches, repositories, settings); only content-addressed data is cached for good.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalBlockStore } from '../../../server/blockstore/index';
import { NotFoundError, ProtectedBranchError } from '../../../server/errors';
import { createGraveler, type Graveler } from '../../../server/graveler/index';
import { openSqliteKv, type KvStore } from '../../../server/kv/index';
import { entry, tickingClock } from './helpers';

const repo = 'shared';
let dir: string;
let kv: KvStore;
let a: Graveler;
let b: Graveler;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-shared-'));
  kv = openSqliteKv({ path: path.join(dir, 'kv.db') });
  const blockstore = openLocalBlockStore({ root: path.join(dir, 'blocks') });
  const now = tickingClock();
  [a, b] = [0, 1].map(() => createGraveler({ kv, blockstore, rangeRaggedness: 4, now })) as [Graveler, Graveler];
});
afterAll(async () => {
  await a.close();
  await b.close();
  await kv.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('two stores sharing one metadata store', () => {
  it('see each other’s branch moves, settings and repository deletions at once', async () => {
    await a.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    await a.putObject(repo, 'main', 'x', entry('x1'));
    const first = await a.commit(repo, 'main', { committer: 'a', message: 'one' });
    expect((await b.getCommit(repo, first.id)).id).toBe(first.id);

    await b.putObject(repo, 'main', 'x', entry('x2'));
    const second = await b.commit(repo, 'main', { committer: 'b', message: 'two' });
    expect((await a.getCommit(repo, 'main')).id).toBe(second.id);
    expect((await a.getObject(repo, 'main', 'x')).checksum).toBe('sum-x2');

    await b.setBranchProtection(repo, ['main'], '');
    await expect(a.putObject(repo, 'main', 'y', entry('y'))).rejects.toBeInstanceOf(ProtectedBranchError);

    // Deleted and made again through the other store: the old commits, cached here, are not the new repository's.
    await b.deleteRepository(repo);
    await b.createRepository({ id: repo, storageNamespace: `local://${repo}-again` });
    await expect(a.getCommit(repo, first.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(a.getCommit(repo, second.id)).rejects.toBeInstanceOf(NotFoundError);
    await a.putObject(repo, 'main', 'y', entry('y'));
  });
});
