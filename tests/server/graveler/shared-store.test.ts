// Two stores on one metadata store, as two server processes on one database: no in-process cache may answer for
// a record the other changed (branches, repositories, settings); only content-addressed data is cached for good,
// and the repository record that object reads use for at most REPOSITORY_READ_CACHE_MS. Run twice: both stores on
// one connection, and each on its own connection to the file behind a record cache (as two server processes are),
// which must drop what the other connection changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalBlockStore } from '../../../server/blockstore/index';
import { NotFoundError, ProtectedBranchError } from '../../../server/errors';
import { createGraveler, isCachedRecordKey, type Graveler } from '../../../server/graveler/index';
import { REPOSITORY_READ_CACHE_MS } from '../../../server/graveler/refs';
import { openSqliteKv, withRecordCache, type KvStore } from '../../../server/kv/index';
import { entry, tickingClock } from './helpers';

const repo = 'shared';
let dir: string;
let stores: KvStore[];
let a: Graveler;
let b: Graveler;
/** The clock of both stores' short-lived caches. */
let cacheMs = 0;

/** The metadata store of each graveler: one store object for both, or a cached connection each. */
const layouts: Record<string, (file: string) => [KvStore, KvStore]> = {
  'one connection': (file) => {
    const kv = openSqliteKv({ path: file });
    return [kv, kv];
  },
  'a cached connection each': (file) => {
    const open = () => withRecordCache(openSqliteKv({ path: file }), { cacheable: isCachedRecordKey });
    return [open(), open()];
  },
};

describe.each(Object.keys(layouts))('%s', (layout) => {
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-shared-'));
    const [kvA, kvB] = (layouts[layout] as (file: string) => [KvStore, KvStore])(path.join(dir, 'kv.db'));
    stores = kvA === kvB ? [kvA] : [kvA, kvB];
    const blockstore = openLocalBlockStore({ root: path.join(dir, 'blocks') });
    const now = tickingClock();
    const cacheClockMs = () => cacheMs;
    [a, b] = [kvA, kvB].map((kv) => createGraveler({ kv, blockstore, rangeRaggedness: 4, now, cacheClockMs })) as [Graveler, Graveler];
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    for (const kv of stores) await kv.close();
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

    it('see each other’s staged writes and deletions at once, a path read as absent before included', async () => {
      const id = 'staged-both';
      await a.createRepository({ id, storageNamespace: `local://${id}` });
      await expect(a.getObject(id, 'main', 'p')).rejects.toBeInstanceOf(NotFoundError);
      await expect(b.getObject(id, 'main', 'p')).rejects.toBeInstanceOf(NotFoundError);
      await b.putObject(id, 'main', 'p', entry('p1'));
      expect((await a.getObject(id, 'main', 'p')).checksum).toBe('sum-p1');
      await a.putObject(id, 'main', 'p', entry('p2'));
      expect((await b.getObject(id, 'main', 'p')).checksum).toBe('sum-p2');
      expect((await a.getObject(id, 'main', 'p')).checksum).toBe('sum-p2');
      await b.deleteObject(id, 'main', 'p');
      await expect(a.getObject(id, 'main', 'p')).rejects.toBeInstanceOf(NotFoundError);
    });

    it('object reads see a repository the other store deleted and made again within the read cache bound', async () => {
      const id = 'remade';
      await a.createRepository({ id, storageNamespace: `local://${id}-1` });
      await a.putObject(id, 'main', 'x', entry('x1'));
      expect((await a.readObject(id, 'main', 'x')).repository.storageNamespace).toBe(`local://${id}-1`);

      await b.deleteRepository(id);
      await b.createRepository({ id, storageNamespace: `local://${id}-2` });
      await b.putObject(id, 'main', 'x', entry('x2'));
      // The branch is read afresh on every read, so the object is the new repository's at once...
      expect((await a.readObject(id, 'main', 'x')).entry.checksum).toBe('sum-x2');
      // ...and the record (its namespace) once the bound has passed.
      cacheMs += REPOSITORY_READ_CACHE_MS;
      expect((await a.readObject(id, 'main', 'x')).repository.storageNamespace).toBe(`local://${id}-2`);
    });

    it('object reads see at once what their own store did to the repository record', async () => {
      const id = 'own';
      await a.createRepository({ id, storageNamespace: `local://${id}-1` });
      await a.putObject(id, 'main', 'x', entry('x1'));
      expect((await a.readObject(id, 'main', 'x')).repository.readOnly).toBe(false);
      await a.setReadOnly(id, true);
      expect((await a.readObject(id, 'main', 'x')).repository.readOnly).toBe(true);

      await a.deleteRepository(id, { force: true });
      await expect(a.readObject(id, 'main', 'x')).rejects.toMatchObject({ message: expect.stringMatching(/repository/) });
      await a.createRepository({ id, storageNamespace: `local://${id}-2` });
      await a.putObject(id, 'main', 'x', entry('x2'));
      expect((await a.readObject(id, 'main', 'x')).repository.storageNamespace).toBe(`local://${id}-2`);
    });

    it('a read that started from the branch record resolving its ref still sees a commit the other store made', async () => {
      const id = 'moved';
      await a.createRepository({ id, storageNamespace: `local://${id}` });
      await a.putObject(id, 'main', 'x', entry('x1'));
      await a.commit(id, 'main', { committer: 'a', message: 'one' });
      expect((await b.readObject(id, 'main', 'x')).entry.checksum).toBe('sum-x1');
      await a.putObject(id, 'main', 'x', entry('x2'));
      await a.commit(id, 'main', { committer: 'a', message: 'two' });
      expect((await b.readObject(id, 'main', 'x')).entry.checksum).toBe('sum-x2');
      expect((await b.listObjects(id, 'main', {})).results.map((r) => r.pathType === 'object' && r.entry.checksum)).toEqual(['sum-x2']);
    });
  });
});
