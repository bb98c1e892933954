import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entry, listAll, openEnv, tickingClock, type Env } from './helpers';

const repo = 'resetter';

describe('graveler reset', () => {
  let env: Env;
  beforeEach(async () => {
    env = await openEnv({ now: tickingClock() });
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    for (const p of ['a/1', 'a/2', 'b/1']) await env.g.putObject(repo, 'main', p, entry(p));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'base' });
    await env.g.putObject(repo, 'main', 'a/1', entry('a1-new'));
    await env.g.deleteObject(repo, 'main', 'a/2');
    await env.g.putObject(repo, 'main', 'a/3', entry('a3'));
    await env.g.putObject(repo, 'main', 'b/1', entry('b1-new'));
    await env.g.putObject(repo, 'main', 'c', entry('c'));
  });
  afterEach(async () => {
    await env.close();
  });

  const uncommitted = async () => (await env.g.diffUncommitted(repo, 'main', {})).results.map((d) => `${d.type} ${d.path}`);

  it('reset discards every uncommitted change', async () => {
    await env.g.resetBranch(repo, 'main');
    expect(await uncommitted()).toEqual([]);
    expect(await listAll(env.g, repo, 'main')).toEqual(['a/1', 'a/2', 'b/1']);
  });

  it('object reset undoes one change: a modification, a deletion, an addition', async () => {
    await env.g.resetObject(repo, 'main', 'a/1');
    await env.g.resetObject(repo, 'main', 'a/2');
    await env.g.resetObject(repo, 'main', 'a/3');
    expect(await uncommitted()).toEqual(['changed b/1', 'added c']);
    expect((await env.g.getObject(repo, 'main', 'a/1')).checksum).toBe('sum-a/1');
    expect(await listAll(env.g, repo, 'main')).toEqual(['a/1', 'a/2', 'b/1', 'c']);
  });

  it('common_prefix reset undoes every change under the prefix', async () => {
    await env.g.resetPrefix(repo, 'main', 'a/');
    expect(await uncommitted()).toEqual(['changed b/1', 'added c']);
    expect(await listAll(env.g, repo, 'main')).toEqual(['a/1', 'a/2', 'b/1', 'c']);
  });

  it('reset also discards changes sealed by a commit that never finished', async () => {
    // Simulate an interrupted commit: the active token is sealed but the branch never moved.
    const key = `graveler/r/${repo}/branches/main`;
    const raw = await env.kv.get(key);
    const b = JSON.parse(new TextDecoder().decode(raw));
    await env.kv.set(key, new TextEncoder().encode(JSON.stringify({ ...b, stagingToken: 'fresh', sealedTokens: [b.stagingToken] })));
    expect(await uncommitted()).toHaveLength(5);
    await env.g.resetBranch(repo, 'main');
    expect(await uncommitted()).toEqual([]);
  });

  it('hard reset moves the branch to another commit and drops staging', async () => {
    await env.g.commit(repo, 'main', { committer: 'u', message: 'second' });
    await env.g.putObject(repo, 'main', 'x', entry('x'));
    await env.g.hardReset(repo, 'main', 'main~1');
    expect(await listAll(env.g, repo, 'main')).toEqual(['a/1', 'a/2', 'b/1']);
    expect((await env.g.getCommit(repo, 'main')).message).toBe('base');
  });
});

describe('graveler staging sweep', () => {
  it('deletes staged data of tokens no branch refers to, and only that', async () => {
    const env = await openEnv({ now: tickingClock() });
    try {
      await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
      await env.g.putObject(repo, 'main', 'live', entry('live'));
      const orphan = `graveler/r/${repo}/staging/orphan-token/`;
      await env.kv.set(`${orphan}a`, new Uint8Array([0]));
      await env.kv.set(`${orphan}b`, new Uint8Array([0]));
      expect(await env.g.sweepStaging(repo)).toBe(1);
      expect(await env.kv.scan({ prefix: orphan })).toEqual([]);
      expect((await env.g.getObject(repo, 'main', 'live')).checksum).toBe('sum-live');
      expect(await env.g.sweepStaging(repo)).toBe(0);
    } finally {
      await env.close();
    }
  });
});
