// lakeFS's remaining internal calls over the real HTTP stack: tree file bytes (getMetadataObject), Hive symlink
// manifests (createSymlinkFile), block store properties (getUnderlyingProperties), linking data already in the
// namespace (stageObject), commit records stored as given (CreateCommitRecord) and the usage report.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCommitId } from '../../../server/graveler/commit-id';
import { decodeRange } from '../../../server/graveler/range-codec';
import type {
  Commit,
  CommitRecordCreation,
  ErrorBody,
  InstallationUsageReport,
  ObjectStageCreation,
  ObjectStats,
  Page,
  StorageURI,
  UnderlyingObjectProperties,
} from '../../../server/http/wire';
import { client, objectPath, setupAdmin, startTestServer, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;

const blocksOf = (namespace: string) => join(server.dataDir, 'blocks', namespace);
const stat = async (repo: string, ref: string, path: string) =>
  (await api.get<ObjectStats>(`/repositories/${repo}/refs/${ref}/objects/stat?path=${encodeURIComponent(path)}`)).body;
const headOf = async (repo: string, ref: string) => (await api.get<Commit>(`/repositories/${repo}/commits/${ref}`)).body;

async function commit(repo: string, branch: string, message: string): Promise<Commit> {
  const res = await api.post<Commit>(`/repositories/${repo}/branches/${branch}/commits`, { message });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function upload(repo: string, branch: string, path: string, content: string): Promise<void> {
  const res = await api.upload(repo, branch, path, content);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  for (const name of ['inner', 'other', 'inner-evil']) {
    expect((await api.post('/repositories', { name, storage_namespace: `local://${name}` })).status).toBe(201);
  }
  expect((await api.post('/repositories', { name: 'frozen', storage_namespace: 'local://frozen', read_only: true })).status).toBe(201);
  await upload('inner', 'main', 'root.txt', 'root');
  await upload('inner', 'main', 'tables/t1/p=1/a.csv', 'a');
  await upload('inner', 'main', 'tables/t1/p=1/b.csv', 'b');
  await upload('inner', 'main', 'tables/t1/p=2/c.csv', 'c');
  await commit('inner', 'main', 'tables');
  await upload('other', 'main', 'secret.txt', 'not yours');
  await commit('other', 'main', 'secret');
});
afterAll(async () => {
  await server.close();
});

describe('getMetadataObject', () => {
  const metadataObject = (repo: string, type: string, id: string, query = '') =>
    api.raw(`/repositories/${repo}/metadata/object/${type}/${id}${query}`);

  it('answers the bytes of a metarange and of a range, whose content is named by their id', async () => {
    const metaRangeId = (await headOf('inner', 'main')).meta_range_id;
    const rangeId = readdirSync(join(blocksOf('inner'), '_tarn', 'ranges'))[0] as string;
    for (const [type, id, folder] of [['meta_range', metaRangeId, 'metaranges'], ['range', rangeId, 'ranges']] as const) {
      const res = await metadataObject('inner', type, id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      expect(bytes.equals(readFileSync(join(blocksOf('inner'), '_tarn', folder, id)))).toBe(true);
      // A metarange is named by the hash of its bytes; a range by that of its header and index of block hashes.
      expect(type === 'range' ? decodeRange(bytes).id : createHash('sha256').update(bytes).digest('hex')).toBe(id);
    }
    // Tarn never presigns: the bytes come all the same.
    expect((await metadataObject('inner', 'meta_range', metaRangeId, '?presign=true')).status).toBe(200);
  });

  it('answers 404 for unknown ids, ids of the other kind and anything that is not a content id', async () => {
    const metaRangeId = (await headOf('inner', 'main')).meta_range_id;
    const unknown = [
      ['meta_range', '0'.repeat(64)],
      ['range', metaRangeId],
      ['meta_range', metaRangeId.toUpperCase()],
      ['meta_range', 'abc'],
      ['range', `..%2F..%2F..%2Fother%2F_tarn%2Fmetaranges%2F${metaRangeId}`],
    ];
    for (const [type, id] of unknown) {
      const res = await metadataObject('inner', type as string, id as string);
      expect(res.status, `${type} ${id}`).toBe(404);
      expect(((await res.json()) as ErrorBody).message).toMatch(/not found/);
    }
    // Another repository's file is not this repository's, even with a valid id.
    expect((await metadataObject('other', 'meta_range', metaRangeId)).status).toBe(404);
    expect((await metadataObject('no-such-repo', 'meta_range', metaRangeId)).status).toBe(404);
  });

  it('refuses a type other than range or meta_range', async () => {
    const res = await metadataObject('inner', 'metarange', '0'.repeat(64));
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).message).toMatch(/type/);
  });
});

describe('getUnderlyingProperties', () => {
  const properties = (repo: string, ref: string, path: string) =>
    api.get<UnderlyingObjectProperties & ErrorBody>(`/repositories/${repo}/refs/${ref}/objects/underlyingProperties?path=${encodeURIComponent(path)}`);

  it('answers a null storage class: the local folder has none', async () => {
    const head = await headOf('inner', 'main');
    expect(await properties('inner', 'main', 'root.txt')).toMatchObject({ status: 200, body: { storage_class: null } });
    expect(await properties('inner', head.id, 'tables/t1/p=1/a.csv')).toMatchObject({ status: 200, body: { storage_class: null } });
  });

  it('answers 404 for missing objects, refs and repositories, 400 without a path', async () => {
    expect((await properties('inner', 'main', 'missing.txt')).status).toBe(404);
    expect((await properties('inner', 'no-branch', 'root.txt')).status).toBe(404);
    expect((await properties('no-such-repo', 'main', 'root.txt')).status).toBe(404);
    expect((await api.get('/repositories/inner/refs/main/objects/underlyingProperties')).status).toBe(400);
  });

  it('answers 410 when the object’s data is gone from the block store', async () => {
    await upload('inner', 'main', 'lost.txt', 'soon gone');
    const address = (await stat('inner', 'main', 'lost.txt')).physical_address;
    rmSync(join(blocksOf('inner'), address.slice('local://inner/'.length)));
    expect(await properties('inner', 'main', 'lost.txt')).toMatchObject({ status: 410, body: { message: 'No data' } });
    await api.delete('/repositories/inner/branches/main/objects?path=lost.txt');
  });
});

describe('stageObject', () => {
  const stage = (repo: string, branch: string, path: string, body: Partial<ObjectStageCreation> | Record<string, unknown>) =>
    api.put<ObjectStats & ErrorBody>(`/repositories/${repo}/branches/${branch}/objects?path=${encodeURIComponent(path)}`, body);
  const uncommitted = async (repo: string) =>
    (await api.get<Page<{ path: string; type: string }>>(`/repositories/${repo}/branches/main/diff`)).body.results.map((d) => `${d.type} ${d.path}`);

  it('links data written straight to the namespace to a path, which then reads like an upload', async () => {
    const folder = join(blocksOf('inner'), 'data', 'external');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'part-0.parquet'), 'columnar bytes');
    const res = await stage('inner', 'main', 'linked/part-0.parquet', {
      physical_address: 'local://inner/data/external/part-0.parquet',
      checksum: 'etag-1',
      size_bytes: 14,
      mtime: 1_700_000_000,
      content_type: 'application/x-parquet',
      metadata: { source: 'spark' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      path: 'linked/part-0.parquet',
      path_type: 'object',
      physical_address: 'local://inner/data/external/part-0.parquet',
      checksum: 'etag-1',
      size_bytes: 14,
      mtime: 1_700_000_000,
      content_type: 'application/x-parquet',
      metadata: { source: 'spark' },
    });
    expect((await api.get<string>(objectPath('inner', 'main', 'linked/part-0.parquet'))).body).toBe('columnar bytes');
    expect(await stat('inner', 'main', 'linked/part-0.parquet')).toMatchObject({ checksum: 'etag-1', metadata: { source: 'spark' } });
    expect(await uncommitted('inner')).toEqual(['added linked/part-0.parquet']);
    await api.put('/repositories/inner/branches/main', { type: 'reset' });
  });

  it('links the data of an object of the same repository to a second path', async () => {
    const source = await stat('inner', 'main', 'root.txt');
    const res = await stage('inner', 'main', 'again.txt', {
      physical_address: source.physical_address,
      checksum: source.checksum,
      size_bytes: 4,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.physical_address).toBe(source.physical_address);
    expect((await api.get<string>(objectPath('inner', 'main', 'again.txt'))).body).toBe('root');
    await api.put('/repositories/inner/branches/main', { type: 'reset' });
  });

  it('refuses any address outside the repository’s namespace, its own metadata and traversals, staging nothing', async () => {
    const secret = await stat('other', 'main', 'secret.txt');
    const secretKey = secret.physical_address.slice('local://other/'.length);
    const metaRangeId = (await headOf('inner', 'main')).meta_range_id;
    const forbidden = [
      secret.physical_address,
      `local://inner-evil/${secretKey}`,
      `local://inner/_tarn/metaranges/${metaRangeId}`,
      'local://inner/_lakefs/retention/gc/commits/run_id=x/commits.csv',
      'local://inner/',
      'local://inner',
      '/etc/passwd',
      'file:///etc/passwd',
      's3://bucket/key',
      `LOCAL://inner/${secretKey}`,
    ];
    for (const address of forbidden) {
      const res = await stage('inner', 'main', 'stolen.txt', { physical_address: address, checksum: 'x', size_bytes: 9 });
      expect(res.status, address).toBe(403);
      expect(res.body.message, address).toMatch(/physical address must/);
    }
    const malformed = [
      `local://inner/../other/${secretKey}`,
      `local://inner/data/../../other/${secretKey}`,
      `local://inner//${secretKey}`,
      `local://inner/./${secretKey}`,
      `local://inner/data\\..\\..\\other\\${secretKey}`,
      'local://inner/data/nothing-here',
    ];
    for (const address of malformed) {
      const res = await stage('inner', 'main', 'stolen.txt', { physical_address: address, checksum: 'x', size_bytes: 9 });
      expect(res.status, address).toBe(400);
      expect(res.body.message.length, address).toBeGreaterThan(0);
    }
    expect(await uncommitted('inner')).toEqual([]);
  });

  it('refuses a size that is not the size of the data', async () => {
    const source = await stat('inner', 'main', 'root.txt');
    const res = await stage('inner', 'main', 'wrong-size.txt', { physical_address: source.physical_address, checksum: 'x', size_bytes: 5 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/size_bytes is 5, but .* 4 bytes/);
  });

  it('refuses a read-only repository unless forced', async () => {
    const forced = await api.raw(`/repositories/frozen/branches/main/objects?path=seed.txt&force=true`, { method: 'POST', body: 'seed' });
    expect(forced.status).toBe(201);
    const address = ((await forced.json()) as ObjectStats).physical_address;
    const body = { physical_address: address, checksum: 'c', size_bytes: 4 };
    expect(await stage('frozen', 'main', 'linked.txt', body)).toMatchObject({ status: 403, body: { message: 'read-only repository' } });
    expect((await stage('frozen', 'main', 'linked.txt', { ...body, force: true })).status).toBe(201);
  });

  it('answers 404 for a missing branch or repository and 400 for bad bodies', async () => {
    const source = await stat('inner', 'main', 'root.txt');
    const body = { physical_address: source.physical_address, checksum: source.checksum, size_bytes: 4 };
    expect((await stage('inner', 'no-branch', 'x.txt', body)).status).toBe(404);
    expect((await stage('no-such-repo', 'main', 'x.txt', body)).status).toBe(404);
    for (const bad of [{ ...body, checksum: undefined }, { ...body, size_bytes: -1 }, { ...body, size_bytes: '4' }, { ...body, physical_address: '' }, { ...body, metadata: { k: 1 } }]) {
      expect((await stage('inner', 'main', 'x.txt', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await api.put('/repositories/inner/branches/main/objects', body)).status).toBe(400);
    expect(await uncommitted('inner')).toEqual([]);
  });
});

describe('createSymlinkFile', () => {
  const symlinks = (repo: string, branch: string, location?: string) =>
    api.post<StorageURI & ErrorBody>(`/repositories/${repo}/refs/${branch}/symlink${location === undefined ? '' : `?location=${encodeURIComponent(location)}`}`);
  const manifest = (repo: string, branch: string, dir: string) =>
    join(blocksOf(repo), '_lakefs', 'symlinks', repo, branch, ...(dir ? dir.split('/') : []), 'symlink.txt');
  const addressesOf = async (repo: string, ref: string, paths: string[]) => Promise.all(paths.map(async (p) => (await stat(repo, ref, p)).physical_address));

  it('writes one manifest per directory with objects, listing their physical addresses, staged ones included', async () => {
    expect((await api.post('/repositories/inner/branches', { name: 'hive', source: 'main' })).status).toBe(201);
    await upload('inner', 'hive', 'tables/t1/p=2/d.csv', 'd');
    const res = await symlinks('inner', 'hive');
    expect(res).toMatchObject({ status: 201, body: { location: 'local://inner/_lakefs/symlinks' } });
    const read = (dir: string) => readFileSync(manifest('inner', 'hive', dir), 'utf8').split('\n');
    expect(read('')).toEqual(await addressesOf('inner', 'hive', ['root.txt']));
    expect(read('tables/t1/p=1')).toEqual(await addressesOf('inner', 'hive', ['tables/t1/p=1/a.csv', 'tables/t1/p=1/b.csv']));
    expect(read('tables/t1/p=2')).toEqual(await addressesOf('inner', 'hive', ['tables/t1/p=2/c.csv', 'tables/t1/p=2/d.csv']));
    // Directories holding only directories get none.
    expect(existsSync(manifest('inner', 'hive', 'tables'))).toBe(false);
    expect(existsSync(manifest('inner', 'hive', 'tables/t1'))).toBe(false);
    // They are files of the namespace, not objects of the branch.
    const listed = await api.get<Page<ObjectStats>>('/repositories/inner/refs/hive/objects/ls?prefix=_lakefs');
    expect(listed.body.results).toEqual([]);
  });

  it('writes only the directories under the location', async () => {
    expect((await api.post('/repositories/inner/branches', { name: 'part', source: 'main' })).status).toBe(201);
    expect((await symlinks('inner', 'part', 'tables/t1/p=1/')).status).toBe(201);
    expect(existsSync(manifest('inner', 'part', 'tables/t1/p=1'))).toBe(true);
    expect(existsSync(manifest('inner', 'part', 'tables/t1/p=2'))).toBe(false);
    expect(existsSync(manifest('inner', 'part', ''))).toBe(false);
    // A location with no objects writes nothing, and is not an error.
    expect((await symlinks('inner', 'part', 'nothing/here/')).status).toBe(201);
  });

  it('lists a directory of more than one page in one manifest', async () => {
    expect((await api.post('/repositories/inner/branches', { name: 'big', source: 'main' })).status).toBe(201);
    const paths = Array.from({ length: 1003 }, (_, i) => `big/part-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < paths.length; i += 25) {
      await Promise.all(paths.slice(i, i + 25).map((p) => upload('inner', 'big', p, p)));
    }
    expect((await symlinks('inner', 'big', 'big/')).status).toBe(201);
    const lines = readFileSync(manifest('inner', 'big', 'big'), 'utf8').split('\n');
    expect(lines).toHaveLength(1003);
    expect(new Set(lines).size).toBe(1003);
    const listing = await api.get<Page<ObjectStats>>('/repositories/inner/refs/big/objects/ls?prefix=big/&amount=1000');
    expect(lines.slice(0, 1000)).toEqual(listing.body.results.map((o) => o.physical_address));
  });

  it('refuses a directory that cannot be a folder of the namespace with a 400 naming it', async () => {
    expect((await api.post('/repositories/inner/branches', { name: 'odd', source: 'main' })).status).toBe(201);
    await upload('inner', 'odd', 'odd//x.txt', 'x');
    const res = await symlinks('inner', 'odd', 'odd/');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/symlink file of directory "odd\/"/);
  });

  it('answers 404 for a missing branch (a tag or commit is not a branch) or repository', async () => {
    expect((await api.post('/repositories/inner/tags', { id: 'v1', ref: 'main' })).status).toBe(201);
    expect((await symlinks('inner', 'v1')).status).toBe(404);
    expect((await symlinks('inner', 'no-branch')).status).toBe(404);
    expect((await symlinks('no-such-repo', 'main')).status).toBe(404);
    expect((await symlinks('inner', 'not.a.branch')).status).toBe(400);
  });
});

describe('CreateCommitRecord', () => {
  const create = (repo: string, body: Partial<CommitRecordCreation> | Record<string, unknown>) =>
    api.post<ErrorBody>(`/repositories/${repo}/commits`, body);

  /** A record with the id Tarn computes for it. */
  function record(fields: Omit<CommitRecordCreation, 'commit_id'>): CommitRecordCreation {
    const commitId = computeCommitId({
      parents: fields.parents,
      committer: fields.committer,
      message: fields.message,
      creationDate: fields.creation_date,
      metaRangeId: fields.metarange_id,
      metadata: fields.metadata ?? {},
    });
    return { ...fields, commit_id: commitId };
  }

  async function childOfMain(message: string): Promise<CommitRecordCreation> {
    const head = await headOf('inner', 'main');
    return record({
      version: 1,
      committer: 'importer',
      message,
      metarange_id: head.meta_range_id,
      creation_date: 1_700_000_000,
      parents: [head.id],
      metadata: { source: 'elsewhere' },
      generation: (head.generation ?? 0) + 1,
    });
  }

  it('stores the record as given, without moving a branch; a branch can then start from it', async () => {
    const mainBefore = (await headOf('inner', 'main')).id;
    const body = await childOfMain('copied');
    expect((await create('inner', body)).status).toBe(204);
    expect((await headOf('inner', 'main')).id).toBe(mainBefore);
    expect((await api.get<Commit>(`/repositories/inner/commits/${body.commit_id}`)).body).toEqual({
      id: body.commit_id,
      parents: body.parents,
      committer: 'importer',
      message: 'copied',
      creation_date: 1_700_000_000,
      meta_range_id: body.metarange_id,
      metadata: { source: 'elsewhere' },
      generation: body.generation,
      version: 1,
    });
    expect((await api.post('/repositories/inner/branches', { name: 'from-record', source: body.commit_id })).status).toBe(201);
    expect((await api.get<string>(objectPath('inner', 'from-record', 'tables/t1/p=1/a.csv'))).body).toBe('a');
    const log = await api.get<Page<Commit>>('/repositories/inner/refs/from-record/commits?amount=2');
    expect(log.body.results.map((c) => c.id)).toEqual([body.commit_id, mainBefore]);
  });

  it('refuses a commit it already has, even the same record again, as lakeFS does', async () => {
    const body = await childOfMain('twice');
    expect((await create('inner', body)).status).toBe(204);
    expect(await create('inner', body)).toMatchObject({ status: 409, body: { message: 'commit already exists' } });
    expect((await create('inner', { ...body, generation: body.generation + 1 })).status).toBe(409);
    // A commit the repository made itself is refused the same way.
    const head = await headOf('inner', 'main');
    const made = record({
      version: head.version ?? 1,
      committer: head.committer,
      message: head.message,
      metarange_id: head.meta_range_id,
      creation_date: head.creation_date,
      parents: head.parents,
      metadata: head.metadata ?? {},
      generation: head.generation ?? 1,
    });
    expect(made.commit_id).toBe(head.id);
    expect((await create('inner', made)).status).toBe(409);
  });

  it('takes a first commit with the empty tree and no parents', async () => {
    const body = record({ version: 1, committer: '', message: 'Repository created', metarange_id: '', creation_date: 1, parents: [], generation: 1 });
    expect((await create('inner', body)).status).toBe(204);
    expect((await api.get<Commit>(`/repositories/inner/commits/${body.commit_id}`)).body.meta_range_id).toBe('');
  });

  it('refuses an id that is not the id of the record’s content', async () => {
    const body = await childOfMain('forged');
    for (const commitId of ['0'.repeat(64), body.commit_id.toUpperCase(), 'main', '']) {
      const res = await create('inner', { ...body, commit_id: commitId });
      expect(res.status, commitId).toBe(400);
      expect(res.body.message, commitId).toMatch(/commit_id/);
    }
    const tampered = await create('inner', { ...body, message: 'not what was hashed' });
    expect(tampered).toMatchObject({ status: 400, body: { message: `commit_id does not match the record: its content gives ${record({ ...body, message: 'not what was hashed' }).commit_id}` } });
    expect((await api.get(`/repositories/inner/commits/${body.commit_id}`)).status).toBe(404);
  });

  it('refuses a metarange the repository lacks, unknown parents and a generation not above its parents’', async () => {
    const base = await childOfMain('broken');
    const { commit_id: _, ...fields } = base;
    const cases: Array<[Omit<CommitRecordCreation, 'commit_id'>, RegExp]> = [
      [{ ...fields, metarange_id: 'a'.repeat(64) }, /metarange not found/],
      [{ ...fields, metarange_id: '../../other/_tarn/metaranges/x' }, /metarange not found/],
      [{ ...fields, parents: ['b'.repeat(64)] }, /parent commit b+ not found/],
      [{ ...fields, generation: fields.generation - 1 }, /generation .* must be greater/],
    ];
    for (const [f, message] of cases) {
      const res = await create('inner', record(f));
      expect(res.status, JSON.stringify(f)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    // Another repository's metarange is not this repository's.
    const otherTree = (await headOf('other', 'main')).meta_range_id;
    expect((await create('inner', record({ ...fields, metarange_id: otherTree }))).body.message).toBe('metarange not found');
  });

  it('refuses a read-only repository unless forced', async () => {
    const body = record({ version: 1, committer: 'x', message: 'root', metarange_id: '', creation_date: 2, parents: [], generation: 1 });
    expect(await create('frozen', body)).toMatchObject({ status: 403, body: { message: 'read-only repository' } });
    expect((await create('frozen', { ...body, force: true })).status).toBe(204);
  });

  it('answers 404 for a missing repository and 400 for bad bodies', async () => {
    const body = await childOfMain('bodies');
    expect((await create('no-such-repo', body)).status).toBe(404);
    const { generation: _, ...withoutGeneration } = body;
    for (const bad of [withoutGeneration, { ...body, version: 2 }, { ...body, parents: 'x' }, { ...body, creation_date: -1 }, { ...body, generation: 0 }, { ...body, metadata: { k: 1 } }]) {
      expect((await create('inner', bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('getUsageReportSummary', () => {
  let usageServer: TestServer;
  let authorization: string;

  beforeAll(async () => {
    usageServer = await startTestServer();
    ({ authorization } = await setupAdmin(usageServer));
  });
  afterAll(async () => {
    await usageServer.close();
  });

  const summary = async (server: TestServer) => {
    const res = await client(server, authorization).get<InstallationUsageReport>('/usage-report/summary');
    expect(res.status).toBe(200);
    return res.body;
  };
  const total = (report: InstallationUsageReport) => report.reports.reduce((sum, r) => sum + r.count, 0);

  it('counts every authenticated call per month, and no anonymous or refused one', async () => {
    const before = await summary(usageServer);
    expect(before.installation_id).toMatch(/^[0-9a-f-]{36}$/);
    const user = client(usageServer, authorization);
    expect((await user.get('/repositories')).status).toBe(200);
    expect((await user.get('/repositories/none')).status).toBe(404);
    expect((await user.get('/config')).status).toBe(200);
    expect((await fetch(`${usageServer.api}/repositories`)).status).toBe(401);
    expect((await client(usageServer, 'Basic AAAA').get('/repositories')).status).toBe(401);
    expect((await fetch(`${usageServer.api}/healthcheck`)).status).toBe(204);
    const after = await summary(usageServer);
    // Three calls and the summary itself.
    expect(total(after)).toBe(total(before) + 4);
    expect(after.installation_id).toBe(before.installation_id);
    const now = new Date();
    const last = after.reports[after.reports.length - 1];
    expect(last).toEqual({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, count: expect.any(Number) });
  });

  it('keeps the counts and the installation id across restarts', async () => {
    const before = await summary(usageServer);
    const { dataDir } = usageServer;
    await usageServer.close(true);
    usageServer = await startTestServer(dataDir);
    const after = await summary(usageServer);
    expect(after.installation_id).toBe(before.installation_id);
    expect(total(after)).toBe(total(before) + 1);
  });

  it('answers only an authenticated caller', async () => {
    expect((await fetch(`${usageServer.api}/usage-report/summary`)).status).toBe(401);
  });
});
