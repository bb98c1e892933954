// The importer on the real store (SQLite in a temporary folder) with a source the test paces: its status counts the
// objects as they are listed, a cancel during the listing stops it before any commit, and another server process
// sharing the store judges an import whose process went silent interrupted, or completed when its commit landed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLocalBlockStore, routeBlockStores, type BlockStore, type ListedObject } from '../../server/blockstore';
import { Catalog, type ImportSettings, type ImportStatus } from '../../server/catalog';
import { createGraveler, type Graveler } from '../../server/graveler';
import { openSqliteKv, type KvStore } from '../../server/kv';

/** A store of `paced://` sources that lists `before` objects, then waits for `open()`, then lists `after` more. */
function pacedStore(before: number, after: number) {
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const object = (i: number): ListedObject => ({ key: `k${String(i).padStart(6, '0')}`, size: 1, mtime: 1_700_000_000_000, etag: `e${i}` });
  const unused = () => {
    throw new Error('not used by imports');
  };
  const store: BlockStore = {
    type: 'paced',
    namespacePrefix: 'paced://',
    validateNamespace: unused,
    put: unused,
    get: unused,
    getBytes: unused,
    stat: async () => undefined,
    exists: async () => false,
    delete: unused,
    list: unused,
    async *listSorted() {
      for (let i = 0; i < before; i++) yield object(i);
      await gate;
      for (let i = before; i < before + after; i++) yield object(i);
    },
    newDataKey: unused,
    fullAddress: (namespace, key) => `${namespace}/${key}`,
  };
  return {
    store,
    open: () => open(),
    reset: () => {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

const settings = (exclusive: boolean): ImportSettings => ({ support: true, pattern: '^paced://', exclusive });
const body = (destination: string) => ({ paths: [{ path: 'paced://source', destination, type: 'common_prefix' as const }], message: 'paced', committer: 'tester' });

let dir: string;
let kv: KvStore;
let graveler: Graveler;
let catalog: Catalog;
let paced: ReturnType<typeof pacedStore>;

async function ended(c: Catalog, id: string): Promise<ImportStatus> {
  return vi.waitFor(
    async () => {
      const s = await c.imports.status('repo', 'main', id);
      if (!s.completed && !s.error) throw new Error('still running');
      return s;
    },
    { timeout: 20_000, interval: 20 },
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tarn-import-progress-'));
  kv = openSqliteKv({ path: join(dir, 'kv.db') });
  paced = pacedStore(12_000, 10);
  const blocks = routeBlockStores([openLocalBlockStore({ root: join(dir, 'blocks') }), paced.store]);
  graveler = createGraveler({ kv, blockstore: blocks });
  catalog = new Catalog(graveler, blocks, undefined, undefined, undefined, settings(true));
  await catalog.createRepository({ id: 'repo', storageNamespace: 'local://repo', defaultBranch: 'main', readOnly: false, committer: 'tester' });
});
afterAll(async () => {
  paced.open();
  await catalog.close();
  await graveler.close();
  await kv.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an import whose listing takes its time', () => {
  it('counts the objects listed so far, at least every few thousand, then completes', async () => {
    const id = await catalog.imports.start('repo', 'main', body('in/'));
    const running = await vi.waitFor(
      async () => {
        const s = await catalog.imports.status('repo', 'main', id);
        if (s.ingested < 10_000) throw new Error(`${s.ingested} so far`);
        return s;
      },
      { timeout: 20_000, interval: 20 },
    );
    // Written at 5,000 and 10,000, and by the heartbeat with the count of the moment (12,000 once the source waits).
    expect(running.completed).toBe(false);
    expect(running.ingested).toBeLessThanOrEqual(12_000);
    expect(running.error).toBeUndefined();
    paced.open();
    const done = await ended(catalog, id);
    expect(done).toMatchObject({ completed: true, ingested: 12_010, commit: { message: 'paced', committer: 'tester' } });
    expect(await graveler.getObject('repo', 'main', 'in/k000042')).toMatchObject({ address: 'paced://source/k000042', addressType: 'full', checksum: 'e42' });
  });

  it('stops when cancelled during the listing, and commits nothing', async () => {
    paced.reset();
    const headBefore = (await graveler.getBranch('repo', 'main')).commitId;
    const id = await catalog.imports.start('repo', 'main', body('again/'));
    await vi.waitFor(async () => expect((await catalog.imports.status('repo', 'main', id)).ingested).toBeGreaterThanOrEqual(5000), { timeout: 20_000, interval: 20 });
    await catalog.imports.cancel('repo', 'main', id);
    expect(await catalog.imports.status('repo', 'main', id)).toMatchObject({ completed: false, error: 'import cancelled' });
    paced.open();
    // Closing waits for the import to stop.
    await catalog.close();
    expect((await graveler.getBranch('repo', 'main')).commitId).toBe(headBefore);
    expect(await catalog.imports.status('repo', 'main', id)).toMatchObject({ completed: false, error: 'import cancelled' });
  });
});

describe('another process sharing the store', () => {
  it('leaves a running import alone while its process writes, and calls it interrupted once silent', async () => {
    paced.reset();
    const other = new Catalog(graveler, routeBlockStores([openLocalBlockStore({ root: join(dir, 'blocks') }), paced.store]), undefined, undefined, undefined, settings(false));
    const id = await catalog.imports.start('repo', 'main', body('shared/'));
    await vi.waitFor(async () => expect((await other.imports.status('repo', 'main', id)).ingested).toBeGreaterThanOrEqual(10_000), { timeout: 20_000, interval: 20 });
    expect((await other.imports.status('repo', 'main', id)).error).toBeUndefined();
    // The process running it goes silent: its last word is a minute old.
    await graveler.updateImport('repo', id, (r) => ({ ...r, updateTime: r.updateTime - 60_000 }));
    expect(await other.imports.status('repo', 'main', id)).toMatchObject({ completed: false, error: 'import interrupted by a server restart' });
    // The process that ran it, still alive after all, stops at its next write instead of committing.
    const headBefore = (await graveler.getBranch('repo', 'main')).commitId;
    paced.open();
    await catalog.close();
    expect((await graveler.getBranch('repo', 'main')).commitId).toBe(headBefore);
  });

  it('calls an import completed when its process stopped after its commit reached the branch', async () => {
    const other = new Catalog(graveler, routeBlockStores([openLocalBlockStore({ root: join(dir, 'blocks') })]), undefined, undefined, undefined, settings(false));
    const { commitId } = await graveler.getBranch('repo', 'main');
    const stale = Date.now() - 60_000;
    await graveler.createImport('repo', { id: 'landed', branch: 'main', state: 'committing', owner: 'gone', updateTime: stale, ingested: 3, commitId });
    await graveler.createImport('repo', { id: 'lost', branch: 'main', state: 'committing', owner: 'gone', updateTime: stale, ingested: 3, commitId: 'f'.repeat(64) });
    expect(await other.imports.status('repo', 'main', 'landed')).toMatchObject({ completed: true, commit: { id: commitId } });
    expect(await other.imports.status('repo', 'main', 'lost')).toMatchObject({ completed: false, error: 'import interrupted by a server restart' });
  });
});
