import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteKv, scanAll } from '../../../server/kv';
import { join } from 'node:path';
import type { ErrorBody, Repository as Repo } from '../../../server/http/wire';
import { client, objectPath, startTestServer, startWithAdmin, type Client, type Page, type TestServer } from './harness';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';

let server: TestServer;
let api: Client;
let authorization = '';

beforeAll(async () => {
  ({ server, authorization, api } = await startWithAdmin());
});
afterAll(async () => {
  await server.close();
});

const create = (name: string, extra: Record<string, unknown> = {}) =>
  api.post<Repo>('/repositories', { name, storage_namespace: `local://${name}`, ...extra });

describe('repositories', () => {
  it('creates, gets and lists a repository with main as the default branch', async () => {
    const res = await create('alpha');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 'alpha', storage_namespace: 'local://alpha', default_branch: 'main', read_only: false });
    const got = await api.get<Repo>('/repositories/alpha');
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    const branches = await api.get<Page<{ id: string }>>('/repositories/alpha/branches');
    expect(branches.body.results.map((b) => b.id)).toEqual(['main']);
  });

  it('honours a custom default branch and refuses duplicates', async () => {
    const res = await create('beta', { default_branch: 'trunk' });
    expect(res.body.default_branch).toBe('trunk');
    const again = await create('beta');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'repository already exists' });
  });

  it('pages with after, amount, prefix and search', async () => {
    for (const name of ['page-a', 'page-b', 'page-c', 'page-d', 'page-e']) expect((await create(name)).status).toBe(201);
    const first = await api.get<Page<Repo>>('/repositories?prefix=page-&amount=2');
    expect(first.body.results.map((r) => r.id)).toEqual(['page-a', 'page-b']);
    expect(first.body.pagination).toEqual({ has_more: true, next_offset: 'page-b', results: 2, max_per_page: 1000 });
    const second = await api.get<Page<Repo>>(`/repositories?prefix=page-&amount=2&after=${first.body.pagination.next_offset}`);
    expect(second.body.results.map((r) => r.id)).toEqual(['page-c', 'page-d']);
    const last = await api.get<Page<Repo>>('/repositories?prefix=page-&amount=2&after=page-d');
    expect(last.body.results.map((r) => r.id)).toEqual(['page-e']);
    expect(last.body.pagination).toMatchObject({ has_more: false, next_offset: '' });
    const search = await api.get<Page<Repo>>('/repositories?search=ge-c');
    expect(search.body.results.map((r) => r.id)).toEqual(['page-c']);
    const zero = await api.get<Page<Repo>>('/repositories?amount=0');
    expect(zero.body.results.length).toBeGreaterThanOrEqual(7);
    const most = await api.get<Page<Repo>>('/repositories?amount=1000');
    expect(most.status).toBe(200);
    expect(most.body.pagination.max_per_page).toBe(1000);
    // lakeFS's request check holds amount to its schema's bounds, -1 to 1000.
    expect((await api.get('/repositories?amount=5000')).status).toBe(400);
  });

  it('rejects bad names, namespaces and bodies with a 400 naming the problem', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ name: 'AB', storage_namespace: 'local://ab' }, /repository id/],
      [{ name: 'has_underscore', storage_namespace: 'local://x' }, /repository id/],
      [{ name: 'good-name', storage_namespace: 'ftp://x' }, /storage_namespace/],
      [{ name: 'good-name', storage_namespace: 's3://bucket/x' }, /local:\/\//],
      [{ name: 'good-name' }, /storage_namespace/],
      [{ storage_namespace: 'local://x' }, /name/],
      [{ name: 'good-name', storage_namespace: 'local://x', sample_data: 'yes' }, /sample_data/],
      [{ name: 'good-name', storage_namespace: 'local://x', default_branch: 'bad branch' }, /branch/],
      [{ name: 'good-name', storage_namespace: 'local://../../etc' }, /namespace/],
      [[1, 2], /request body/],
    ];
    for (const [body, message] of cases) {
      const res = await api.post<ErrorBody>('/repositories', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    const malformed = await api.post<ErrorBody>('/repositories', '{"name":', { 'content-type': 'application/json' });
    expect(malformed.status).toBe(400);
    expect((await api.get('/repositories/good-name')).status).toBe(404);
  });

  it('creates a bare repository with no branch', async () => {
    const res = await api.post<Repo>('/repositories?bare=true', { name: 'bare-one', storage_namespace: 'local://bare-one' });
    expect(res.status).toBe(201);
    expect((await api.get('/repositories/bare-one/branches/main')).status).toBe(404);
    const conflict = await api.post('/repositories?bare=true', { name: 'bare-two', storage_namespace: 'local://bare-two', sample_data: true });
    expect(conflict.status).toBe(400);
    expect((await api.post('/repositories?bare=perhaps', { name: 'bare-two', storage_namespace: 'local://bare-two' })).status).toBe(400);
  });

  it('answers 404 for a missing repository and 400 for a malformed id', async () => {
    const missing = await api.get<ErrorBody>('/repositories/no-such-repo');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('repository not found');
    expect((await api.get('/repositories/BAD')).status).toBe(400);
    expect((await api.delete('/repositories/no-such-repo')).status).toBe(404);
  });

  it('deletes a repository', async () => {
    expect((await create('doomed')).status).toBe(201);
    expect((await api.delete('/repositories/doomed')).status).toBe(204);
    expect((await api.get('/repositories/doomed')).status).toBe(404);
    // Object data outlives the repository, so its namespace stays taken; the name itself is free again.
    const reuse = await create('doomed');
    expect(reuse.status).toBe(400);
    expect((reuse.body as unknown as { message: string }).message).toMatch(/in use/);
    expect((await api.post('/repositories', { name: 'doomed', storage_namespace: 'local://doomed-2' })).status).toBe(201);
  });

  it('creates sample data laid out as the quickstart sample: README, lakes.parquet, data/ and images/', async () => {
    const res = await create('quickstart', { sample_data: true });
    expect(res.status).toBe(201);
    const log = await api.get<Page<{ message: string; committer: string }>>('/repositories/quickstart/refs/main/commits');
    expect(log.body.results[0]).toMatchObject({ message: 'Add sample data', committer: 'admin' });
    const top = await api.get<Page<{ path: string; path_type: string }>>('/repositories/quickstart/refs/main/objects/ls?delimiter=/');
    expect(top.body.results.map((r) => r.path)).toEqual(['README.md', 'data/', 'images/', 'lakes.parquet']);

    const readme = await api.get<string>(objectPath('quickstart', 'main', 'README.md'));
    expect(readme.headers.get('content-type')).toMatch(/markdown/);
    expect(/^#\s+(.+)$/m.exec(readme.body)?.[1]).toBe('Welcome to the Lake!');
    expect(readme.body).toContain("READ_PARQUET('lakefs://quickstart/main/lakes.parquet')");
    expect(readme.body, 'every placeholder is filled in').not.toMatch(/\{\{/);
    const image = /!\[[^\]]*\]\(([^)]+)\)/.exec(readme.body)?.[1];
    expect(image).toBe('images/lake.png');
    const png = new Uint8Array(await (await api.raw(objectPath('quickstart', 'main', image!))).arrayBuffer());
    expect(Buffer.from(png.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    expect(Buffer.from(png.subarray(12, 16)).toString('latin1')).toBe('IHDR');
    expect(png.length).toBeLessThan(150 * 1024);

    const csv = await api.get<string>(objectPath('quickstart', 'main', 'data/lakes.csv'));
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\n');
    const columns = ['lake_name', 'country', 'region', 'continent', 'type', 'area_km2', 'max_depth_m', 'elevation_m'];
    expect(lines[0]).toBe(columns.join(','));
    expect(lines.length - 1).toBeGreaterThanOrEqual(2000);

    const parquet = await (await api.raw(objectPath('quickstart', 'main', 'lakes.parquet'))).arrayBuffer();
    const metadata = parquetMetadata(parquet);
    expect(Number(metadata.num_rows)).toBe(lines.length - 1);
    expect(metadata.schema.slice(1).map((c) => c.name)).toEqual(columns);
    expect(readme.body).toContain(`${(lines.length - 1).toLocaleString('en-US')} rows`);
    const rows = (await parquetReadObjects({ file: parquet })) as Array<Record<string, string | number | null>>;
    expect(rows).toHaveLength(lines.length - 1);
    expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThanOrEqual(50);
    const baikal = rows.find((r) => r.lake_name === 'Lake Baikal');
    expect(baikal).toMatchObject({ country: 'Russia', continent: 'Asia', type: 'lake', area_km2: 31500, max_depth_m: 1642 });
    // Figures nobody gave are NULL, not zero.
    expect(rows.find((r) => r.lake_name === 'Loch Awe')).toMatchObject({ area_km2: null, max_depth_m: null, elevation_m: null });
  });
});

describe('read-only repositories', () => {
  it('refuse every write with 403 read-only repository', async () => {
    expect((await create('frozen', { read_only: true })).body.read_only).toBe(true);
    const writes = [
      await api.upload('frozen', 'main', 'a.txt', 'x'),
      await api.delete('/repositories/frozen/branches/main/objects?path=a.txt'),
      await api.post('/repositories/frozen/branches/main/objects/delete', { paths: ['a.txt'] }),
      await api.post('/repositories/frozen/branches/main/commits', { message: 'm' }),
      await api.post('/repositories/frozen/branches', { name: 'dev', source: 'main' }),
      await api.post('/repositories/frozen/tags', { id: 'v1', ref: 'main' }),
      await api.put('/repositories/frozen/branches/main', { type: 'reset' }),
      await api.get('/repositories/frozen/branches/main/objects/stage_allowed?path=a.txt'),
      await api.delete('/repositories/frozen'),
    ];
    for (const res of writes) expect(res).toMatchObject({ status: 403, body: { message: 'read-only repository' } });
    expect((await api.get('/repositories/frozen/refs/main/objects/ls')).status).toBe(200);
    expect((await api.delete('/repositories/frozen?force=true')).status).toBe(204);
  });
});

describe('a delete that was interrupted', () => {
  it('answers 410 until a retried DELETE finishes it', async () => {
    expect((await create('halfway')).status).toBe(201);
    const dataDir = server.dataDir;
    await server.close(true);
    // Mark the record as a delete would before dying: same data, state in_deletion.
    const kv = openSqliteKv({ path: join(dataDir, 'metadata.db') });
    for await (const entry of scanAll(kv, {})) {
      let record: { id?: string; state?: string } | undefined;
      try {
        record = JSON.parse(Buffer.from(entry.value).toString('utf8')) as { id?: string; state?: string };
      } catch {
        continue;
      }
      if (record?.id === 'halfway' && record.state === 'active') {
        await kv.set(entry.key, Buffer.from(JSON.stringify({ ...record, state: 'in_deletion' })));
      }
    }
    await kv.close();
    server = await startTestServer(dataDir);
    api = client(server, authorization);

    const got = await api.get<ErrorBody>('/repositories/halfway');
    expect(got.status).toBe(410);
    expect(got.body.message).toMatch(/in deletion/i);
    expect((await api.get('/repositories/halfway/branches')).status).toBe(410);
    expect((await api.delete('/repositories/halfway')).status).toBe(204);
    expect((await api.get('/repositories/halfway')).status).toBe(404);
  });
});

