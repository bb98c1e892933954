// Garbage collection: a history with branches, tags, staging, deletions, overwrites, resets and a deleted branch is
// built over the real HTTP stack; the collector (as `npm run gc` runs it) must delete exactly the expired,
// unreachable data and report its bytes, after which every object of every kept commit, branch, tag and staging area
// still reads back. A second part, on the store itself, covers a commit in flight (sealed staging), full addresses
// and repositories sharing or nesting inside the namespace.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalBlockStore, type BlockStore } from '../../server/blockstore';
import { runGc } from '../../server/gc-command';
import { collectGarbage, GcRefusedError } from '../../server/gc';
import { createGraveler, type Graveler, type ObjectEntry } from '../../server/graveler';
import type { Commit, ObjectStats } from '../../server/http/wire';
import { openSqliteKv, type KvStore } from '../../server/kv';
import { client, objectPath, startTestServer, startWithAdmin, type Client, type Page, type TestServer } from './http/harness';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const root = resolve(import.meta.dirname, '..', '..');

/** Sets the modification time of every file and folder under a folder, as if all was written that long ago. */
function age(dir: string, seconds: number): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) age(path, seconds);
    utimesSync(path, seconds, seconds);
  }
}

describe('garbage collection over a real history', () => {
  let server: TestServer;
  let api: Client;
  let authorization = '';
  /** Contents by physical address, of everything written. */
  const written = new Map<string, string>();
  /** The physical addresses that must go. */
  const expired = new Set<string>();
  let oldHead = '';

  async function upload(branch: string, path: string, content: string, repo = 'lake'): Promise<string> {
    const res = await api.upload<ObjectStats>(repo, branch, path, content);
    expect(res.status).toBe(201);
    written.set(res.body.physical_address, content);
    return res.body.physical_address;
  }

  async function commit(branch: string, message: string, daysAgo: number, repo = 'lake'): Promise<Commit> {
    const res = await api.post<Commit>(`/repositories/${repo}/branches/${branch}/commits`, { message, date: now - daysAgo * DAY });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }

  const branch = async (name: string, source: string) =>
    expect((await api.post('/repositories/lake/branches', { name, source })).status).toBe(201);

  beforeAll(async () => {
    ({ server, api, authorization } = await startWithAdmin());
    expect((await api.post('/repositories', { name: 'lake', storage_namespace: 'local://lake' })).status).toBe(201);

    // main: a.txt written three times, b.txt written then deleted, keep.txt committed once.
    expired.add(await upload('main', 'a.txt', 'a, first version'));
    expired.add(await upload('main', 'b.txt', 'b, deleted later'));
    await upload('main', 'keep.txt', 'kept by the tag and the head');
    oldHead = (await commit('main', 'first', 60)).id;
    await upload('main', 'a.txt', 'a, second version (tagged)');
    expect((await api.delete('/repositories/lake/branches/main/objects?path=b.txt')).status).toBe(204);
    const tagged = await commit('main', 'second', 50);
    expect((await api.post('/repositories/lake/tags', { id: 'old', ref: tagged.id })).status).toBe(201);

    // dev keeps 30 days: its commit of 20 days ago is kept, though main's 7 days would not keep it.
    await branch('dev', 'main');
    await upload('dev', 'd.txt', 'd, twenty days old');
    await commit('dev', 'dev one', 20);
    await upload('dev', 'd.txt', 'd, current');
    await commit('dev', 'dev two', 1);

    await upload('main', 'a.txt', 'a, third version');
    await commit('main', 'third', 2);

    // feature keeps the default 7 days: its first version of f.txt is only in a commit of 40 days ago.
    await branch('feature', 'main');
    expired.add(await upload('feature', 'f.txt', 'f, expired'));
    await commit('feature', 'feature one', 40);
    await upload('feature', 'f.txt', 'f, at the head');
    await commit('feature', 'feature two', 10);

    // Uncommitted on main: a new file, a fourth a.txt, keep.txt deleted; and an upload undone by a reset.
    await upload('main', 's.txt', 'staged only');
    await upload('main', 'a.txt', 'a, staged fourth version');
    expect((await api.delete('/repositories/lake/branches/main/objects?path=keep.txt')).status).toBe(204);
    expired.add(await upload('main', 'r.txt', 'reset away'));
    expect((await api.put('/repositories/lake/branches/main', { type: 'object', path: 'r.txt' })).status).toBe(204);

    // A branch deleted with its commit: nothing refers to that commit any more.
    await branch('gone', 'main');
    expired.add(await upload('gone', 'g.txt', 'on a deleted branch'));
    await commit('gone', 'soon unreachable', 1);
    expect((await api.delete('/repositories/lake/branches/gone')).status).toBe(204);

    // A repository whose namespace lies inside lake's data area: its files are not lake's.
    expect((await api.post('/repositories', { name: 'nested', storage_namespace: 'local://lake/data' })).status).toBe(201);
    await upload('main', 'n.txt', 'nested repository data', 'nested');
    await commit('main', 'nested', 90, 'nested');

    expect(
      (await api.put('/repositories/lake/settings/gc_rules', { default_retention_days: 7, branches: [{ branch_id: 'dev', retention_days: 30 }] }))
        .status,
    ).toBe(204);

    await server.close(true);
    // Everything was written long ago, but two unreferenced objects that could be uploads in flight: one in a new
    // partition, one landing in an old partition's folder (an upload that began long ago).
    const data = join(server.dataDir, 'blocks', 'lake', 'data');
    age(join(server.dataDir, 'blocks'), now - 70 * DAY);
    const oldPartition = /^local:\/\/lake\/data\/([0-9a-z]+)\//.exec([...written.keys()][0] ?? '')?.[1] as string;
    mkdirSync(join(data, 'zz'), { recursive: true });
    writeFileSync(join(data, 'zz', 'inflight'), 'young');
    writeFileSync(join(data, oldPartition, 'inflight'), 'young too');
  });

  afterAll(async () => {
    await server.close();
  });

  const expectedBytes = () => [...expired].reduce((sum, address) => sum + Buffer.byteLength(written.get(address) ?? ''), 0);

  it('reports in a dry run what it would remove, and removes nothing', async () => {
    const lines: string[] = [];
    const report = await runGc({ repository: 'lake', dryRun: true, dataDir: server.dataDir }, (line) => lines.push(line));
    expect(new Set(report.removed.map((r) => r.address))).toEqual(expired);
    expect(report.bytesFreed).toBe(expectedBytes());
    expect(report.young).toBe(2);
    for (const address of expired) expect(lines).toContain(`would remove ${address} (${Buffer.byteLength(written.get(address) ?? '')} bytes)`);
    expect(lines).toContain(`dry run: would remove ${expired.size} objects of ${report.examined} examined, freeing ${expectedBytes()} bytes; nothing was deleted`);
    for (const address of expired) {
      const file = join(server.dataDir, 'blocks', address.slice('local://'.length));
      expect(statSync(file).isFile()).toBe(true);
    }
  });

  it('removes exactly the unreachable, expired data and reports the bytes freed', async () => {
    const lines: string[] = [];
    const report = await runGc({ repository: 'lake', dryRun: false, dataDir: server.dataDir }, (line) => lines.push(line));
    expect(new Set(report.removed.map((r) => r.address))).toEqual(expired);
    expect(report.bytesFreed).toBe(expectedBytes());
    expect(lines).toContain(`removed ${expired.size} objects of ${report.examined} examined, freed ${expectedBytes()} bytes`);
    for (const address of expired) expect(() => statSync(join(server.dataDir, 'blocks', address.slice('local://'.length)))).toThrow();
    // Committed trees and the young objects are still there; a second run finds nothing more.
    expect(readdirSync(join(server.dataDir, 'blocks', 'lake', '_tarn', 'ranges')).length).toBeGreaterThan(0);
    const data = join(server.dataDir, 'blocks', 'lake', 'data');
    expect(readdirSync(data).filter((partition) => readdirSync(join(data, partition)).includes('inflight')).length).toBe(2);
    const again = await runGc({ repository: 'lake', dryRun: false, dataDir: server.dataDir }, () => {});
    expect(again.removed).toEqual([]);
  });

  it('leaves every object of every kept commit, branch, tag and staging area readable', async () => {
    server = await startTestServer(server.dataDir);
    api = client(server, authorization);
    const refs: string[] = [];
    for (const name of ['main', 'dev', 'feature']) {
      refs.push(name);
      const cutoff = now - (name === 'dev' ? 30 : 7) * DAY;
      const log = await api.get<Page<Commit>>(`/repositories/lake/refs/${name}/commits?amount=1000`);
      refs.push(...log.body.results.filter((c, i) => i === 0 || c.creation_date >= cutoff).map((c) => c.id));
    }
    refs.push('old');
    let read = 0;
    for (const ref of refs) {
      const listing = await api.get<Page<ObjectStats>>(`/repositories/lake/refs/${ref}/objects/ls?amount=1000`);
      expect(listing.status).toBe(200);
      for (const o of listing.body.results) {
        const res = await api.get(objectPath('lake', ref, o.path));
        expect({ ref, path: o.path, status: res.status, body: res.body }).toEqual({
          ref,
          path: o.path,
          status: 200,
          body: written.get(o.physical_address),
        });
        read++;
      }
    }
    expect(read).toBeGreaterThan(20);
    // What the staging area and the dev retention keep, spelled out.
    expect((await api.get(objectPath('lake', 'main', 'a.txt'))).body).toBe('a, staged fourth version');
    expect((await api.get(objectPath('lake', 'main', 's.txt'))).body).toBe('staged only');
    expect((await api.get(objectPath('lake', 'main', 'keep.txt'))).status).toBe(404);
    expect((await api.get(objectPath('lake', 'main@', 'keep.txt'))).body).toBe('kept by the tag and the head');
    expect((await api.get(objectPath('lake', 'dev~1', 'd.txt'))).body).toBe('d, twenty days old');
    expect((await api.get(objectPath('lake', 'old', 'a.txt'))).body).toBe('a, second version (tagged)');
    expect((await api.get(objectPath('nested', 'main', 'n.txt'))).body).toBe('nested repository data');
    // The expired commit still exists, but its own data is gone (lakeFS answers 410 the same way).
    expect((await api.get(objectPath('lake', oldHead, 'a.txt'))).status).toBe(410);
    expect((await api.get(objectPath('lake', oldHead, 'keep.txt'))).status).toBe(200);
  });

  it('refuses a repository without rules, with a clear message, as the npm script', async () => {
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'server', 'gc-command.ts'), ...args], { cwd: root }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
      );
    const [noRules, noRepo, noData, badDatabase] = await Promise.all([
      run('--repo', 'nested', '--data-dir', server.dataDir),
      run('--data-dir', server.dataDir),
      run('--repo', 'lake', '--data-dir', join(server.dataDir, 'nothing-here')),
      run('--repo', 'lake', '--database-url', 'mysql://user:hunter2@db/lake'),
    ]);
    expect(noRules.code).toBe(1);
    expect(noRules.stderr).toMatch(/^gc: repository nested has no garbage-collection rules/);
    expect(noRepo.code).toBe(2);
    expect(noRepo.stderr).toMatch(/--repo is required/);
    expect(noData.code).toBe(1);
    expect(noData.stderr).toMatch(/no Tarn data in/);
    expect(badDatabase.code).toBe(2);
    expect(badDatabase.stderr).toMatch(/only PostgreSQL is supported/);
    expect(badDatabase.stderr).not.toContain('hunter2');
  });
});

describe('garbage collection on the store', () => {
  let dir: string;
  let kv: KvStore;
  let blocks: BlockStore;
  let g: Graveler;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tarn-gc-'));
    kv = openSqliteKv({ path: join(dir, 'kv.db') });
    blocks = openLocalBlockStore({ root: join(dir, 'blocks') });
    g = createGraveler({ kv, blockstore: blocks });
  });
  afterAll(async () => {
    await g.close();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function stored(ns: string, content: string, key = blocks.newDataKey()): Promise<ObjectEntry> {
    const { size, checksum } = await blocks.put(ns, key, Buffer.from(content));
    return { address: key, addressType: 'relative', size, checksum, mtime: now, contentType: 'text/plain', metadata: {} };
  }

  const collect = (repository: string, dryRun = false) =>
    collectGarbage(g, blocks, { repository, dryRun, gracePeriodSeconds: 3600, now: now + 2 * 3600 });

  it('refuses without rules', async () => {
    await g.createRepository({ id: 'bare-rules', storageNamespace: 'local://bare-rules' });
    await expect(collect('bare-rules')).rejects.toBeInstanceOf(GcRefusedError);
  });

  it('keeps what a commit in flight has sealed, and what it lands', async () => {
    await g.createRepository({ id: 'flight', storageNamespace: 'local://flight' });
    await g.setGcRules('flight', { defaultRetentionDays: 1, branches: [] });
    const staged = await stored('local://flight', 'sealed by the commit');
    await g.putObject('flight', 'main', 'x.txt', staged);
    let during: string[] = [];
    const landed = await g.commit('flight', 'main', {
      committer: 'me',
      message: 'in flight',
      // The branch still points at its old head and the entry is only in a sealed token.
      beforeBranchMove: async () => {
        during = (await collect('flight')).removed.map((r) => r.address);
      },
    });
    expect(during).toEqual([]);
    expect((await collect('flight')).removed).toEqual([]);
    expect((await g.getObject('flight', landed.id, 'x.txt')).address).toBe(staged.address);
    expect(await blocks.exists('local://flight', staged.address)).toBe(true);
  });

  it('keeps data a full address inside the namespace refers to, and never touches one outside it', async () => {
    await g.createRepository({ id: 'links', storageNamespace: 'local://links' });
    await g.createRepository({ id: 'elsewhere', storageNamespace: 'local://elsewhere' });
    await g.setGcRules('links', { defaultRetentionDays: 1, branches: [] });
    const inside = await stored('local://links', 'linked by full address');
    const outside = await stored('local://elsewhere', 'another repository’s data');
    const unreferenced = await stored('local://links', 'nobody');
    await g.putObject('links', 'main', 'inside', { ...inside, addressType: 'full', address: blocks.fullAddress('local://links', inside.address) });
    await g.putObject('links', 'main', 'outside', { ...outside, addressType: 'full', address: blocks.fullAddress('local://elsewhere', outside.address) });
    const report = await collect('links');
    expect(report.removed).toEqual([{ address: blocks.fullAddress('local://links', unreferenced.address), size: 'nobody'.length }]);
    expect(await blocks.exists('local://links', inside.address)).toBe(true);
    expect(await blocks.exists('local://elsewhere', outside.address)).toBe(true);
  });

  it('keeps all the data of another repository made over the same namespace', async () => {
    await g.createRepository({ id: 'owner', storageNamespace: 'local://shared' });
    await g.createRepository({ id: 'tenant', storageNamespace: 'local://shared/', readOnly: true });
    await g.setGcRules('owner', { defaultRetentionDays: 1, branches: [] });
    const tenants = await stored('local://shared', 'the read-only tenant’s, written with force');
    await g.putObject('tenant', 'main', 't.txt', tenants, { force: true });
    await g.commit('tenant', 'main', { committer: 'me', message: 'long ago', date: now - 400 * DAY, force: true });
    const overwritten = await stored('local://shared', 'the owner’s, overwritten');
    await g.putObject('owner', 'main', 'o.txt', overwritten);
    await g.commit('owner', 'main', { committer: 'me', message: 'old', date: now - 10 * DAY });
    await g.putObject('owner', 'main', 'o.txt', await stored('local://shared', 'the owner’s, current'));
    await g.commit('owner', 'main', { committer: 'me', message: 'new' });
    const report = await collect('owner');
    expect(report.removed.map((r) => r.address)).toEqual([blocks.fullAddress('local://shared', overwritten.address)]);
    expect(await blocks.exists('local://shared', tenants.address)).toBe(true);
  });
});
