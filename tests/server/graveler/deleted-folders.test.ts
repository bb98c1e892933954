import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalBlockStore } from '../../../server/blockstore/index';
import { createGraveler, type Graveler } from '../../../server/graveler/index';
import { openPostgresKv, openSqliteKv, type KvStore } from '../../../server/kv/index';
import { pgInstalled, startPgCluster, type PgCluster } from '../pg-cluster';
import { entry, listAll, openEnv, tickingClock, type Env } from './helpers';

/**
 * A folder whose committed objects are mostly deleted on a branch, not yet committed: a listing of its parent must
 * still show it exactly when something in it is live, and should learn that without reading every deletion.
 */
const repo = 'deletions';
const FOLDERS = ['f0', 'f1', 'f2', 'f3', 'f4', 'f5'];
const PER_FOLDER = 300;
const pathOf = (folder: string, i: number) => `${folder}/obj${String(i).padStart(4, '0')}`;

/** The folders and top-level objects a delimited listing of the root must show, from the flat listing. */
function expectedRoot(flat: string[]): string[] {
  const shown = new Set<string>();
  for (const p of flat) {
    const at = p.indexOf('/');
    shown.add(at < 0 ? p : `${p.slice(0, at + 1)}*`);
  }
  return [...shown].sort((a, b) => Buffer.compare(Buffer.from(a.replace(/\*$/, '')), Buffer.from(b.replace(/\*$/, ''))));
}

interface StagedRowsRead {
  rows: number;
}

/** Counts the staged rows the env's store hands out from now on: the deletions a listing reads one by one. */
function countStagedRows(env: Env): StagedRowsRead {
  const read = { rows: 0 };
  const scan = env.kv.scan.bind(env.kv);
  env.kv.scan = async (options) => {
    const rows = await scan(options);
    if (options.prefix?.includes('/staging/')) read.rows += rows.length;
    return rows;
  };
  return read;
}

describe('listing folders with uncommitted deletions', () => {
  let env: Env;
  let staged: StagedRowsRead;

  beforeAll(async () => {
    env = await openEnv({ now: tickingClock(), raggedness: 16 });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    const records = [{ path: 'a-top', entry: entry('a-top') }];
    for (const folder of FOLDERS) for (let i = 0; i < PER_FOLDER; i++) records.push({ path: pathOf(folder, i), entry: entry(pathOf(folder, i)) });
    records.push({ path: 'z-top', entry: entry('z-top') });
    const metaRange = await env.g.writeMetaRange(repo, records);
    await env.g.commitMetaRange(repo, 'main', metaRange, { committer: 'u', message: 'load' });
    staged = countStagedRows(env);
  });
  afterAll(async () => {
    await env.close();
  });

  async function deleteRange(branch: string, folder: string, from: number, to: number): Promise<void> {
    for (let i = from; i < to; i++) await env.g.deleteObject(repo, branch, pathOf(folder, i));
  }

  async function expectRootAsFlat(branch: string): Promise<void> {
    const expected = expectedRoot(await listAll(env.g, repo, branch, { amount: 1000 }));
    for (const amount of [1, 2, 1000]) expect(await listAll(env.g, repo, branch, { delimiter: '/', amount })).toEqual(expected);
  }

  it('shows a folder whose surviving objects come last, without reading its deletions', async () => {
    await env.g.createBranch(repo, 'tail', 'main');
    await deleteRange('tail', 'f0', 0, PER_FOLDER - 3);
    staged.rows = 0;
    expect(await listAll(env.g, repo, 'tail', { delimiter: '/', amount: 1000 })).toEqual(['a-top', ...FOLDERS.map((f) => `${f}/*`), 'z-top']);
    // The 297 deletions are counted, not read: the listing reads no more than the first page of staged rows.
    expect(staged.rows).toBeLessThan(100);
    await expectRootAsFlat('tail');
  });

  it("lists a folder's own survivors past whole rows of deletions, counting them rather than reading them", async () => {
    await env.g.createBranch(repo, 'rows', 'main');
    await deleteRange('rows', 'f0', 0, PER_FOLDER - 3);
    staged.rows = 0;
    const survivors = [pathOf('f0', PER_FOLDER - 3), pathOf('f0', PER_FOLDER - 2), pathOf('f0', PER_FOLDER - 1)];
    expect(await listAll(env.g, repo, 'rows', { prefix: 'f0/', delimiter: '/', amount: 1000 })).toEqual(survivors);
    // 297 deletions in rows of about 16 objects: each wholly deleted row costs a count and a read or two.
    expect(staged.rows).toBeLessThan(100);
    expect(await listAll(env.g, repo, 'rows', { prefix: 'f0/', amount: 2 })).toEqual(survivors);
    // A put back in a deleted row, and a deletion on a branch whose head moved since: the rows are walked again.
    await env.g.putObject(repo, 'rows', pathOf('f0', 40), entry('back'));
    expect(await listAll(env.g, repo, 'rows', { prefix: 'f0/', amount: 1000 })).toEqual([pathOf('f0', 40), ...survivors]);
    await env.g.commit(repo, 'rows', { committer: 'u', message: 'deletions' });
    await deleteRange('rows', 'f0', PER_FOLDER - 3, PER_FOLDER);
    expect(await listAll(env.g, repo, 'rows', { prefix: 'f0/', amount: 1000 })).toEqual([pathOf('f0', 40)]);
  });

  it('hides a folder whose every object is deleted, and shows one with a single survivor in its middle', async () => {
    await env.g.createBranch(repo, 'gone', 'main');
    await deleteRange('gone', 'f1', 0, PER_FOLDER);
    await deleteRange('gone', 'f2', 0, 150);
    await deleteRange('gone', 'f2', 151, PER_FOLDER);
    const root = await listAll(env.g, repo, 'gone', { delimiter: '/', amount: 1000 });
    expect(root).not.toContain('f1/*');
    expect(root).toContain('f2/*');
    expect(await listAll(env.g, repo, 'gone', { prefix: 'f2/', delimiter: '/' })).toEqual([pathOf('f2', 150)]);
    await expectRootAsFlat('gone');
  });

  it("follows a run of deletions to its folder's end only, and asks of the next folder whether it holds something live", async () => {
    await env.g.createBranch(repo, 'scoped', 'main');
    await deleteRange('scoped', 'f1', 0, PER_FOLDER);
    await deleteRange('scoped', 'f2', 0, PER_FOLDER - 3);
    const counted = { f2: 0 };
    const countRange = env.kv.countRange.bind(env.kv);
    env.kv.countRange = async (from, to, values) => {
      const found = await countRange(from, to, values);
      if (from.includes('/f2/')) counted.f2 += found.keys;
      return found;
    };
    try {
      const root = await listAll(env.g, repo, 'scoped', { delimiter: '/', amount: 1000 });
      expect(root).not.toContain('f1/*');
      expect(root).toContain('f2/*');
      // Its last row tells that f2 holds something live; its 297 deletions are not counted one row after another.
      expect(counted.f2).toBeLessThan(100);
    } finally {
      env.kv.countRange = countRange;
    }
    await expectRootAsFlat('scoped');
  });

  it('is not misled by deletions of objects that were only staged, nor by objects put back', async () => {
    await env.g.createBranch(repo, 'mixed', 'main');
    // f3: everything committed deleted, plus new objects staged then deleted: more deletions than committed objects.
    for (let i = 0; i < 5; i++) await env.g.putObject(repo, 'mixed', `f3/new${i}`, entry(`new${i}`));
    for (let i = 0; i < 5; i++) await env.g.deleteObject(repo, 'mixed', `f3/new${i}`);
    await deleteRange('mixed', 'f3', 0, PER_FOLDER);
    // f4: the same, but one committed object survives: the counts cannot tell, the walk finds it.
    for (let i = 0; i < 5; i++) await env.g.putObject(repo, 'mixed', `f4/new${i}`, entry(`new${i}`));
    for (let i = 0; i < 5; i++) await env.g.deleteObject(repo, 'mixed', `f4/new${i}`);
    await deleteRange('mixed', 'f4', 1, PER_FOLDER);
    // f5: everything deleted, then one object put back.
    await deleteRange('mixed', 'f5', 0, PER_FOLDER);
    await env.g.putObject(repo, 'mixed', pathOf('f5', 7), entry('back'));
    const root = await listAll(env.g, repo, 'mixed', { delimiter: '/', amount: 1000 });
    expect(root).not.toContain('f3/*');
    expect(root).toContain('f4/*');
    expect(root).toContain('f5/*');
    await expectRootAsFlat('mixed');
  });

  it('lists new objects staged between deleted committed ones, and pages across a deleted run', async () => {
    await env.g.createBranch(repo, 'between', 'main');
    await deleteRange('between', 'f0', 0, PER_FOLDER - 2);
    // New keys sort between committed ones inside wholly deleted rows: counting deletions must not pass over them.
    const fresh = [`${pathOf('f0', 5)}-new`, `${pathOf('f0', 100)}-new`, `${pathOf('f0', 200)}-new`];
    for (const path of fresh) await env.g.putObject(repo, 'between', path, entry(path));
    const live = [...fresh, pathOf('f0', PER_FOLDER - 2), pathOf('f0', PER_FOLDER - 1)];
    expect(await listAll(env.g, repo, 'between', { prefix: 'f0/', delimiter: '/', amount: 1000 })).toEqual(live);
    for (const amount of [1, 2]) expect(await listAll(env.g, repo, 'between', { prefix: 'f0/', delimiter: '/', amount })).toEqual(live);
    const page = await env.g.listObjects(repo, 'between', { prefix: 'f0/', delimiter: '/', after: pathOf('f0', 3), amount: 1000 });
    expect(page.results.map((r) => r.path)).toEqual(live);
  });

  it('agrees with the flat listing over random deletions and puts, folder by folder and under a prefix', async () => {
    await env.g.createBranch(repo, 'random', 'main');
    let s = 7;
    const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (let round = 0; round < 4; round++) {
      for (const folder of FOLDERS) {
        const keep = rand() < 0.3 ? 0 : Math.floor(rand() * 3);
        const survivors = new Set(Array.from({ length: keep }, () => Math.floor(rand() * PER_FOLDER)));
        for (let i = 0; i < PER_FOLDER; i += 1 + Math.floor(rand() * 2)) if (!survivors.has(i)) await env.g.deleteObject(repo, 'random', pathOf(folder, i));
        if (rand() < 0.2) await env.g.putObject(repo, 'random', `${folder}/sub/extra${round}`, entry(`extra${round}`));
      }
      await expectRootAsFlat('random');
      const flat = await listAll(env.g, repo, 'random', { prefix: 'f1/', amount: 1000 });
      const folded = expectedRoot(flat.map((p) => p.slice('f1/'.length))).map((p) => `f1/${p}`);
      expect(await listAll(env.g, repo, 'random', { prefix: 'f1/', delimiter: '/', amount: 3 })).toEqual(folded);
    }
  });
});

describe('listing long runs of uncommitted deletions inside one committed row', () => {
  const ROW = 600;
  const live = [pathOf('f', 100), `${pathOf('f', 350)}-new`, pathOf('f', 599)];
  let env: Env;
  let staged: StagedRowsRead;

  beforeAll(async () => {
    // One row of 600 objects: the runs are found from inside it, not by whole rows.
    env = await openEnv({ now: tickingClock(), raggedness: 1 << 20 });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    const records = Array.from({ length: ROW }, (_, i) => ({ path: pathOf('f', i), entry: entry(pathOf('f', i)) }));
    await env.g.commitMetaRange(repo, 'main', await env.g.writeMetaRange(repo, records), { committer: 'u', message: 'load' });
    for (let i = 0; i < ROW; i++) if (i !== 100 && i !== 599) await env.g.deleteObject(repo, 'main', pathOf('f', i));
    await env.g.putObject(repo, 'main', live[1] as string, entry('new'));
    staged = countStagedRows(env);
  });
  afterAll(async () => {
    await env.close();
  });

  it('finds the survivors and a new object among the deletions, reading few of them', async () => {
    staged.rows = 0;
    expect(await listAll(env.g, repo, 'main', { prefix: 'f/', delimiter: '/', amount: 1000 })).toEqual(live);
    // 597 deletions in three runs: each is stepped through up to a key where runs are looked for, then counted.
    expect(staged.rows).toBeLessThan(300);
    for (const amount of [1, 2]) expect(await listAll(env.g, repo, 'main', { prefix: 'f/', amount })).toEqual(live);
    for (const after of [pathOf('f', 0), pathOf('f', 100), pathOf('f', 200), pathOf('f', 350)]) {
      const page = await env.g.listObjects(repo, 'main', { prefix: 'f/', delimiter: '/', after, amount: 1000 });
      expect(page.results.map((r) => r.path)).toEqual(live.filter((p) => p > after));
    }
    expect(await listAll(env.g, repo, 'main', { delimiter: '/', amount: 1000 })).toEqual(['f/*']);
  });

  it('agrees with the objects left after random runs of deletions and new objects among them', async () => {
    let s = 11;
    const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (let round = 0; round < 6; round++) {
      const branch = `runs-${round}`;
      await env.g.createBranch(repo, branch, 'main');
      const expected = new Set(Array.from({ length: ROW }, (_, i) => pathOf('f', i)));
      let deleting = false;
      for (let i = 0; i < ROW; i++) {
        // Runs of every length, from single deletions to hundreds.
        if (rand() < (deleting ? 0.01 : 0.05)) deleting = !deleting;
        if (deleting || rand() < 0.1) {
          await env.g.deleteObject(repo, branch, pathOf('f', i));
          expected.delete(pathOf('f', i));
        }
        if (rand() < 0.01) {
          const added = `${pathOf('f', i)}-x`;
          await env.g.putObject(repo, branch, added, entry(added));
          expected.add(added);
        }
      }
      const sorted = [...expected].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      for (const amount of [1000, 7]) expect(await listAll(env.g, repo, branch, { prefix: 'f/', amount }), `round ${round}`).toEqual(sorted);
    }
  });
});

/** A seeded generator, so a failing case can be run again. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

interface Shown {
  path: string;
  folder: boolean;
  /** The object's content (entry(content)); none for a folder. */
  content?: string;
}

interface PageQuery {
  prefix: string;
  delimiter: string;
  after: string;
  amount: number;
}

/** What a page must hold, worked out the plain way from every live object: lakeFS's listing rules, written out. */
function referencePage(live: ReadonlyMap<string, string>, q: PageQuery): { results: Shown[]; hasMore: boolean; nextOffset: string } {
  const listed: Shown[] = [];
  for (const key of [...live.keys()].sort(byBytes)) {
    if (!key.startsWith(q.prefix)) continue;
    const at = q.delimiter === '' ? -1 : key.indexOf(q.delimiter, q.prefix.length);
    if (at < 0) {
      listed.push({ path: key, folder: false, content: live.get(key) });
      continue;
    }
    const folder = key.slice(0, at + q.delimiter.length);
    if (listed[listed.length - 1]?.path !== folder) listed.push({ path: folder, folder: true });
  }
  const rest = listed.filter((item) => byBytes(item.path, q.after) > 0);
  const results = rest.slice(0, q.amount);
  const hasMore = rest.length > q.amount;
  return { results, hasMore, nextOffset: hasMore ? (results[results.length - 1] as Shown).path : '' };
}

async function listedPage(g: Graveler, repo: string, branch: string, q: PageQuery): Promise<ReturnType<typeof referencePage>> {
  const page = await g.listObjects(repo, branch, { prefix: q.prefix, delimiter: q.delimiter, after: q.after, amount: q.amount });
  const results = page.results.map((r): Shown =>
    r.pathType === 'common_prefix' ? { path: r.path, folder: true } : { path: r.path, folder: false, content: r.entry.checksum.slice('sum-'.length) },
  );
  return { results, hasMore: page.hasMore, nextOffset: page.nextOffset };
}

interface Store {
  kv: KvStore;
  close(): Promise<void>;
}

/**
 * Random committed trees (rows of a few keys or of hundreds, several parts), random runs of staged deletions of every
 * length with new objects, overwrites and objects put back among them, some of the changes in a sealed token (a
 * commit that never finished) or committed midway, then pages of every shape against the plain reference: exact, so
 * no live object hidden by a counted run and no deleted one shown.
 */
function agreesWithReference(storeName: string, openStore: () => Promise<Store>, raggedness: number, objects: number): void {
  describe(`listing after random uncommitted deletions on ${storeName}, rows cut at 1 in ${raggedness} keys`, () => {
    const repo = 'reference';
    const FOLDERS = ['', 'a/', 'b/', 'b/x/', 'b/y/', 'c/'];
    let store: Store;
    let g: Graveler;
    let dir: string;

    beforeAll(async () => {
      store = await openStore();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-deleted-runs-'));
      g = createGraveler({ kv: store.kv, blockstore: openLocalBlockStore({ root: dir }), rangeRaggedness: raggedness, now: tickingClock() });
      await g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    });
    afterAll(async () => {
      await g?.close();
      await store?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    /** Seals the branch's active token and opens a fresh one, as a commit that stopped after sealing leaves it. */
    async function sealActiveToken(branch: string, fresh: string): Promise<void> {
      const key = `graveler/r/${repo}/branches/${branch}`;
      const record = JSON.parse(new TextDecoder().decode(await store.kv.get(key))) as { stagingToken: string; sealedTokens: string[] };
      const sealed = { ...record, stagingToken: fresh, sealedTokens: [record.stagingToken, ...record.sealedTokens] };
      await store.kv.set(key, new TextEncoder().encode(JSON.stringify(sealed)));
    }

    it('shows exactly the live objects and folders, page by page', async () => {
      for (let round = 0; round < 3; round++) {
        const rand = seeded(1000 * raggedness + round);
        const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
        const committed = [...new Set(Array.from({ length: objects }, () => `${pick(FOLDERS)}k${String(Math.floor(rand() * 100_000)).padStart(5, '0')}`))].sort(byBytes);
        const main = `main-${round}`;
        await g.createBranch(repo, main, 'main');
        const tree = await g.writeMetaRange(repo, committed.map((key) => ({ path: key, entry: entry(key) })));
        await g.commitMetaRange(repo, main, tree, { committer: 'u', message: 'load' });
        const branch = `random-${round}`;
        await g.createBranch(repo, branch, main);
        const live = new Map(committed.map((key) => [key, key]));

        const change = async (phase: number) => {
          let deleting = rand() < 0.5;
          for (const key of committed) {
            // Runs of every length, from single deletions to most of the tree.
            if (rand() < (deleting ? 0.004 : 0.02)) deleting = !deleting;
            if (live.has(key) && (deleting || rand() < 0.05)) {
              await g.deleteObject(repo, branch, key);
              live.delete(key);
            } else if (!live.has(key) && rand() < 0.01) {
              await g.putObject(repo, branch, key, entry(`${key}-back${phase}`));
              live.set(key, `${key}-back${phase}`);
            } else if (live.has(key) && rand() < 0.01) {
              await g.putObject(repo, branch, key, entry(`${key}-over${phase}`));
              live.set(key, `${key}-over${phase}`);
            }
            if (rand() < 0.01) {
              // A new object right after a committed one: at the end of a row, between two rows.
              const added = `${key}-new${phase}`;
              await g.putObject(repo, branch, added, entry(added));
              live.set(added, added);
              if (rand() < 0.3) {
                await g.deleteObject(repo, branch, added);
                live.delete(added);
              }
            }
          }
        };
        await change(0);
        if (round === 1) await sealActiveToken(branch, `fresh-${round}`);
        if (round === 2) await g.commit(repo, branch, { committer: 'u', message: 'midway' });
        await change(1);

        const afters = () => {
          const keys = [...live.keys()];
          return [pick(committed), pick(committed), pick(keys.length > 0 ? keys : ['']), pick(FOLDERS), `${pick(committed)}~`];
        };
        for (const prefix of ['', 'b/', 'b/x/', 'a', 'c/k0']) {
          for (const delimiter of ['', '/']) {
            const amount = pick([1000, 50, 7]);
            let after = '';
            for (let pages = 0; ; pages++) {
              const q = { prefix, delimiter, after, amount };
              const expected = referencePage(live, q);
              expect(await listedPage(g, repo, branch, q), `round ${round} ${JSON.stringify(q)}`).toEqual(expected);
              if (!expected.hasMore || pages > 200) break;
              after = expected.nextOffset;
            }
            for (const after of afters()) {
              const q = { prefix, delimiter, after, amount: pick([1, 2, 5, 100]) };
              expect(await listedPage(g, repo, branch, q), `round ${round} ${JSON.stringify(q)}`).toEqual(referencePage(live, q));
            }
          }
        }
      }
    });
  });
}

async function openSqliteStore(): Promise<Store> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-deleted-runs-kv-'));
  const kv = openSqliteKv({ path: path.join(dir, 'kv.db') });
  return {
    kv,
    async close() {
      await kv.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Rows of about 2 keys make every run cross many rows and parts; rows of about 200 are searched from inside.
agreesWithReference('SQLite', openSqliteStore, 2, 1000);
agreesWithReference('SQLite', openSqliteStore, 200, 1500);

describe.skipIf(!pgInstalled())('on PostgreSQL', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPgCluster();
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  agreesWithReference(
    'PostgreSQL',
    async () => {
      const kv = await openPostgresKv({ url: await cluster.createDatabase('deleted_runs') });
      return { kv, close: () => kv.close() };
    },
    100,
    600,
  );
});
