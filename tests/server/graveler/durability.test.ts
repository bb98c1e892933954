import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalBlockStore } from '../../../server/blockstore/index';
import { createGraveler } from '../../../server/graveler/index';
import { openSqliteKv } from '../../../server/kv/index';
import { keys } from '../../../server/graveler/records';
import { killFixtureWhen } from '../kill-fixture';
import { entry, listAll, openEnv, type Env } from './helpers';

const repo = 'crashy';

describe('graveler under concurrency and crashes', () => {
  let env: Env;
  beforeEach(async () => {
    env = await openEnv({ raggedness: 8 });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
  });
  afterEach(async () => {
    await env.close();
  });

  for (const graceMs of [undefined, 0]) {
  it(`loses nothing with many parallel writers, readers and committers on one branch (grace ${graceMs ?? 'default'})`, async () => {
    await env.close();
    env = await openEnv({ raggedness: 8, graceMs });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    const written: string[] = [];
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; i < 40; i++) {
        const p = `w${w}/${String(i).padStart(3, '0')}`;
        await env.g.putObject(repo, 'main', p, entry(p));
        written.push(p);
        // Read-your-writes, and every earlier write of this writer stays visible while commits drop tokens.
        expect((await env.g.getObject(repo, 'main', p)).checksum).toBe(`sum-${p}`);
        const mine = (await env.g.listObjects(repo, 'main', { prefix: `w${w}/`, amount: 1000 })).results.map((r) => r.path);
        expect(mine).toHaveLength(i + 1);
        await setImmediate();
      }
    });
    let done = false;
    const commits: string[] = [];
    const committers = Array.from({ length: 3 }, async (_, c) => {
      while (!done) {
        try {
          commits.push((await env.g.commit(repo, 'main', { committer: `c${c}`, message: 'tick' })).id);
        } catch (err) {
          expect((err as Error).message).toBe('no changes');
        }
        await setImmediate();
      }
    });
    await Promise.all(writers);
    done = true;
    await Promise.all(committers);
    try {
      await env.g.commit(repo, 'main', { committer: 'final', message: 'rest' });
    } catch (err) {
      expect((err as Error).message).toBe('no changes');
    }
    expect(commits.length).toBeGreaterThan(0);
    expect(await env.g.hasUncommittedChanges(repo, 'main')).toBe(false);
    const expected = [...written].sort();
    expect(await listAll(env.g, repo, 'main@', { amount: 1000 })).toEqual(expected);
    // History is linear: every commit's single parent is the one before it.
    const log = await env.g.log(repo, 'main', { amount: 1000 });
    for (let i = 0; i + 1 < log.results.length; i++) {
      expect(log.results[i]?.parents).toEqual([log.results[i + 1]?.id]);
    }
  });
  }

  it('keeps every acknowledged write and a valid head after SIGKILL mid-commit', async () => {
    await env.g.close();
    await env.kv.close();
    const puts: string[] = [];
    let commits = 0;
    const signal = await killFixtureWhen(path.join(import.meta.dirname, 'fixtures/committer.ts'), [env.dir], (lines) => {
      for (const line of lines) {
        if (line.startsWith('put ')) puts.push(line.slice(4));
        if (line.startsWith('commit ')) commits++;
      }
      return commits >= 15 && puts.length >= 600;
    });
    expect(signal).toBe('SIGKILL');
    await env.reopen();
    const head = await env.g.getCommit(repo, 'main');
    expect(head.generation).toBeGreaterThan(1);
    const visible = new Set(await listAll(env.g, repo, 'main', { amount: 1000 }));
    for (const p of puts) expect(visible.has(p), p).toBe(true);
    await env.g.commit(repo, 'main', { committer: 'after', message: 'recover', allowEmpty: true });
    const committed = new Set(await listAll(env.g, repo, 'main@', { amount: 1000 }));
    for (const p of puts) expect(committed.has(p), p).toBe(true);
  });
});

describe('graveler reads racing a commit', () => {
  it('never answers from the old commit after the staged value it needed was dropped', async () => {
    const env = await openEnv({ graceMs: 0 });
    try {
      await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
      await env.g.putObject(repo, 'main', 'target', entry('v1'));
      await env.g.commit(repo, 'main', { committer: 'u', message: 'v1' });
      await env.g.putObject(repo, 'main', 'target', entry('v2'));

      // Hold the reader between reading the branch record and looking into its staging token.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let held = false;
      let arrived!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      const kv = env.kv;
      const gated: typeof kv = {
        ...kv,
        get: async (key) => {
          if (!held && key.includes('/staging/') && key.endsWith('/target')) {
            held = true;
            arrived();
            await gate;
          }
          return kv.get(key);
        },
      };
      const reader = createGraveler({ kv: gated, blockstore: env.blockstore, stagingGraceMs: 0 });
      const read = reader.getObject(repo, 'main', 'target');
      await reached;
      await env.g.commit(repo, 'main', { committer: 'u', message: 'v2' });
      // Wait until the committed token's staged data is really gone.
      for (let i = 0; (await kv.scan({ prefix: `graveler/r/${repo}/staging/` })).length > 0; i++) {
        expect(i).toBeLessThan(1000);
        await setImmediate();
      }
      release();
      expect((await read).checksum).toBe('sum-v2');
      await reader.close();
    } finally {
      await env.close();
    }
  });
});

describe('graveler with two processes on one database', () => {
  it('keeps branch moves linear and loses no write when two stores share the files', async () => {
    const env = await openEnv({ raggedness: 8 });
    try {
      await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
      // A second store with its own connection and caches, as another server process would have.
      const kv2 = openSqliteKv({ path: path.join(env.dir, 'kv.db') });
      const g2 = createGraveler({ kv: kv2, blockstore: openLocalBlockStore({ root: path.join(env.dir, 'blocks') }), rangeRaggedness: 8 });
      const stores = [env.g, g2];
      const written: string[] = [];
      await Promise.all(
        stores.flatMap((g, s) => [
          (async () => {
            for (let i = 0; i < 60; i++) {
              const p = `s${s}/${String(i).padStart(3, '0')}`;
              await g.putObject(repo, 'main', p, entry(p));
              written.push(p);
              await setImmediate();
            }
          })(),
          (async () => {
            for (let i = 0; i < 10; i++) {
              await g.commit(repo, 'main', { committer: `s${s}`, message: 'tick' }).catch((err: Error) => expect(err.message).toBe('no changes'));
              await setImmediate();
            }
          })(),
        ]),
      );
      await g2.commit(repo, 'main', { committer: 'final', message: 'rest' }).catch((err: Error) => expect(err.message).toBe('no changes'));
      for (const g of stores) expect(await listAll(g, repo, 'main@', { amount: 1000 })).toEqual([...written].sort());
      const log = await env.g.log(repo, 'main', { amount: 1000 });
      for (let i = 0; i + 1 < log.results.length; i++) expect(log.results[i]?.parents).toEqual([log.results[i + 1]?.id]);
      await g2.close();
      await kv2.close();
    } finally {
      await env.close();
    }
  });
});

describe('a commit with nothing staged', () => {
  it('answers "no changes" without moving the branch record, so no write in flight has to repeat itself', async () => {
    const env = await openEnv();
    try {
      await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
      const before = await env.kv.get(keys.branch(repo, 'main'));
      await expect(env.g.commit(repo, 'main', { committer: 'c', message: 'nothing' })).rejects.toThrow('no changes');
      expect(await env.kv.get(keys.branch(repo, 'main'))).toEqual(before);
      // With something staged, the commit goes ahead as before.
      await env.g.putObject(repo, 'main', 'a', entry('a'));
      await env.g.commit(repo, 'main', { committer: 'c', message: 'one' });
      expect(await listAll(env.g, repo, 'main@', { amount: 10 })).toEqual(['a']);
    } finally {
      await env.close();
    }
  });
});
