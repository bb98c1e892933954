// Listings through the S3 gateway with the AWS SDK: V1 and V2, delimiter, prefix, paging, and the bucket root
// where the branches are the common prefixes.
import { ListObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type GatewayFixture } from './harness';

let f: GatewayFixture;

const mainKeys = ['main/a.txt', 'main/dir/b.txt', 'main/dir/c.txt', 'main/dir/sub/d.txt', 'main/e.txt', 'main/z/y.txt'];
const devKeys = ['dev/only-dev.txt'];

beforeAll(async () => {
  f = await startGateway(['lake']);
  for (const key of mainKeys) await f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: key, Body: key }));
  expect((await f.api.post('/repositories/lake/branches/main/commits', { message: 'files' })).status).toBe(201);
  expect((await f.api.post('/repositories/lake/branches', { name: 'dev', source: 'main' })).status).toBe(201);
  for (const key of devKeys) await f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: key, Body: key }));
});
afterAll(async () => {
  await f.server.close();
});

/** Every page of a V2 listing, following continuation tokens. */
async function allV2(input: { Prefix?: string; Delimiter?: string; MaxKeys?: number }) {
  const keys: string[] = [];
  const prefixes: string[] = [];
  let pages = 0;
  let token: string | undefined;
  do {
    const page = await f.s3.send(new ListObjectsV2Command({ Bucket: 'lake', ...input, ...(token ? { ContinuationToken: token } : {}) }));
    pages++;
    keys.push(...(page.Contents ?? []).map((c) => c.Key ?? ''));
    prefixes.push(...(page.CommonPrefixes ?? []).map((p) => p.Prefix ?? ''));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return { keys, prefixes, pages };
}

describe('ListObjectsV2', () => {
  it('lists a folder of a branch with the delimiter', async () => {
    const page = await f.s3.send(new ListObjectsV2Command({ Bucket: 'lake', Prefix: 'main/dir/', Delimiter: '/' }));
    expect(page.Contents?.map((c) => c.Key)).toEqual(['main/dir/b.txt', 'main/dir/c.txt']);
    expect(page.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['main/dir/sub/']);
    expect(page.KeyCount).toBe(3);
    expect(page.Contents?.[0]).toMatchObject({ Size: 'main/dir/b.txt'.length, StorageClass: 'STANDARD' });
    expect(page.Contents?.[0]?.ETag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('lists a branch recursively without a delimiter', async () => {
    expect((await allV2({ Prefix: 'main/' })).keys).toEqual(mainKeys);
    expect((await allV2({ Prefix: 'dev/' })).keys).toEqual([...devKeys, ...mainKeys.map((k) => k.replace('main/', 'dev/'))].sort());
  });

  it('pages with continuation tokens, common prefixes counted, nothing repeated or lost', async () => {
    const paged = await allV2({ Prefix: 'main/', Delimiter: '/', MaxKeys: 2 });
    expect(paged.keys).toEqual(['main/a.txt', 'main/e.txt']);
    expect(paged.prefixes).toEqual(['main/dir/', 'main/z/']);
    expect(paged.pages).toBe(2);
    const flat = await allV2({ Prefix: 'main/', MaxKeys: 1 });
    expect(flat.keys).toEqual(mainKeys);
    expect(flat.pages).toBeGreaterThanOrEqual(mainKeys.length);
  });

  it('starts after StartAfter', async () => {
    const page = await f.s3.send(new ListObjectsV2Command({ Bucket: 'lake', Prefix: 'main/', StartAfter: 'main/dir/c.txt' }));
    expect(page.Contents?.map((c) => c.Key)).toEqual(['main/dir/sub/d.txt', 'main/e.txt', 'main/z/y.txt']);
  });

  it('lists the branches as common prefixes at the bucket root', async () => {
    const root = await f.s3.send(new ListObjectsV2Command({ Bucket: 'lake', Delimiter: '/' }));
    expect(root.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['dev/', 'main/']);
    expect(root.Contents ?? []).toEqual([]);
    const some = await f.s3.send(new ListObjectsV2Command({ Bucket: 'lake', Delimiter: '/', Prefix: 'ma' }));
    expect(some.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['main/']);
  });

  it('lists every branch in key order without a delimiter at the root, across pages', async () => {
    const everything = [...devKeys, ...mainKeys.map((k) => k.replace('main/', 'dev/')), ...mainKeys].sort();
    expect((await allV2({})).keys).toEqual(everything);
    expect((await allV2({ MaxKeys: 3 })).keys).toEqual(everything);
  });

  it('lists nothing under a ref that does not exist, and refuses other delimiters', async () => {
    const page = await f.s3.send(new ListObjectsV2Command({ Bucket: 'lake', Prefix: 'nobranch/' }));
    expect(page.Contents ?? []).toEqual([]);
    expect(page.IsTruncated).toBe(false);
    const refused = await f.s3.send(new ListObjectsV2Command({ Bucket: 'lake', Prefix: 'main/', Delimiter: '.' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(S3ServiceException);
    expect((refused as S3ServiceException).name).toBe('NotImplemented');
  });
});

describe('ListObjects (V1)', () => {
  it('pages with markers', async () => {
    const first = await f.s3.send(new ListObjectsCommand({ Bucket: 'lake', Prefix: 'main/', MaxKeys: 4 }));
    expect(first.Contents?.map((c) => c.Key)).toEqual(mainKeys.slice(0, 4));
    expect(first.IsTruncated).toBe(true);
    expect(first.NextMarker).toBe(mainKeys[3]);
    const second = await f.s3.send(new ListObjectsCommand({ Bucket: 'lake', Prefix: 'main/', MaxKeys: 4, Marker: first.NextMarker }));
    expect(second.Contents?.map((c) => c.Key)).toEqual(mainKeys.slice(4));
    expect(second.IsTruncated).toBe(false);
  });

  it('rolls folders up with the delimiter', async () => {
    const page = await f.s3.send(new ListObjectsCommand({ Bucket: 'lake', Prefix: 'main/', Delimiter: '/' }));
    expect(page.Contents?.map((c) => c.Key)).toEqual(['main/a.txt', 'main/e.txt']);
    expect(page.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['main/dir/', 'main/z/']);
  });

  it('URL-encodes keys when asked (as the aws cli asks)', async () => {
    await f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: 'dev/with space/ü.txt', Body: 'x' }));
    const res = await presignedXml(new ListObjectsCommand({ Bucket: 'lake', Prefix: 'dev/with space/', EncodingType: 'url' }));
    expect(res).toContain('<EncodingType>url</EncodingType>');
    expect(res).toContain('<Key>dev/with%20space/%C3%BC.txt</Key>');
  });
});

/** The XML a listing answers, fetched at a presigned address (the SDK would decode what is under test). */
async function presignedXml(command: ListObjectsCommand): Promise<string> {
  const res = await fetch(await getSignedUrl(f.s3, command, { expiresIn: 60 }));
  expect(res.status).toBe(200);
  return res.text();
}
