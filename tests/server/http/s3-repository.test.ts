// The whole server on a repository in S3 (s3rver on a loopback port), through the real HTTP stack: object data,
// trees and the namespace marker in the bucket; presigned reads and uploads; garbage collection's listing.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openS3BlockStore, type BlockStore } from '../../../server/blockstore';
import { gcGracePeriodSeconds } from '../../../server/catalog';
import { collectGarbage } from '../../../server/gc';
import { createGraveler } from '../../../server/graveler';
import type { ObjectStats, PresignMultipartUpload, StagingLocation, StorageConfig, UploadTo } from '../../../server/http/wire';
import { openSqliteKv } from '../../../server/kv';
import { startS3Server, type TestS3Server } from '../s3-server';
import { objectPath, startWithAdmin, type Client, type Page, type TestServer } from './harness';

const ns = 's3://lake/tarn/repo';
const md5 = (bytes: Uint8Array | string) => createHash('md5').update(bytes).digest('hex');

let s3: TestS3Server;
let server: TestServer;
let api: Client;
/** The bucket as seen from outside Tarn. */
let bucket: BlockStore;

beforeAll(async () => {
  s3 = await startS3Server(['lake']);
  ({ server, api } = await startWithAdmin({ blockstore: { type: 's3', s3: s3.settings } }));
  bucket = openS3BlockStore(s3.settings);
  expect((await api.post('/repositories', { name: 'repo', storage_namespace: ns })).status).toBe(201);
});
afterAll(async () => {
  await bucket.close?.();
  await server.close();
  await s3.close();
});

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of bucket.list(ns, prefix)) keys.push(o.key);
  return keys.sort();
}

const stagingPath = (path: string, branch = 'main') => `/repositories/repo/branches/${branch}/staging/backing?path=${encodeURIComponent(path)}`;

/** Uploads `body` the presigned way: a staging location, a PUT to the store, then the link. */
async function presignedUpload(path: string, body: string, branch = 'main') {
  const staging = await api.get<StagingLocation>(`${stagingPath(path, branch)}&presign=true`);
  expect(staging.status).toBe(200);
  const put = await fetch(staging.body.presigned_url ?? '', { method: 'PUT', body });
  expect(put.status).toBe(200);
  return { staging: staging.body, etag: put.headers.get('etag') ?? '' };
}

describe('a repository in S3', () => {
  it('is reported by the storage config, with presigned transfers for the console too', async () => {
    const config = await api.get<StorageConfig>('/config/storage');
    expect(config.body).toMatchObject({
      blockstore_type: 's3',
      blockstore_namespace_ValidityRegex: '^s3://',
      blockstore_namespace_example: 's3://example-bucket/',
      pre_sign_support: true,
      pre_sign_support_ui: true,
      pre_sign_multipart_upload: true,
    });
    expect(config.body.blockstore_description).toContain(s3.endpoint);
  });

  it('claims its namespace in the bucket, and refuses one already claimed or in a bucket that does not exist', async () => {
    expect(await keysUnder('_tarn/')).toEqual(['_tarn/dummy']);
    const again = await api.post<{ message: string }>('/repositories', { name: 'repo-two', storage_namespace: ns });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('storage namespace already in use');
    const nowhere = await api.post<{ message: string }>('/repositories', { name: 'nowhere', storage_namespace: 's3://no-such-bucket/x' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toMatch(/bucket no-such-bucket does not exist/);
    const bad = await api.post<{ message: string }>('/repositories', { name: 'bad', storage_namespace: 'gs://bucket/x' });
    expect(bad.body.message).toBe('storage namespace must start with s3:// or local://');
  });

  it('stores uploads in the bucket, streams a 12 MB one, and reads whole objects and ranges back', async () => {
    const small = await api.upload<ObjectStats>('repo', 'main', 'data/small.csv', 'a,b\n1,2\n', { 'content-type': 'text/csv' });
    expect(small.status).toBe(201);
    expect(small.body.physical_address).toMatch(/^s3:\/\/lake\/tarn\/repo\/data\/[0-9a-z]+\/[0-9a-z]+$/);
    expect(small.body.checksum).toBe(md5('a,b\n1,2\n'));
    const key = small.body.physical_address.slice(`${ns}/`.length);
    expect((await bucket.getBytes(ns, key)).toString()).toBe('a,b\n1,2\n');

    const big = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 251;
    const form = new FormData();
    form.append('content', new Blob([big], { type: 'application/octet-stream' }), 'big.bin');
    const uploaded = await api.post<ObjectStats>(`/repositories/repo/branches/main/objects?path=data/big.bin`, form);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ size_bytes: big.length, checksum: md5(big) });

    const whole = await api.raw(objectPath('repo', 'main', 'data/big.bin'));
    expect(whole.status).toBe(200);
    expect(md5(new Uint8Array(await whole.arrayBuffer()))).toBe(md5(big));
    const range = await api.raw(objectPath('repo', 'main', 'data/big.bin'), { headers: { range: 'bytes=8192-8195' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 8192-8195/${big.length}`);
    expect([...new Uint8Array(await range.arrayBuffer())]).toEqual([2, 0, 0, 0]);
  });

  it('commits with its trees in the bucket, lists, deletes and merges', async () => {
    const commit = await api.post<{ id: string; meta_range_id: string }>('/repositories/repo/branches/main/commits', { message: 'first' });
    expect(commit.status).toBe(201);
    expect(await keysUnder(`_tarn/metaranges/`)).toContain(`_tarn/metaranges/${commit.body.meta_range_id}`);
    expect((await keysUnder('_tarn/ranges/')).length).toBeGreaterThan(0);

    const listing = await api.get<Page<ObjectStats>>('/repositories/repo/refs/main/objects/ls?delimiter=/');
    expect(listing.body.results.map((r) => [r.path, r.path_type])).toEqual([['data/', 'common_prefix']]);
    const inside = await api.get<Page<ObjectStats>>('/repositories/repo/refs/main/objects/ls?prefix=data/');
    expect(inside.body.results.map((r) => r.path)).toEqual(['data/big.bin', 'data/small.csv']);

    expect((await api.post('/repositories/repo/branches', { name: 'dev', source: 'main' })).status).toBe(201);
    await api.upload('repo', 'dev', 'data/dev.txt', 'from dev');
    expect((await api.delete('/repositories/repo/branches/dev/objects?path=data/small.csv')).status).toBe(204);
    expect((await api.post('/repositories/repo/branches/dev/commits', { message: 'dev work' })).status).toBe(201);
    const merged = await api.post('/repositories/repo/refs/dev/merge/main', {});
    expect(merged.status).toBe(200);
    const after = await api.get<Page<ObjectStats>>('/repositories/repo/refs/main/objects/ls?prefix=data/');
    expect(after.body.results.map((r) => r.path)).toEqual(['data/big.bin', 'data/dev.txt']);
    expect(await (await api.raw(objectPath('repo', 'main', 'data/dev.txt'))).text()).toBe('from dev');
  });

  it('redirects a presigned read to the store, and presigns stat and listing addresses', async () => {
    const res = await api.raw(`${objectPath('repo', 'main', 'data/dev.txt')}&presign=true`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location') ?? '';
    expect(location.startsWith(`${s3.endpoint}/lake/tarn/repo/data/`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    expect(await (await fetch(location)).text()).toBe('from dev');

    const stat = await api.get<ObjectStats>(`/repositories/repo/refs/main/objects/stat?path=data/dev.txt&presign=true`);
    expect(stat.body.physical_address.startsWith(s3.endpoint)).toBe(true);
    expect(stat.body.physical_address_expiry).toBeGreaterThan(Date.now() / 1000);
    const plain = await api.get<ObjectStats>(`/repositories/repo/refs/main/objects/stat?path=data/dev.txt`);
    expect(plain.body.physical_address.startsWith(`${ns}/data/`)).toBe(true);
    expect(plain.body.physical_address_expiry).toBeUndefined();

    const listing = await api.get<Page<ObjectStats>>('/repositories/repo/refs/main/objects/ls?prefix=data/&presign=true');
    for (const row of listing.body.results) {
      expect(row.physical_address_expiry).toBeGreaterThan(Date.now() / 1000);
      expect((await fetch(row.physical_address)).status).toBe(200);
    }
  });

  it('links an object uploaded to a presigned address, with the ETag as its checksum', async () => {
    const { staging, etag } = await presignedUpload('direct/hello.txt', 'straight to the bucket');
    expect(staging.physical_address).toMatch(/^s3:\/\/lake\/tarn\/repo\/data\/[^,]+,\d+\.[\w-]+$/);
    expect(staging.presigned_url_expiry).toBeGreaterThan(Date.now() / 1000);
    const linked = await api.put<ObjectStats>(stagingPath('direct/hello.txt'), {
      staging,
      checksum: etag,
      size_bytes: 22,
      content_type: 'text/plain',
      user_metadata: { origin: 'browser' },
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({
      path: 'direct/hello.txt',
      checksum: md5('straight to the bucket'),
      size_bytes: 22,
      content_type: 'text/plain',
      metadata: { origin: 'browser' },
    });
    expect(linked.body.physical_address).toBe(staging.physical_address?.split(',')[0]);
    const read = await api.raw(objectPath('repo', 'main', 'direct/hello.txt'));
    expect(await read.text()).toBe('straight to the bucket');
    expect(read.headers.get('etag')).toBe(etag);
    // Linking the same upload again under If-None-Match: * is refused: the path exists now.
    const again = await api.put(stagingPath('direct/hello.txt'), { staging, checksum: etag, size_bytes: 22 }, { 'if-none-match': '*' });
    expect(again.status).toBe(412);
  });

  it('never links an address it did not hand out for this repository, nor a wrong size or a missing upload', async () => {
    const { staging, etag } = await presignedUpload('direct/guarded.txt', 'guarded');
    const [address = '', signature = ''] = (staging.physical_address ?? '').split(',');
    const refusals: [string, unknown][] = [
      ['an unsigned address', { physical_address: address }],
      ['a forged signature', { physical_address: `${address},${signature.replace(/^\d+/, '9999999999')}` }],
      ['another address with this signature', { physical_address: `${ns}/data/elsewhere,${signature}` }],
      ['an address outside the namespace', { physical_address: `s3://lake/other/data/x,${signature}` }],
    ];
    for (const [what, forged] of refusals) {
      const res = await api.put<{ message: string }>(stagingPath('direct/guarded.txt'), { staging: forged, checksum: etag, size_bytes: 7 });
      expect(res.status, what).toBe(400);
      expect(res.body.message, what).toBe('physical address was not issued by this server for this repository, or has expired');
    }
    const wrongSize = await api.put<{ message: string }>(stagingPath('direct/guarded.txt'), { staging, checksum: etag, size_bytes: 8 });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.message).toBe('size_bytes is 8, but the uploaded object has 7 bytes');
    const unused = await api.get<StagingLocation>(stagingPath('direct/never.txt'));
    expect(unused.body.presigned_url).toBeUndefined();
    const missing = await api.put<{ message: string }>(stagingPath('direct/never.txt'), { staging: unused.body, checksum: 'x', size_bytes: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('nothing was uploaded to the physical address');
    const stat = await api.get(`/repositories/repo/refs/main/objects/stat?path=direct/guarded.txt`);
    expect(stat.status).toBe(404);

    // Signed for this repository only: another repository in the same bucket refuses it.
    expect((await api.post('/repositories', { name: 'neighbour', storage_namespace: 's3://lake/tarn/neighbour' })).status).toBe(201);
    const elsewhere = await api.put('/repositories/neighbour/branches/main/staging/backing?path=x', { staging, checksum: etag, size_bytes: 7 });
    expect(elsewhere.status).toBe(400);
  });

  it('runs a presigned multipart upload: parts straight to the store, then joined and linked', async () => {
    const created = await api.post<PresignMultipartUpload>('/repositories/repo/branches/main/staging/pmpu?path=direct/multi.bin&parts=2');
    expect(created.status).toBe(201);
    expect(created.body.presigned_urls).toHaveLength(2);
    const parts = [Buffer.alloc(5 * 1024 * 1024, 7), Buffer.from('the last part')];
    const etags: string[] = [];
    for (const [i, body] of parts.entries()) {
      const res = await fetch(created.body.presigned_urls?.[i] ?? '', { method: 'PUT', body });
      expect(res.status).toBe(200);
      etags.push(res.headers.get('etag') ?? '');
    }
    const done = await api.put<ObjectStats>(`/repositories/repo/branches/main/staging/pmpu/${created.body.upload_id}?path=direct/multi.bin`, {
      physical_address: created.body.physical_address,
      // In any order: the server sorts them.
      parts: [
        { part_number: 2, etag: etags[1] },
        { part_number: 1, etag: etags[0] },
      ],
      content_type: 'application/x-test',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ size_bytes: 5 * 1024 * 1024 + 13, content_type: 'application/x-test' });
    expect(done.body.checksum).toMatch(/^[0-9a-f]{32}(-2)?$/);
    const tail = await api.raw(objectPath('repo', 'main', 'direct/multi.bin'), { headers: { range: `bytes=${5 * 1024 * 1024}-` } });
    expect(await tail.text()).toBe('the last part');

    // Aborting needs the signed address too (s3rver cannot abort, so only the refusal is tried here).
    const refused = await api.raw(`/repositories/repo/branches/main/staging/pmpu/${created.body.upload_id}?path=direct/multi.bin`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ physical_address: `${ns}/data/elsewhere` }),
    });
    expect(refused.status).toBe(400);
    const tooMany = await api.post<{ message: string }>('/repositories/repo/branches/main/staging/pmpu?path=x&parts=10001');
    expect(tooMany.status).toBe(400);
  });

  it('hands out part addresses one at a time, and copies parts from objects of any store', async () => {
    const pmpu = '/repositories/repo/branches/main/staging/pmpu';
    const created = await api.post<PresignMultipartUpload>(`${pmpu}?path=direct/assembled.bin`);
    expect(created.status).toBe(201);
    expect(created.body.presigned_urls).toBeUndefined();
    const upload = `${pmpu}/${created.body.upload_id}`;
    const target = { physical_address: created.body.physical_address };
    const fiveMiB = 5 * 1024 * 1024;

    // Part 1: the first 5 MiB of an object in this bucket, copied by the server.
    const first = await api.put(`${upload}/parts/1/copy?path=direct/assembled.bin`, {
      ...target,
      copy_source: { repository: 'repo', ref: 'main', path: 'direct/multi.bin', range: `bytes=0-${fiveMiB - 1}` },
    });
    expect(first.status).toBe(204);
    expect(first.body).toBe('');
    // Part 2: a presigned address for the client's own bytes.
    const address = await api.put<UploadTo>(`${upload}/parts/2?path=direct/assembled.bin`, target);
    expect(address.status).toBe(200);
    const put = await fetch(address.body.presigned_url, { method: 'PUT', body: Buffer.alloc(fiveMiB, 8) });
    expect(put.status).toBe(200);
    // Part 3: a whole object of a repository kept in the data folder.
    expect((await api.post('/repositories', { name: 'beside', storage_namespace: 'local://beside' })).status).toBe(201);
    await api.upload('beside', 'main', 'tail.txt', 'from the data folder');
    const last = await api.put(`${upload}/parts/3/copy?path=direct/assembled.bin`, { ...target, copy_source: { repository: 'beside', ref: 'main', path: 'tail.txt' } });
    expect(last.status).toBe(204);

    const parts = [first, { headers: put.headers }, last].map((p, i) => ({ part_number: i + 1, etag: p.headers.get('etag') ?? '' }));
    for (const part of parts) expect(part.etag).toMatch(/^"?[0-9a-f]{32}"?$/);
    const done = await api.put<ObjectStats>(`${upload}?path=direct/assembled.bin`, { ...target, parts });
    expect(done.status).toBe(200);
    expect(done.body.size_bytes).toBe(2 * fiveMiB + 20);
    const read = Buffer.from(await (await api.raw(objectPath('repo', 'main', 'direct/assembled.bin'))).arrayBuffer());
    expect(read.subarray(0, fiveMiB).equals(Buffer.alloc(fiveMiB, 7))).toBe(true);
    expect(read.subarray(fiveMiB, 2 * fiveMiB).equals(Buffer.alloc(fiveMiB, 8))).toBe(true);
    expect(read.subarray(2 * fiveMiB).toString()).toBe('from the data folder');
  });

  it('refuses part calls for an address it did not hand out, a part number out of range, and a copy of what is not there', async () => {
    const pmpu = '/repositories/repo/branches/main/staging/pmpu';
    const created = await api.post<PresignMultipartUpload>(`${pmpu}?path=direct/refused.bin`);
    const upload = `${pmpu}/${created.body.upload_id}`;
    const target = { physical_address: created.body.physical_address };
    const unsigned = { physical_address: created.body.physical_address.split(',')[0] };
    expect((await api.put(`${upload}/parts/1?path=direct/refused.bin`, unsigned)).status).toBe(400);
    expect((await api.put(`${upload}/parts/0?path=direct/refused.bin`, target)).status).toBe(400);
    expect((await api.put(`${upload}/parts/1001?path=direct/refused.bin`, target)).status).toBe(400);
    const source = { repository: 'repo', ref: 'main', path: 'direct/hello.txt' };
    const copy = (body: unknown) => api.put<{ message: string }>(`${upload}/parts/1/copy?path=direct/refused.bin`, body);
    expect((await copy({ ...unsigned, copy_source: source })).status).toBe(400);
    expect((await copy({ ...target, copy_source: { ...source, path: 'direct/none.txt' } })).status).toBe(404);
    expect(await copy({ ...target, copy_source: { ...source, range: 'bytes=100-200' } })).toMatchObject({
      status: 400,
      body: { message: 'invalid request body: copy_source.range: range is outside the object' },
    });
    expect((await copy({ ...target, copy_source: { ...source, range: 'bytes=0-1,3-4' } })).status).toBe(400);
    expect((await copy({ ...target, copy_source: { ...source, range: 'lines=1-2' } })).status).toBe(400);
  });

  it('refuses staging on a read-only repository, a missing branch, and a repository kept in the data folder', async () => {
    expect((await api.get(stagingPath('x', 'nope'))).status).toBe(404);
    expect((await api.post('/repositories', { name: 'on-disk', storage_namespace: 'local://on-disk' })).status).toBe(201);
    const local = await api.get<{ message: string }>('/repositories/on-disk/branches/main/staging/backing?path=x&presign=true');
    expect(local.status).toBe(501);
    expect(local.body.message).toBe('presigned transfers need a block store clients can reach, such as S3');
    // Presign is ignored where the store cannot presign: the bytes come from the server.
    await api.upload('on-disk', 'main', 'x.txt', 'on disk');
    const read = await api.raw(`${objectPath('on-disk', 'main', 'x.txt')}&presign=true`, { redirect: 'manual' });
    expect(read.status).toBe(200);
    expect(await read.text()).toBe('on disk');

    expect((await api.put('/repositories/neighbour/settings/read_only', { read_only: true })).status).toBe(200);
    expect((await api.get('/repositories/neighbour/branches/main/staging/backing?path=x')).status).toBe(403);
  });

  it('lets garbage collection list the bucket and remove only unreferenced data', async () => {
    await api.upload('repo', 'main', 'gc/kept.txt', 'version one');
    await api.post('/repositories/repo/branches/main/commits', { message: 'v1' });
    const v1 = (await api.get<ObjectStats>('/repositories/repo/refs/main/objects/stat?path=gc/kept.txt')).body.physical_address;
    await api.upload('repo', 'main', 'gc/kept.txt', 'version two');
    await api.post('/repositories/repo/branches/main/commits', { message: 'v2' });
    await api.upload('repo', 'main', 'gc/dropped.txt', 'never committed');
    const dropped = (await api.get<ObjectStats>('/repositories/repo/refs/main/objects/stat?path=gc/dropped.txt')).body.physical_address;
    await api.delete('/repositories/repo/branches/main/objects?path=gc/dropped.txt');
    expect((await api.put('/repositories/repo/settings/gc_rules', { default_retention_days: 1, branches: [] })).status).toBe(204);

    // A second reader of the server's database, as `npm run gc` is; three days on, v1 is past its retention.
    const kv = openSqliteKv({ path: join(server.dataDir, 'metadata.db') });
    const graveler = createGraveler({ kv, blockstore: bucket });
    try {
      const report = await collectGarbage(graveler, bucket, {
        repository: 'repo',
        dryRun: false,
        gracePeriodSeconds: gcGracePeriodSeconds,
        now: Date.now() / 1000 + 3 * 24 * 3600,
      });
      const removed = report.removed.map((r) => r.address);
      expect(removed).toContain(v1);
      expect(removed).toContain(dropped);
      expect(report.examined).toBeGreaterThan(removed.length);
    } finally {
      await graveler.close();
      await kv.close();
    }
    expect(await bucket.exists(ns, v1.slice(`${ns}/`.length))).toBe(false);
    expect(await (await api.raw(objectPath('repo', 'main', 'gc/kept.txt'))).text()).toBe('version two');
    expect(await (await api.raw(objectPath('repo', 'main', 'data/big.bin'), { headers: { range: 'bytes=0-0' } })).arrayBuffer()).toHaveProperty('byteLength', 1);
  });
});
