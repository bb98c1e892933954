import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalBlockStore, openS3BlockStore, routeBlockStores, type BlockStore, type Presigner } from '../../../server/blockstore/index';
import { BlockNotFoundError, InvalidBlockKeyError, InvalidNamespaceError, UnavailableError } from '../../../server/errors';
import { startStallProxy } from '../fault-tools';
import { startS3Server, type TestS3Server } from '../s3-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function collect(stream: Readable): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** `count` chunks of 1 MiB, each filled with its own byte, made only as they are read. */
async function* megabytes(count: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) yield Buffer.alloc(1024 * 1024, i);
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

async function keys(store: BlockStore, ns: string, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const o of store.list(ns, prefix)) found.push(o.key);
  return found.sort();
}

describe('S3 block store (on s3rver)', () => {
  let s3: TestS3Server;
  let store: BlockStore;
  let presigner: Presigner;
  const ns = 's3://lake/repo-one';

  beforeAll(async () => {
    s3 = await startS3Server(['lake', 'other']);
    store = openS3BlockStore(s3.settings);
    const offered = store.presigner?.(ns);
    if (!offered) throw new Error('the S3 store offers no presigned transfers');
    presigner = offered;
  });
  afterAll(async () => {
    await store.close?.();
    await s3.close();
  });

  it('stores a buffer under the namespace prefix and reports its size and md5', async () => {
    const body = Buffer.from('hello, lake');
    expect(await store.put(ns, 'data/a/b', body)).toEqual({ size: body.length, checksum: md5(body) });
    expect((await store.getBytes(ns, 'data/a/b')).toString()).toBe('hello, lake');
    expect((await collect(await store.get(ns, 'data/a/b'))).bytes.toString()).toBe('hello, lake');
    // The same bytes, straight from the store at `<bucket>/<prefix>/<key>`, through a presigned address.
    const { url } = await presigner.presignGet(ns, 'data/a/b');
    expect(new URL(url).pathname).toBe('/lake/repo-one/data/a/b');
    expect(await (await fetch(url)).text()).toBe('hello, lake');
  });

  it('reads byte ranges, and a range past the end as nothing', async () => {
    await store.put(ns, 'data/range', Buffer.from('0123456789'));
    expect((await store.getBytes(ns, 'data/range', { start: 2, end: 5 })).toString()).toBe('2345');
    expect((await store.getBytes(ns, 'data/range', { start: 7 })).toString()).toBe('789');
    expect((await collect(await store.get(ns, 'data/range', { start: 1, end: 3 }))).bytes.toString()).toBe('123');
    expect((await store.getBytes(ns, 'data/range', { start: 10 })).length).toBe(0);
  });

  it('stats, reports missing objects, and deletes (twice is fine)', async () => {
    const before = Date.now();
    await store.put(ns, 'data/gone', Buffer.from('xyz'));
    const stat = await store.stat(ns, 'data/gone');
    expect(stat?.size).toBe(3);
    // S3 keeps whole seconds.
    expect(stat?.mtime).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(await store.exists(ns, 'data/gone')).toBe(true);
    await store.delete(ns, 'data/gone');
    await store.delete(ns, 'data/gone');
    expect(await store.exists(ns, 'data/gone')).toBe(false);
    expect(await store.stat(ns, 'data/gone')).toBeUndefined();
    await expect(store.getBytes(ns, 'data/gone')).rejects.toBeInstanceOf(BlockNotFoundError);
    await expect(store.get(ns, 'data/gone')).rejects.toBeInstanceOf(BlockNotFoundError);
  });

  it('streams 12 MB in (multipart) and out (in chunks, with ranges) without holding it whole', async () => {
    const result = await store.put(ns, 'data/big', Readable.from(megabytes(12)));
    const expected = Buffer.concat(await all(megabytes(12)));
    expect(result).toEqual({ size: 12 * 1024 * 1024, checksum: md5(expected) });
    expect((await store.stat(ns, 'data/big'))?.size).toBe(12 * 1024 * 1024);
    const read = await collect(await store.get(ns, 'data/big'));
    expect(read.chunks).toBeGreaterThan(1);
    expect(md5(read.bytes)).toBe(md5(expected));
    // The last byte of the 6th MiB and the first of the 7th.
    expect([...(await store.getBytes(ns, 'data/big', { start: 6 * 1024 * 1024 - 1, end: 6 * 1024 * 1024 }))]).toEqual([5, 6]);
  });

  // A body failing after its first part would need AbortMultipartUpload, which s3rver does not offer.
  it('leaves nothing under the key when the body fails midway', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield* megabytes(3);
      throw new Error('client went away');
    }
    await expect(store.put(ns, 'data/partial', failing())).rejects.toThrow('client went away');
    expect(await store.exists(ns, 'data/partial')).toBe(false);
  });

  it('lists a folder of its namespace only, with sizes, through pages of 1000', async () => {
    const listing = 's3://lake/listing';
    await store.put(listing, 'data/p1/one', Buffer.from('1'));
    await store.put(listing, 'data/p2/two', Buffer.from('22'));
    await store.put(listing, '_tarn/ranges/r', Buffer.from('r'));
    // A neighbour whose prefix starts the same way is not part of the namespace.
    await store.put('s3://lake/listing-two', 'data/p1/other', Buffer.from('no'));
    const listed = [];
    for await (const o of store.list(listing, 'data/')) listed.push({ key: o.key, size: o.size });
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'data/p1/one', size: 1 },
      { key: 'data/p2/two', size: 2 },
    ]);
    expect(await keys(store, listing, '')).toEqual(['_tarn/ranges/r', 'data/p1/one', 'data/p2/two']);
    expect(await keys(store, 's3://lake/nothing-here', 'data/')).toEqual([]);
    expect(() => store.list(listing, '../listing-two/')).toThrow(InvalidBlockKeyError);

    const many = 's3://lake/many';
    for (let i = 0; i < 1005; i++) await store.put(many, `data/x/${String(i).padStart(4, '0')}`, Buffer.from('.'));
    expect((await keys(store, many, 'data/')).length).toBe(1005);
  });

  it('keeps a bucket-wide namespace (no prefix) apart from nothing', async () => {
    await store.put('s3://other', 'data/top', Buffer.from('top'));
    expect(await keys(store, 's3://other/', 'data/')).toEqual(['data/top']);
    expect(store.fullAddress('s3://other', 'data/top')).toBe('s3://other/data/top');
    expect(store.fullAddress('s3://lake/repo-one/', 'data/a/b')).toBe('s3://lake/repo-one/data/a/b');
  });

  it('refuses namespaces that name no bucket, keys that escape, and buckets that do not exist', async () => {
    for (const bad of ['s3://', 's3://UPPER', 's3://a', 's3://bucket/../x', 's3://bucket//x', 'local://x', `s3://lake/${'p'.repeat(900)}`]) {
      expect(() => store.validateNamespace(bad), bad).toThrow(InvalidNamespaceError);
    }
    store.validateNamespace('s3://lake');
    store.validateNamespace('s3://lake/deep/prefix/');
    for (const key of ['../escape', 'data/../../escape', '/abs', 'a//b', 'nul\0byte', 'a/./b', '', 'back\\slash', `data/${'k'.repeat(1020)}`]) {
      await expect(store.put(ns, key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidBlockKeyError);
      await expect(store.getBytes(ns, key), key).rejects.toBeInstanceOf(InvalidBlockKeyError);
    }
    await expect(store.put('s3://no-such-bucket/x', 'data/a', Buffer.from('x'))).rejects.toThrow(/bucket no-such-bucket does not exist/);
    await expect(store.put('s3://no-such-bucket/x', 'data/a', Buffer.from('x'))).rejects.toBeInstanceOf(InvalidNamespaceError);
    expect(await store.exists('s3://no-such-bucket/x', 'data/a')).toBe(false);
  });

  it('presigns a PUT a client without credentials can send, then reads it back', async () => {
    const { url, expiry } = await presigner.presignPut(ns, 'data/presigned/put');
    const now = Math.floor(Date.now() / 1000);
    expect(expiry).toBeGreaterThan(now + 14 * 60);
    expect(expiry).toBeLessThanOrEqual(now + 15 * 60 + 1);
    expect(url).toContain('X-Amz-Signature=');
    expect(url).not.toContain('S3RVER&');
    expect(url).not.toContain('x-amz-checksum');
    const put = await fetch(url, { method: 'PUT', body: 'sent straight to the store', headers: { 'content-type': 'text/plain' } });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(`"${md5(Buffer.from('sent straight to the store'))}"`);
    expect((await store.getBytes(ns, 'data/presigned/put')).toString()).toBe('sent straight to the store');
  });

  it('runs a presigned multipart upload: parts PUT by the client, joined by the store (s3rver cannot abort one)', async () => {
    const key = 'data/presigned/multi';
    const uploadId = await presigner.createMultipartUpload(ns, key);
    const parts = [Buffer.alloc(5 * 1024 * 1024, 1), Buffer.from('tail')];
    const uploaded = [];
    for (const [index, body] of parts.entries()) {
      const { url } = await presigner.presignUploadPart(ns, key, uploadId, index + 1);
      const res = await fetch(url, { method: 'PUT', body });
      expect(res.status).toBe(200);
      uploaded.push({ partNumber: index + 1, etag: res.headers.get('etag') ?? '' });
    }
    const etag = await presigner.completeMultipartUpload(ns, key, uploadId, uploaded);
    // S3 answers `<md5 of the parts' md5s>-2`; s3rver an md5.
    expect(etag).toMatch(/^[0-9a-f]{32}(-2)?$/);
    expect((await store.stat(ns, key))?.size).toBe(5 * 1024 * 1024 + 4);
    expect((await store.getBytes(ns, key, { start: 5 * 1024 * 1024 })).toString()).toBe('tail');
  });

  it('is reachable for readiness while the endpoint answers, and not once nothing answers there', async () => {
    await expect(store.probe?.(AbortSignal.timeout(2000))).resolves.toBeUndefined();
    // A refusal of the call (wrong credentials) is still an answer: the store is reachable.
    const refused = openS3BlockStore({ ...s3.settings, secretAccessKey: 'wrong' });
    await expect(refused.probe?.(AbortSignal.timeout(2000))).resolves.toBeUndefined();
    await refused.close?.();
    const gone = openS3BlockStore({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    await expect(gone.probe?.(AbortSignal.timeout(2000))).rejects.toThrow();
    await gone.close?.();
  });

  it('gives a call up as unavailable once the endpoint takes the connection and then falls silent', async () => {
    const proxy = await startStallProxy(Number(new URL(s3.endpoint).port));
    const idleTimeoutMs = 300;
    const quiet = openS3BlockStore({ ...s3.settings, endpoint: `http://127.0.0.1:${proxy.port}`, idleTimeoutMs });
    try {
      await quiet.put(ns, 'data/quiet', Buffer.from('said before the silence'));
      proxy.stall();
      const started = performance.now();
      const silent = await quiet.getBytes(ns, 'data/quiet').then(() => undefined, (err: unknown) => err);
      const waited = performance.now() - started;
      expect(silent).toBeInstanceOf(UnavailableError);
      // Three attempts, each given up after the idle time, with the SDK's short backoffs between them.
      expect(waited).toBeGreaterThanOrEqual(idleTimeoutMs);
      expect(waited).toBeLessThan(10_000);
      proxy.flow();
      expect((await quiet.getBytes(ns, 'data/quiet')).toString()).toBe('said before the silence');
    } finally {
      await quiet.close?.();
      await proxy.close();
    }
  });

  it('routes each namespace to the store of its scheme', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tarn-routed-'));
    const local = openLocalBlockStore({ root });
    const routed = routeBlockStores([store, local]);
    try {
      await routed.put('local://here', 'data/x', Buffer.from('on disk'));
      await routed.put('s3://lake/routed', 'data/x', Buffer.from('in the bucket'));
      expect((await local.getBytes('local://here', 'data/x')).toString()).toBe('on disk');
      expect((await store.getBytes('s3://lake/routed', 'data/x')).toString()).toBe('in the bucket');
      expect(routed.type).toBe('s3');
      expect(routed.presigner?.('local://here')).toBeUndefined();
      expect(routed.presigner?.('s3://lake/routed')).toBeDefined();
      expect(() => routed.validateNamespace('gs://bucket/x')).toThrow('storage namespace must start with s3:// or local://');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
