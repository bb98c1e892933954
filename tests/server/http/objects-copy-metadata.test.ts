// copyObject and updateObjectUserMetadata over the real HTTP stack.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commit, ErrorBody, ObjectStats as Stats, Page } from '../../../server/http/wire';
import { objectPath, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const copy = (repo: string, branch: string, dest: string, body: unknown) =>
  api.post<Stats>(`/repositories/${repo}/branches/${branch}/objects/copy?dest_path=${encodeURIComponent(dest)}`, body);
const setMetadata = (repo: string, branch: string, path: string, body: unknown) =>
  api.put(`/repositories/${repo}/branches/${branch}/objects/stat/user_metadata?path=${encodeURIComponent(path)}`, body);
const stat = (repo: string, ref: string, path: string) =>
  api.get<Stats>(`/repositories/${repo}/refs/${ref}/objects/stat?path=${encodeURIComponent(path)}`);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'copies', storage_namespace: 'local://copies' })).status).toBe(201);
  expect((await api.post('/repositories', { name: 'frozen', storage_namespace: 'local://frozen', read_only: true })).status).toBe(201);
  await api.upload('copies', 'main', 'src/data.csv', 'a,b\n1,2\n', { 'content-type': 'text/csv', 'x-lakefs-meta-owner': 'team' });
  expect((await api.post<Commit>('/repositories/copies/branches/main/commits', { message: 'data' })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

describe('copyObject', () => {
  it('copies the data to a fresh address, keeping checksum, type and metadata', async () => {
    const source = (await stat('copies', 'main', 'src/data.csv')).body;
    const res = await copy('copies', 'main', 'dst/data.csv', { src_path: 'src/data.csv' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      path: 'dst/data.csv',
      path_type: 'object',
      checksum: md5('a,b\n1,2\n'),
      size_bytes: 8,
      content_type: 'text/csv',
      metadata: { owner: 'team' },
    });
    expect(res.body.physical_address).toMatch(/^local:\/\/copies\/data\//);
    expect(res.body.physical_address).not.toBe(source.physical_address);
    expect((await api.get<string>(objectPath('copies', 'main', 'dst/data.csv'))).body).toBe('a,b\n1,2\n');
    // The copy is a change of the branch like an upload.
    const diff = await api.get<Page<{ path: string; type: string }>>('/repositories/copies/branches/main/diff');
    expect(diff.body.results.map((d) => `${d.type} ${d.path}`)).toEqual(['added dst/data.csv']);
  });

  it('shares the data when shallow, and copies from any ref', async () => {
    const source = (await stat('copies', 'main', 'src/data.csv')).body;
    const shallow = await copy('copies', 'main', 'shallow.csv', { src_path: 'src/data.csv', shallow: true });
    expect(shallow.status).toBe(201);
    expect(shallow.body.physical_address).toBe(source.physical_address);
    const head = (await api.get<Commit>('/repositories/copies/commits/main')).body.id;
    await api.upload('copies', 'main', 'src/data.csv', 'changed');
    const fromCommit = await copy('copies', 'main', 'old.csv', { src_path: 'src/data.csv', src_ref: head });
    expect(fromCommit.status).toBe(201);
    expect((await api.get<string>(objectPath('copies', 'main', 'old.csv'))).body).toBe('a,b\n1,2\n');
    const fromStaging = await copy('copies', 'main', 'new.csv', { src_path: 'src/data.csv' });
    expect(fromStaging.body.checksum).toBe(md5('changed'));
  });

  it('answers 404 for a missing source path, ref or destination branch, 400 for a bad body', async () => {
    const missing = await copy('copies', 'main', 'x.csv', { src_path: 'nothing.csv' });
    expect(missing.status).toBe(404);
    expect((missing.body as unknown as ErrorBody).message).toBe('object not found');
    expect((await copy('copies', 'main', 'x.csv', { src_path: 'src/data.csv', src_ref: 'no-such-ref' })).status).toBe(404);
    const before = filesUnder(join(server.dataDir, 'blocks')).length;
    expect((await copy('copies', 'no-such-branch', 'x.csv', { src_path: 'src/data.csv', src_ref: 'main' })).status).toBe(404);
    // The data copied for a copy that could not be staged is removed again.
    expect(filesUnder(join(server.dataDir, 'blocks')).length).toBe(before);
    expect((await copy('copies', 'main', 'x.csv', {})).status).toBe(400);
    expect((await api.post('/repositories/copies/branches/main/objects/copy', { src_path: 'src/data.csv' })).status).toBe(400);
    expect((await copy('nowhere', 'main', 'x.csv', { src_path: 'a' })).status).toBe(404);
  });

  it('keeps paths that try to escape as plain keys, with data only inside the namespace', async () => {
    expect((await copy('copies', 'main', 'y.csv', { src_path: '../../metadata.db' })).status).toBe(404);
    const res = await copy('copies', 'main', '../../escape.csv', { src_path: 'src/data.csv' });
    expect(res.status).toBe(201);
    expect(res.body.physical_address).toMatch(/^local:\/\/copies\/data\//);
    expect((await api.get<string>(objectPath('copies', 'main', '../../escape.csv'))).body).toBe('changed');
    const outside = filesUnder(join(server.dataDir, 'blocks')).filter((f) => f.includes('escape'));
    expect(outside).toEqual([]);
  });

  it('refuses a read-only repository with 403 unless forced', async () => {
    const written = await api.post('/repositories/frozen/branches/main/objects?path=a.txt&force=true', 'a', { 'x-lakefs-meta-k': 'v' });
    expect(written.status).toBe(201);
    const refused = await copy('frozen', 'main', 'b.txt', { src_path: 'a.txt' });
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as ErrorBody).message).toBe('read-only repository');
    expect((await copy('frozen', 'main', 'b.txt', { src_path: 'a.txt', force: true })).status).toBe(201);
  });
});

describe('updateObjectUserMetadata', () => {
  it('replaces all user metadata of an object, leaving its data where it is', async () => {
    await api.upload('copies', 'main', 'meta.txt', 'm', { 'x-lakefs-meta-old': '1', 'x-lakefs-meta-keep': '2' });
    const before = (await stat('copies', 'main', 'meta.txt')).body;
    const res = await setMetadata('copies', 'main', 'meta.txt', { set: { keep: '3', fresh: 'yes' } });
    expect(res.status).toBe(201);
    expect(res.body).toBe('');
    const after = (await stat('copies', 'main', 'meta.txt')).body;
    expect(after.metadata).toEqual({ keep: '3', fresh: 'yes' });
    expect(after.physical_address).toBe(before.physical_address);
    expect(after.checksum).toBe(before.checksum);
    expect((await setMetadata('copies', 'main', 'meta.txt', { set: {} })).status).toBe(201);
    expect((await stat('copies', 'main', 'meta.txt')).body.metadata).toEqual({});
  });

  it('changes a committed object as a staged change', async () => {
    expect((await setMetadata('copies', 'main', 'src/data.csv', { set: { note: 'reviewed' } })).status).toBe(201);
    const diff = await api.get<Page<{ path: string; type: string }>>('/repositories/copies/branches/main/diff?prefix=src/');
    expect(diff.body.results.map((d) => `${d.type} ${d.path}`)).toEqual(['changed src/data.csv']);
    expect((await stat('copies', 'main@', 'src/data.csv')).body.metadata).toEqual({ owner: 'team' });
  });

  it('answers 404, 400 and 403 where it must', async () => {
    expect((await setMetadata('copies', 'main', 'absent.txt', { set: { a: 'b' } })).status).toBe(404);
    expect((await setMetadata('copies', 'main', '../../metadata.db', { set: { a: 'b' } })).status).toBe(404);
    expect((await setMetadata('copies', 'nope', 'meta.txt', { set: { a: 'b' } })).status).toBe(404);
    expect((await setMetadata('copies', 'main', 'meta.txt', { set: { a: 1 } })).status).toBe(400);
    expect((await setMetadata('copies', 'main', 'meta.txt', {})).status).toBe(400);
    const refused = await setMetadata('frozen', 'main', 'a.txt', { set: { k: 'changed' } });
    expect(refused.status).toBe(403);
    expect((await stat('frozen', 'main', 'a.txt')).body.metadata).toEqual({ k: 'v' });
  });
});
