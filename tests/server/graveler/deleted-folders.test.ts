import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
