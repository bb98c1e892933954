// Creating a repository is all or nothing: a namespace the block store cannot hold is refused up front, and a
// creation that fails midway leaves no repository, no records, no namespace claim and no object data behind.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteKv, scanAll } from '../../../server/kv';
import type { ErrorBody } from '../../../server/http/wire';
import { startWithAdmin, type Client, type Page, type TestServer } from './harness';

let server: TestServer;
let api: Client;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
});
afterAll(async () => {
  await server.close();
});

const namespaceDir = (name: string) => join(server.dataDir, 'blocks', name);

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every metadata key that mentions the repository (read through a second connection, as WAL allows). */
async function recordsOf(id: string): Promise<string[]> {
  const kv = openSqliteKv({ path: join(server.dataDir, 'metadata.db') });
  try {
    const found: string[] = [];
    for await (const entry of scanAll(kv, { prefix: 'graveler/' })) if (entry.key.includes(`/${id}`)) found.push(entry.key);
    return found;
  } finally {
    await kv.close();
  }
}

/**
 * The id is unknown to every call, and can be created again with its namespace, ready to commit (on a branch of its
 * own: the sample protects its default branch).
 */
async function expectGoneAndReusable(id: string): Promise<void> {
  expect((await api.get(`/repositories/${id}`)).status).toBe(404);
  const listed = await api.get<Page<{ id: string }>>('/repositories');
  expect(listed.body.results.map((r) => r.id)).not.toContain(id);
  expect(await recordsOf(id)).toEqual([]);
  expect(existsSync(join(namespaceDir(id), '_tarn', 'dummy'))).toBe(false);
  const again = await api.post('/repositories', { name: id, storage_namespace: `local://${id}`, sample_data: true });
  expect(again.status).toBe(201);
  expect((await api.post(`/repositories/${id}/branches`, { name: 'more', source: 'main' })).status).toBe(201);
  expect((await api.upload(id, 'more', 'more.txt', 'more')).status).toBe(201);
  expect((await api.post(`/repositories/${id}/branches/more/commits`, { message: 'works' })).status).toBe(201);
}

describe('the storage id', () => {
  it("names Tarn's one store: empty, as lakeFS's default; any other is a 400 and creates nothing", async () => {
    const refused = await api.post<ErrorBody>('/repositories', { name: 'elsewhere', storage_id: 'archive', storage_namespace: 'local://elsewhere' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'storage id: invalid value' });
    expect((await api.get('/repositories/elsewhere')).status).toBe(404);
    const made = await api.post<{ id: string; storage_id: string }>('/repositories', { name: 'default-store', storage_id: '', storage_namespace: 'local://default-store' });
    expect(made.status).toBe(201);
    expect(made.body.storage_id).toBe('');
    expect((await api.get<{ storage_id: string }>('/repositories/default-store')).body.storage_id).toBe('');
  });
});

describe('a storage namespace too long to hold', () => {
  it('is refused with a 400 naming the namespace, and leaves no repository behind', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ storage_namespace: `local://${'a'.repeat(300)}` }, /storage namespace has a path segment longer than 255 bytes/],
      [{ storage_namespace: `local://${'a'.repeat(300)}`, read_only: true }, /storage namespace has a path segment longer/],
      [{ storage_namespace: `local://${'a'.repeat(300)}`, sample_data: true }, /storage namespace has a path segment longer/],
      [{ storage_namespace: `local://${'abcdefgh/'.repeat(445)}x` }, /storage_namespace: must be at most 1024 characters/],
    ];
    for (const [body, message] of cases) {
      const res = await api.post<ErrorBody>('/repositories', { name: 'too-long', ...body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
      expect((await api.get('/repositories/too-long')).status).toBe(404);
    }
    await expectGoneAndReusable('too-long');
  });
});

describe('a creation that fails after the repository record', () => {
  it('removes everything when the sample data cannot be stored', async () => {
    // A file where the data folder belongs makes every sample upload fail.
    mkdirSync(namespaceDir('no-data'), { recursive: true });
    writeFileSync(join(namespaceDir('no-data'), 'data'), 'in the way');
    const res = await api.post('/repositories', { name: 'no-data', storage_namespace: 'local://no-data', sample_data: true });
    expect(res.status).toBe(500);
    rmSync(join(namespaceDir('no-data'), 'data'));
    await expectGoneAndReusable('no-data');
  });

  it('removes everything, uploaded sample data included, when the sample commit fails', async () => {
    // A file where committed trees belong lets the uploads through and makes the commit fail.
    mkdirSync(join(namespaceDir('no-commit'), '_tarn'), { recursive: true });
    writeFileSync(join(namespaceDir('no-commit'), '_tarn', 'ranges'), 'in the way');
    const res = await api.post('/repositories', { name: 'no-commit', storage_namespace: 'local://no-commit', sample_data: true });
    expect(res.status).toBe(500);
    expect(filesUnder(join(namespaceDir('no-commit'), 'data'))).toEqual([]);
    rmSync(join(namespaceDir('no-commit'), '_tarn', 'ranges'));
    await expectGoneAndReusable('no-commit');
  });
});
