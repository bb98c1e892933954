// Imports from S3 (s3rver on a loopback port) into a repository in S3, through the real HTTP stack: a prefix of more
// objects than one listing page holds becomes one commit whose entries point at the source objects; they read back
// by range through the API, a presigned address and the S3 gateway; sources a repository owns are refused.
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openS3BlockStore, type BlockStore } from '../../server/blockstore';
import type { ErrorBody, ImportCreationResponse, ImportStatus, ObjectStats } from '../../server/http/wire';
import { startS3Server, type TestS3Server } from './s3-server';
import { client, objectPath, setupAdmin, startTestServer, type Client, type Page, type TestServer } from './http/harness';

/** More than the 1,000 keys of one ListObjectsV2 page. */
const count = 1050;
const key = (i: number) => `exports/2024/part-${String(i).padStart(5, '0')}.csv`;
const body = (i: number) => `id,value\n${i},${i * i}\n`;

let s3: TestS3Server;
let server: TestServer;
let api: Client;
let gateway: S3Client;
let bucket: BlockStore;

const importPath = (repo: string) => `/repositories/${repo}/branches/main/import`;

async function importInto(repo: string, path: string, destination: string, type = 'common_prefix') {
  return api.post<ImportCreationResponse & ErrorBody>(importPath(repo), { paths: [{ path, destination, type }], commit: { message: `import ${path}` } });
}

async function ended(repo: string, id: string): Promise<ImportStatus> {
  return vi.waitFor(
    async () => {
      const s = (await api.get<ImportStatus>(`${importPath(repo)}?id=${id}`)).body;
      if (!s.completed && !s.error) throw new Error('still running');
      return s;
    },
    { timeout: 30_000, interval: 50 },
  );
}

beforeAll(async () => {
  s3 = await startS3Server(['lake', 'source']);
  bucket = openS3BlockStore(s3.settings);
  for (let start = 0; start < count; start += 50) {
    await Promise.all(Array.from({ length: Math.min(50, count - start) }, (_, j) => bucket.put('s3://source', key(start + j), Buffer.from(body(start + j)))));
  }
  // A folder marker, as S3 consoles make them: it names no data and is not imported.
  const raw = new S3Client({ ...s3.settings, credentials: { accessKeyId: s3.settings.accessKeyId, secretAccessKey: s3.settings.secretAccessKey } });
  await raw.send(new PutObjectCommand({ Bucket: 'source', Key: 'exports/2024/', Body: new Uint8Array(0) }));
  raw.destroy();
  server = await startTestServer(undefined, { blockstore: { type: 's3', s3: s3.settings } });
  const credentials = await setupAdmin(server);
  api = client(server, credentials.authorization);
  gateway = new S3Client({
    endpoint: server.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secret },
    maxAttempts: 1,
  });
  expect((await api.post('/repositories', { name: 'repo', storage_namespace: 's3://lake/repo' })).status).toBe(201);
}, 60_000);
afterAll(async () => {
  gateway?.destroy();
  await bucket.close?.();
  await server.close();
  await s3.close();
});

describe('importing an S3 prefix', () => {
  let done: ImportStatus;

  beforeAll(async () => {
    const started = await importInto('repo', 's3://source/exports/2024', 'tables/2024');
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    done = await ended('repo', started.body.id);
  });

  it('commits every object of the prefix under the destination, each pointing at its source object', async () => {
    expect(done).toMatchObject({ completed: true, ingested_objects: count, commit: { message: 'import s3://source/exports/2024' } });
    const paths: string[] = [];
    let after = '';
    for (;;) {
      const page = await api.get<Page<ObjectStats>>(`/repositories/repo/refs/main/objects/ls?prefix=tables/&amount=1000&after=${after}`);
      paths.push(...page.body.results.map((o) => o.path));
      if (!page.body.pagination.has_more) break;
      after = page.body.pagination.next_offset;
    }
    expect(paths).toEqual(Array.from({ length: count }, (_, i) => `tables/2024/${key(i).slice('exports/2024/'.length)}`));
    const stat = await api.get<ObjectStats>(`/repositories/repo/refs/main/objects/stat?path=tables/2024/part-00007.csv`);
    expect(stat.body).toMatchObject({ physical_address: `s3://source/${key(7)}`, size_bytes: body(7).length });
    // S3's ETag of a single-part upload is the MD5 of the content.
    expect(stat.body.checksum).toMatch(/^[0-9a-f]{32}$/);
  });

  it('reads imported objects whole and by range, through the API, a presigned address and the gateway', async () => {
    const path = objectPath('repo', 'main', 'tables/2024/part-01049.csv');
    expect(await (await api.raw(path)).text()).toBe(body(1049));
    const part = await api.raw(path, { headers: { range: 'bytes=3-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(await part.text()).toBe(body(1049).slice(3, 8));

    const redirect = await api.raw(`${path}&presign=true`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const presigned = await fetch(redirect.headers.get('location') ?? '', { headers: { range: 'bytes=0-1' } });
    expect(presigned.status).toBe(206);
    expect(await presigned.text()).toBe('id');

    const viaGateway = await gateway.send(new GetObjectCommand({ Bucket: 'repo', Key: 'main/tables/2024/part-00002.csv', Range: 'bytes=-4' }));
    expect(viaGateway).toMatchObject({ ContentRange: `bytes ${body(2).length - 4}-${body(2).length - 1}/${body(2).length}`, AcceptRanges: 'bytes' });
    expect(await viaGateway.Body?.transformToString()).toBe(body(2).slice(-4));
    const head = await gateway.send(new HeadObjectCommand({ Bucket: 'repo', Key: 'main/tables/2024/part-00002.csv', Range: 'bytes=0-2' }));
    expect(head.ContentLength).toBe(3);
  });

  it('imports one object, and fails an import from a bucket that does not exist', async () => {
    const one = await importInto('repo', `s3://source/${key(3)}`, 'single.csv', 'object');
    expect(one.status, JSON.stringify(one.body)).toBe(202);
    expect(await ended('repo', one.body.id)).toMatchObject({ completed: true, ingested_objects: 1 });
    expect(await (await api.raw(objectPath('repo', 'main', 'single.csv'))).text()).toBe(body(3));
    const nowhere = await importInto('repo', 's3://no-such-bucket/x', 'x/');
    expect(nowhere.status).toBe(202);
    expect((await ended('repo', nowhere.body.id)).error?.message).toMatch(/bucket no-such-bucket does not exist/);
  });

  it('refuses a source a repository owns, and an S3 source for a repository in the data folder', async () => {
    const inside = await importInto('repo', 's3://lake/repo/data', 'x/');
    expect(inside).toMatchObject({ status: 400, body: { message: "import source s3://lake/repo/data overlaps a repository's storage namespace" } });
    expect((await importInto('repo', 's3://lake', 'x/')).status).toBe(400);
    expect((await api.post('/repositories', { name: 'on-disk', storage_namespace: 'local://on-disk' })).status).toBe(201);
    const local = await importInto('on-disk', 's3://source/exports', 'x/');
    expect(local.status).toBe(400);
    expect(local.body.message).toMatch(/^import from s3:\/\/ needs a repository whose storage namespace is in S3/);
  });
});
