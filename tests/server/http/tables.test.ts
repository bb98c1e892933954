// Tables of a ref over the real HTTP stack and a real SQLite file: Delta and Iceberg tables uploaded as their
// writers leave them (tests/table-fixtures.ts), found, paged, described, refused without the permission to read
// them, and a broken log answered with the file it is broken in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, TableDetail, TableList } from '../../../server/http/wire';
import { deltaLiveIds, deltaTable, deltaTimes, icebergLiveIds, icebergSnapshots, icebergTable, icebergTimes, type TableFile } from '../../table-fixtures';
import { addUser, client, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;
const repo = 'lake';

async function put(files: TableFile[], branch = 'main'): Promise<void> {
  for (const f of files) {
    const res = await api.upload(repo, branch, f.path, f.bytes);
    if (res.status !== 201) throw new Error(`upload ${f.path}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

const tables = (ref: string, query = '') => api.get<TableList>(`/repositories/${repo}/refs/${ref}/tables${query}`);
const describeTable = (ref: string, path: string, caller = api) =>
  caller.get<TableDetail>(`/repositories/${repo}/refs/${ref}/tables/describe?path=${encodeURIComponent(path)}`);

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
  await put(deltaTable('warehouse/sales'));
  await put(deltaTable('warehouse/plain', { checkpoint: false }));
  await put(await icebergTable('warehouse/ice'));
  // Folders that are no tables: plain data, and a `metadata/` folder with no Iceberg metadata in it.
  await put([
    { path: 'raw/2024/a.csv', bytes: new TextEncoder().encode('a\n1\n') },
    { path: 'docs/metadata/readme.txt', bytes: new TextEncoder().encode('not a table') },
  ]);
  expect((await api.post(`/repositories/${repo}/branches/main/commits`, { message: 'tables' })).status).toBe(201);
}, 120_000);
afterAll(async () => {
  await server.close();
});

describe('listing the tables of a ref', () => {
  it('finds Delta and Iceberg tables in the order of their folders, with version, schema and counts', async () => {
    const res = await tables('main');
    expect(res.status).toBe(200);
    expect(res.body.results.map((t) => [t.path, t.format])).toEqual([
      ['warehouse/ice', 'iceberg'],
      ['warehouse/plain', 'delta'],
      ['warehouse/sales', 'delta'],
    ]);
    const [ice, plain, sales] = res.body.results;
    expect(sales).toMatchObject({ version: '3', files: 3, rows: deltaLiveIds.length, error: null, partition_columns: [] });
    expect(sales?.schema).toEqual([
      { name: 'id', type: 'integer', nullable: false },
      { name: 'name', type: 'string', nullable: true },
      { name: 'amount', type: 'double', nullable: true },
      { name: 'note', type: 'string', nullable: true },
    ]);
    // The same commits without a checkpoint replay to the same table.
    expect(plain).toMatchObject({ version: '3', files: 3, rows: deltaLiveIds.length });
    expect(ice).toMatchObject({ version: icebergSnapshots.second, files: 2, rows: icebergLiveIds.length, error: null });
    expect(ice?.schema.map((c) => `${c.name} ${c.type} ${c.nullable}`)).toEqual(['id int false', 'name string true', 'amount double true']);
    expect(res.body.pagination).toEqual({ has_more: false, next_offset: '', results: 3, max_per_page: 1000 });
  });

  it('pages with after and amount as lakeFS lists do', async () => {
    const first = await tables('main', '?amount=2');
    expect(first.body.results.map((t) => t.path)).toEqual(['warehouse/ice', 'warehouse/plain']);
    expect(first.body.pagination).toMatchObject({ has_more: true, next_offset: 'warehouse/plain', results: 2 });
    const second = await tables('main', `?amount=2&after=${encodeURIComponent(first.body.pagination.next_offset)}`);
    expect(second.body.results.map((t) => t.path)).toEqual(['warehouse/sales']);
    expect(second.body.pagination).toMatchObject({ has_more: false, next_offset: '' });
  });

  it('sees a branch’s uncommitted tables and a commit’s tables as they were', async () => {
    expect((await api.post(`/repositories/${repo}/branches`, { name: 'staged', source: 'main' })).status).toBe(201);
    await put(deltaTable('new/events', { checkpoint: false }), 'staged');
    expect((await tables('staged')).body.results.map((t) => t.path)).toEqual(['new/events', 'warehouse/ice', 'warehouse/plain', 'warehouse/sales']);
    expect((await tables('main')).body.results).toHaveLength(3);
  });
});

describe('describing a table', () => {
  it('gives a Delta table’s history, newest first, and its live data files from the checkpoint and the commits after it', async () => {
    const res = await describeTable('main', 'warehouse/sales');
    expect(res.status).toBe(200);
    expect(res.body.history).toEqual([
      { version: '3', time: Math.floor((deltaTimes[3] as number) / 1000), operation: 'WRITE', files_added: 1, files_removed: 0, rows_added: 1 },
      { version: '2', time: Math.floor((deltaTimes[2] as number) / 1000), operation: 'DELETE', files_added: 1, files_removed: 1, rows_added: 4 },
      { version: '1', time: Math.floor((deltaTimes[1] as number) / 1000), operation: 'WRITE', files_added: 1, files_removed: 0, rows_added: 2 },
      { version: '0', time: Math.floor((deltaTimes[0] as number) / 1000), operation: 'CREATE TABLE AS SELECT', files_added: 1, files_removed: 0, rows_added: 3 },
    ]);
    expect(res.body.data_files.map((f) => [f.path, f.rows])).toEqual([
      ['warehouse/sales/part-00001.parquet', 2],
      ['warehouse/sales/part-00002.parquet', 4],
      ['warehouse/sales/part-00003.parquet', 1],
    ]);
    for (const f of res.body.data_files) expect(f.size_bytes).toBeGreaterThan(0);
  });

  it('gives an Iceberg table’s snapshots and the data files its manifests keep (Avro, ids beyond 2^53 exact)', async () => {
    const res = await describeTable('main', 'warehouse/ice');
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(icebergSnapshots.second);
    expect(res.body.history).toEqual([
      { version: icebergSnapshots.second, time: Math.floor((icebergTimes[1] as number) / 1000), operation: 'overwrite', files_added: 2, files_removed: 1, rows_added: 3 },
      { version: icebergSnapshots.first, time: Math.floor((icebergTimes[0] as number) / 1000), operation: 'append', files_added: 1, files_removed: 0, rows_added: 3 },
    ]);
    expect(res.body.data_files.map((f) => [f.path, f.rows])).toEqual([
      ['warehouse/ice/data/00001.parquet', 2],
      ['warehouse/ice/data/00002.parquet', 1],
    ]);
  });

  it('reads the live files from the checkpoint once the commits before it are cleaned up', async () => {
    expect((await api.post(`/repositories/${repo}/branches`, { name: 'cleaned', source: 'main' })).status).toBe(201);
    for (const v of [0, 1, 2]) {
      const path = `warehouse/sales/_delta_log/${String(v).padStart(20, '0')}.json`;
      expect((await api.delete(`/repositories/${repo}/branches/cleaned/objects?path=${encodeURIComponent(path)}`)).status).toBe(204);
    }
    const res = await describeTable('cleaned', 'warehouse/sales');
    expect(res.status).toBe(200);
    expect(res.body.history.map((v) => v.version)).toEqual(['3']);
    expect(res.body).toMatchObject({ version: '3', files: 3, rows: deltaLiveIds.length });
    expect(res.body.data_files.map((f) => f.path)).toEqual([
      'warehouse/sales/part-00001.parquet',
      'warehouse/sales/part-00002.parquet',
      'warehouse/sales/part-00003.parquet',
    ]);
  });

  it('answers 404 for a folder that holds no table', async () => {
    const res = await describeTable('main', 'raw');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'table not found' });
  });
});

describe('a broken log', () => {
  it('answers 422 naming the file, and the listing shows the broken table with the same message', async () => {
    expect((await api.post(`/repositories/${repo}/branches`, { name: 'broken', source: 'main' })).status).toBe(201);
    const bad = 'warehouse/sales/_delta_log/00000000000000000003.json';
    expect((await api.upload(repo, 'broken', bad, '{"commitInfo": {"operation": "WRITE"}}\n{not json\n')).status).toBe(201);
    const res = await describeTable('broken', 'warehouse/sales');
    expect(res.status).toBe(422);
    expect((res.body as unknown as ErrorBody).message).toBe(`broken table log: ${bad}: line 2 is not JSON`);
    const listed = (await tables('broken')).body.results.find((t) => t.path === 'warehouse/sales');
    expect(listed).toMatchObject({ format: 'delta', version: null, files: null, error: `broken table log: ${bad}: line 2 is not JSON` });
  });

  it('names a manifest that is not Avro', async () => {
    const manifest = 'warehouse/ice/metadata/m3.avro';
    expect((await api.upload(repo, 'broken', manifest, 'not avro')).status).toBe(201);
    const res = await describeTable('broken', 'warehouse/ice');
    expect(res.status).toBe(422);
    expect((res.body as unknown as ErrorBody).message).toMatch(new RegExp(`^broken table log: ${manifest}: not a readable Avro file`));
  });

  it('names a missing Delta version', async () => {
    const res = await api.delete(`/repositories/${repo}/branches/broken/objects?path=${encodeURIComponent('warehouse/plain/_delta_log/00000000000000000001.json')}`);
    expect(res.status).toBe(204);
    const described = await describeTable('broken', 'warehouse/plain');
    expect(described.status).toBe(422);
    expect((described.body as unknown as ErrorBody).message).toBe(
      'broken table log: warehouse/plain/_delta_log/00000000000000000001.json: version 1 is missing from the log',
    );
  });
});

describe('who may read tables', () => {
  it('lists only the tables whose folder the caller may read, and refuses describing the others', async () => {
    const policy = {
      id: 'ReadSalesOnly',
      statement: [
        { effect: 'allow', action: ['fs:ListObjects', 'fs:ReadRepository'], resource: `arn:lakefs:fs:::repository/${repo}` },
        { effect: 'allow', action: ['fs:ReadObject'], resource: `arn:lakefs:fs:::repository/${repo}/object/warehouse/sales/*` },
      ],
    };
    expect((await api.post('/auth/policies', policy)).status).toBe(201);
    const reader = client(server, (await addUser(api, 'sales-reader', { policies: ['ReadSalesOnly'] })).authorization);
    const listed = await reader.get<TableList>(`/repositories/${repo}/refs/main/tables`);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((t) => t.path)).toEqual(['warehouse/sales']);
    expect((await describeTable('main', 'warehouse/sales', reader)).status).toBe(200);
    const refused = await describeTable('main', 'warehouse/ice', reader);
    expect(refused.status).toBe(401);
    expect((refused.body as unknown as ErrorBody).message).toMatch(/^insufficient permissions/);
  });
});
