// Repository settings over the real HTTP stack: the read-only toggle and what it refuses, branch protection with its
// checksum and what it refuses, garbage-collection rules, and the older paths lakeFS keeps for both.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteKv } from '../../../server/kv';
import type { BranchProtectionRule, Commit, ErrorBody, GarbageCollectionRules, Ref, Repository } from '../../../server/http/wire';
import { client, objectPath, startTestServer, startWithAdmin, type Answer, type Client, type Page, type TestServer } from './harness';

let server: TestServer;
let api: Client;
let authorization = '';

beforeAll(async () => {
  ({ server, api, authorization } = await startWithAdmin());
});
afterAll(async () => {
  await server.close();
});

async function createRepo(name: string, extra: Record<string, unknown> = {}): Promise<void> {
  expect((await api.post('/repositories', { name, storage_namespace: `local://${name}`, ...extra })).status).toBe(201);
}

async function commit(repo: string, branch: string, message: string): Promise<Commit> {
  const res = await api.post<Commit>(`/repositories/${repo}/branches/${branch}/commits`, { message });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const head = async (repo: string, branch: string) => (await api.get<Ref>(`/repositories/${repo}/branches/${branch}`)).body.commit_id;

function refused(res: Answer, status: number, message: string, what: string): void {
  expect({ what, status: res.status, body: res.body }).toEqual({ what, status, body: { message } });
}

describe('the read-only toggle', () => {
  beforeAll(async () => {
    await createRepo('toggle');
    await api.upload('toggle', 'main', 'a.txt', 'a');
    await api.upload('toggle', 'main', 'b.txt', 'b');
    await commit('toggle', 'main', 'seed');
    expect((await api.post('/repositories/toggle/branches', { name: 'side', source: 'main' })).status).toBe(201);
    await api.upload('toggle', 'side', 'side.txt', 's');
    await commit('toggle', 'side', 'on side');
    expect((await api.post('/repositories/toggle/tags', { id: 'keep', ref: 'main' })).status).toBe(201);
  });

  it('answers the repository with its new flag, kept in the repository record', async () => {
    const res = await api.put<Repository>('/repositories/toggle/settings/read_only', { read_only: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'toggle', storage_namespace: 'local://toggle', default_branch: 'main', read_only: true });
    expect((await api.get<Repository>('/repositories/toggle')).body.read_only).toBe(true);
    const again = await api.put<Repository>('/repositories/toggle/settings/read_only', { read_only: true });
    expect(again.body.read_only).toBe(true);
  });

  it('refuses every write with 403 read-only repository', async () => {
    const sideCommit = await head('toggle', 'side');
    const writes: Array<[string, () => Promise<Answer>]> = [
      ['upload', () => api.upload('toggle', 'main', 'new.txt', 'x')],
      ['delete', () => api.delete(`/repositories/toggle/branches/main/objects?path=a.txt`)],
      ['bulk delete', () => api.post('/repositories/toggle/branches/main/objects/delete', { paths: ['a.txt'] })],
      ['commit', () => api.post('/repositories/toggle/branches/main/commits', { message: 'm', allow_empty: true })],
      ['create branch', () => api.post('/repositories/toggle/branches', { name: 'dev', source: 'main' })],
      ['delete branch', () => api.delete('/repositories/toggle/branches/side')],
      ['create tag', () => api.post('/repositories/toggle/tags', { id: 'v1', ref: 'main' })],
      ['delete tag', () => api.delete('/repositories/toggle/tags/keep')],
      ['reset', () => api.put('/repositories/toggle/branches/main', { type: 'reset' })],
      ['reset object', () => api.put('/repositories/toggle/branches/main', { type: 'object', path: 'a.txt' })],
      ['reset prefix', () => api.put('/repositories/toggle/branches/main', { type: 'common_prefix', path: '' })],
      ['hard reset', () => api.put('/repositories/toggle/branches/side/hard_reset?ref=main')],
      ['merge', () => api.post('/repositories/toggle/refs/side/merge/main', {})],
      ['revert', () => api.post('/repositories/toggle/branches/side/revert', { ref: sideCommit, parent_number: 1 })],
      ['cherry-pick', () => api.post('/repositories/toggle/branches/main/cherry-pick', { ref: sideCommit })],
      ['upload preflight', () => api.get('/repositories/toggle/branches/main/objects/stage_allowed?path=a.txt')],
      ['delete repository', () => api.delete('/repositories/toggle')],
    ];
    for (const [what, write] of writes) refused(await write(), 403, 'read-only repository', what);
    // Nothing changed, and reads still work.
    expect(await head('toggle', 'side')).toBe(sideCommit);
    expect((await api.get(objectPath('toggle', 'main', 'a.txt'))).body).toBe('a');
    expect((await api.get<Page<Ref>>('/repositories/toggle/branches')).body.results.map((b) => b.id)).toEqual(['main', 'side']);
  });

  it('lets every write through with force, where lakeFS takes it', async () => {
    const sideCommit = await head('toggle', 'side');
    const writes: Array<[string, () => Promise<Answer>, number]> = [
      ['upload', () => api.post('/repositories/toggle/branches/main/objects?path=new.txt&force=true', 'x'), 201],
      ['delete', () => api.delete('/repositories/toggle/branches/main/objects?path=b.txt&force=true'), 204],
      ['bulk delete', () => api.post('/repositories/toggle/branches/main/objects/delete?force=true', { paths: ['a.txt'] }), 200],
      ['reset object', () => api.put('/repositories/toggle/branches/main', { type: 'object', path: 'a.txt', force: true }), 204],
      ['reset prefix', () => api.put('/repositories/toggle/branches/main', { type: 'common_prefix', path: 'b', force: true }), 204],
      ['reset', () => api.put('/repositories/toggle/branches/main', { type: 'reset', force: true }), 204],
      ['commit', () => api.post('/repositories/toggle/branches/main/commits', { message: 'forced', allow_empty: true, force: true }), 201],
      ['create branch', () => api.post('/repositories/toggle/branches', { name: 'dev', source: 'main', force: true }), 201],
      ['create tag', () => api.post('/repositories/toggle/tags', { id: 'v1', ref: 'main', force: true }), 201],
      ['delete tag', () => api.delete('/repositories/toggle/tags/v1?force=true'), 204],
      ['merge', () => api.post('/repositories/toggle/refs/side/merge/main', { force: true }), 200],
      ['revert', () => api.post('/repositories/toggle/branches/main/revert', { ref: sideCommit, parent_number: 1, force: true }), 204],
      ['cherry-pick', () => api.post('/repositories/toggle/branches/dev/cherry-pick', { ref: sideCommit, force: true }), 201],
      ['hard reset', () => api.put('/repositories/toggle/branches/dev/hard_reset?ref=main&force=true'), 204],
      ['delete branch', () => api.delete('/repositories/toggle/branches/dev?force=true'), 204],
    ];
    for (const [what, write, status] of writes) {
      const res = await write();
      expect({ what, status: res.status }, JSON.stringify(res.body)).toEqual({ what, status });
    }
  });

  it('makes the repository writable again', async () => {
    const res = await api.put<Repository>('/repositories/toggle/settings/read_only', { read_only: false });
    expect(res).toMatchObject({ status: 200, body: { read_only: false } });
    expect((await api.upload('toggle', 'main', 'after.txt', 'ok')).status).toBe(201);
    expect((await api.post('/repositories/toggle/branches', { name: 'dev', source: 'main' })).status).toBe(201);
  });

  it('validates its input and needs credentials', async () => {
    refused(await api.put('/repositories/nothing-here/settings/read_only', { read_only: true }), 404, 'repository not found', 'missing');
    for (const body of [{}, { read_only: 'yes' }, { read_only: 1 }]) {
      const res = await api.put<ErrorBody>('/repositories/toggle/settings/read_only', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/read_only/);
    }
    const anonymous = await fetch(`${server.api}/repositories/toggle/settings/read_only`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ read_only: true }),
    });
    expect(anonymous.status).toBe(401);
    expect((await api.get<Repository>('/repositories/toggle')).body.read_only).toBe(false);
  });
});

describe('branch protection rules', () => {
  beforeAll(async () => {
    await createRepo('guarded');
  });

  const rules = () => api.get<BranchProtectionRule[]>('/repositories/guarded/settings/branch_protection');
  const put = (body: BranchProtectionRule[], ifMatch?: string) =>
    api.put<ErrorBody>('/repositories/guarded/settings/branch_protection', body, ifMatch === undefined ? {} : { 'if-match': ifMatch });

  it('answers the bare list with its checksum in ETag, "" before any rule was set', async () => {
    const res = await rules();
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('etag')).toBe('""');
  });

  it('saves with If-Match: "" only while no rules exist, then only against the current checksum', async () => {
    expect((await put([{ pattern: 'main' }], '""')).status).toBe(204);
    const first = await rules();
    expect(first.body).toEqual([{ pattern: 'main' }]);
    const checksum = first.headers.get('etag') ?? '';
    expect(checksum).toMatch(/^[0-9a-f]{64}$/);

    refused(await put([{ pattern: 'x' }], '""'), 412, 'Precondition failed', 'If-Match "" once rules exist');
    refused(await put([{ pattern: 'x' }], 'f'.repeat(64)), 412, 'Precondition failed', 'a wrong checksum');

    expect((await put([{ pattern: 'main' }, { pattern: 'release-*' }], checksum)).status).toBe(204);
    const second = await rules();
    expect(second.body).toEqual([{ pattern: 'main' }, { pattern: 'release-*' }]);
    expect(second.headers.get('etag')).not.toBe(checksum);
    // The checksum read before the change is stale now: the change of the other writer is not overwritten.
    refused(await put([{ pattern: 'main' }], checksum), 412, 'Precondition failed', 'a stale checksum');
    // A quoted checksum is the same checksum.
    expect((await put([{ pattern: 'main' }, { pattern: 'release-*' }, { pattern: 'rel-?' }], `"${second.headers.get('etag')}"`)).status).toBe(204);
    // Without If-Match the list is replaced unconditionally.
    expect((await put([{ pattern: 'prot*' }, { pattern: 'rel-?' }, { pattern: 'prot*' }])).status).toBe(204);
    expect((await rules()).body).toEqual([{ pattern: 'prot*' }, { pattern: 'rel-?' }]);
  });

  it('checksums exactly the stored setting', async () => {
    const etag = (await rules()).headers.get('etag');
    await server.close(true);
    const kv = openSqliteKv({ path: join(server.dataDir, 'metadata.db') });
    const stored = await kv.get('graveler/r/guarded/settings/protected_branches');
    await kv.close();
    server = await startTestServer(server.dataDir);
    api = client(server, authorization);
    expect(stored).toBeDefined();
    expect(etag).toBe(createHash('sha256').update(stored as Uint8Array).digest('hex'));
  });

  it('refuses bad lists', async () => {
    for (const body of [[{ pattern: '' }], [{}], { pattern: 'main' }, ['main']]) {
      const res = await api.put<ErrorBody>('/repositories/guarded/settings/branch_protection', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    refused(await api.get('/repositories/nothing-here/settings/branch_protection'), 404, 'repository not found', 'missing');
  });

  it('keeps the older paths: list, add one, remove one, and the preflight', async () => {
    expect((await api.get<BranchProtectionRule[]>('/repositories/guarded/branch_protection')).body).toEqual([
      { pattern: 'prot*' },
      { pattern: 'rel-?' },
    ]);
    expect((await api.post('/repositories/guarded/branch_protection', { pattern: 'old-*' })).status).toBe(204);
    refused(await api.post('/repositories/guarded/branch_protection', { pattern: 'old-*' }), 409, 'branch protection rule already exists', 'twice');
    expect((await rules()).body).toEqual([{ pattern: 'prot*' }, { pattern: 'rel-?' }, { pattern: 'old-*' }]);
    const removed = await api.raw('/repositories/guarded/branch_protection', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pattern: 'old-*' }),
    });
    expect(removed.status).toBe(204);
    const again = await api.raw('/repositories/guarded/branch_protection', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pattern: 'old-*' }),
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: 'branch protection rule does not exist' });
    expect((await api.get('/repositories/guarded/branch_protection/set_allowed')).status).toBe(204);
    expect((await api.get('/repositories/nothing-here/branch_protection/set_allowed')).status).toBe(404);
  });
});

describe('a protected branch', () => {
  let sideCommit = '';

  beforeAll(async () => {
    await createRepo('fort');
    await api.upload('fort', 'main', 'a.txt', 'a');
    await commit('fort', 'main', 'seed');
    for (const name of ['prot-1', 'rel-1', 'rel-10', 'feature']) {
      expect((await api.post('/repositories/fort/branches', { name, source: 'main' })).status).toBe(201);
    }
    await api.upload('fort', 'feature', 'f.txt', 'f');
    sideCommit = (await commit('fort', 'feature', 'feature work')).id;
    // Uncommitted changes made before the rules, for the commit and the resets to refuse.
    await api.upload('fort', 'prot-1', 'staged.txt', 's');
    await api.upload('fort', 'rel-1', 'staged.txt', 's');
    expect((await api.put('/repositories/fort/settings/branch_protection', [{ pattern: 'prot*' }, { pattern: 'rel-?' }])).status).toBe(204);
  });

  it('refuses direct writes, resets and commits, force or not', async () => {
    for (const branch of ['prot-1', 'rel-1']) {
      const b = `/repositories/fort/branches/${branch}`;
      const writes: Array<[string, () => Promise<Answer>]> = [
        ['upload', () => api.upload('fort', branch, 'new.txt', 'x')],
        ['forced upload', () => api.post(`${b}/objects?path=new.txt&force=true`, 'x')],
        ['delete', () => api.delete(`${b}/objects?path=a.txt`)],
        ['bulk delete', () => api.post(`${b}/objects/delete`, { paths: ['a.txt', 'staged.txt'] })],
        ['reset', () => api.put(b, { type: 'reset' })],
        ['reset object', () => api.put(b, { type: 'object', path: 'staged.txt' })],
        ['reset prefix', () => api.put(b, { type: 'common_prefix', path: '' })],
        ['hard reset', () => api.put(`${b}/hard_reset?ref=main`)],
      ];
      for (const [what, write] of writes) refused(await write(), 403, 'cannot write to protected branch', `${what} on ${branch}`);
      refused(await api.post(`${b}/commits`, { message: 'm' }), 403, 'cannot commit to protected branch', `commit on ${branch}`);
      refused(await api.post(`${b}/commits`, { message: 'm', force: true }), 403, 'cannot commit to protected branch', `forced commit on ${branch}`);
      // The staged change is still there, uncommitted.
      expect((await api.get(objectPath('fort', branch, 'staged.txt'))).body).toBe('s');
      expect((await api.get<Page<unknown>>(`${b}/diff`)).body.results).toHaveLength(1);
    }
  });

  it('leaves branches the patterns do not match alone', async () => {
    expect((await api.upload('fort', 'rel-10', 'x.txt', 'x')).status).toBe(201);
    await commit('fort', 'rel-10', 'rel-10 is not rel-?');
  });

  it('takes merges, reverts and cherry-picks, and may be deleted', async () => {
    // prot-1 has uncommitted changes staged before it was protected; a merge needs a clean branch, so use main-like ones.
    expect((await api.post('/repositories/fort/branches', { name: 'prot-2', source: 'main' })).status).toBe(201);
    const merged = await api.post<{ reference: string }>('/repositories/fort/refs/feature/merge/prot-2', {});
    expect(merged.status).toBe(200);
    expect((await api.get(objectPath('fort', 'prot-2', 'f.txt'))).body).toBe('f');
    expect((await api.post('/repositories/fort/branches/prot-2/revert', { ref: 'prot-2', parent_number: 1 })).status).toBe(204);
    expect((await api.get(objectPath('fort', 'prot-2', 'f.txt'))).status).toBe(404);
    expect((await api.post('/repositories/fort/branches/prot-2/cherry-pick', { ref: sideCommit })).status).toBe(201);
    expect((await api.get(objectPath('fort', 'prot-2', 'f.txt'))).body).toBe('f');
    expect((await api.delete('/repositories/fort/branches/prot-2')).status).toBe(204);
  });

  it('is writable again once its rule is removed', async () => {
    expect((await api.put('/repositories/fort/settings/branch_protection', [{ pattern: 'prot*' }])).status).toBe(204);
    expect((await api.upload('fort', 'rel-1', 'new.txt', 'x')).status).toBe(201);
    await commit('fort', 'rel-1', 'allowed now');
    refused(await api.upload('fort', 'prot-1', 'new.txt', 'x'), 403, 'cannot write to protected branch', 'still protected');
  });
});

describe('the sample repository', () => {
  it('protects its default branch, so changes arrive by merge', async () => {
    await createRepo('sample', { sample_data: true });
    const res = await api.get<BranchProtectionRule[]>('/repositories/sample/settings/branch_protection');
    expect(res.body).toEqual([{ pattern: 'main' }]);
    refused(await api.upload('sample', 'main', 'mine.txt', 'x'), 403, 'cannot write to protected branch', 'upload to main');
    expect((await api.post('/repositories/sample/branches', { name: 'work', source: 'main' })).status).toBe(201);
    expect((await api.upload('sample', 'work', 'mine.txt', 'x')).status).toBe(201);
    await commit('sample', 'work', 'mine');
    expect((await api.post('/repositories/sample/refs/work/merge/main', {})).status).toBe(200);
    expect((await api.get(objectPath('sample', 'main', 'mine.txt'))).body).toBe('x');
  });
});

describe('garbage-collection rules', () => {
  beforeAll(async () => {
    await createRepo('kept');
  });

  const valid: GarbageCollectionRules = { default_retention_days: 21, branches: [{ branch_id: 'main', retention_days: 28 }] };

  it('are not found until set, and again once deleted', async () => {
    refused(await api.get('/repositories/kept/settings/gc_rules'), 404, 'no gc rules configured', 'none yet');
    expect((await api.put('/repositories/kept/settings/gc_rules', valid)).status).toBe(204);
    expect((await api.get<GarbageCollectionRules>('/repositories/kept/settings/gc_rules')).body).toEqual(valid);
    expect((await api.delete('/repositories/kept/settings/gc_rules')).status).toBe(204);
    refused(await api.get('/repositories/kept/settings/gc_rules'), 404, 'no gc rules configured', 'deleted');
    expect((await api.delete('/repositories/kept/settings/gc_rules')).status).toBe(204);
    refused(await api.get('/repositories/nothing-here/settings/gc_rules'), 404, 'repository not found', 'missing');
  });

  it('take whole days from 1 and valid, distinct branch ids', async () => {
    const bad: unknown[] = [
      { default_retention_days: 0, branches: [] },
      { default_retention_days: 1.5, branches: [] },
      { default_retention_days: '7', branches: [] },
      { default_retention_days: 7 },
      { default_retention_days: 7, branches: [{ branch_id: 'main', retention_days: 0 }] },
      { default_retention_days: 7, branches: [{ branch_id: 'bad name', retention_days: 3 }] },
      { default_retention_days: 7, branches: [{ branch_id: '', retention_days: 3 }] },
      { default_retention_days: 7, branches: [{ branch_id: 'main', retention_days: 3 }, { branch_id: 'main', retention_days: 4 }] },
    ];
    for (const body of bad) {
      const res = await api.put<ErrorBody>('/repositories/kept/settings/gc_rules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    refused(await api.get('/repositories/kept/settings/gc_rules'), 404, 'no gc rules configured', 'nothing was saved');
  });

  it('keep the older paths and the preflight', async () => {
    expect((await api.post('/repositories/kept/gc/rules', valid)).status).toBe(204);
    expect((await api.get<GarbageCollectionRules>('/repositories/kept/gc/rules')).body).toEqual(valid);
    expect((await api.get<GarbageCollectionRules>('/repositories/kept/settings/gc_rules')).body).toEqual(valid);
    expect((await api.delete('/repositories/kept/gc/rules')).status).toBe(204);
    expect((await api.get('/repositories/kept/gc/rules')).status).toBe(404);
    expect((await api.get('/repositories/kept/gc/rules/set_allowed')).status).toBe(204);
    expect((await api.get('/repositories/nothing-here/gc/rules/set_allowed')).status).toBe(404);
  });

  it('are gone with their repository', async () => {
    await createRepo('short-lived');
    expect((await api.put('/repositories/short-lived/settings/gc_rules', valid)).status).toBe(204);
    expect((await api.delete('/repositories/short-lived')).status).toBe(204);
    await createRepo('short-lived', { storage_namespace: 'local://short-lived-2' });
    expect((await api.get('/repositories/short-lived/settings/gc_rules')).status).toBe(404);
  });

  it('run with the grace period the installation reports', async () => {
    expect((await api.get('/config/garbage-collection')).body).toEqual({ grace_period: 6 * 3600 });
  });
});
