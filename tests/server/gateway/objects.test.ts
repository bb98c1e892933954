// Objects through the S3 gateway with the AWS SDK, each effect checked through the REST API.
import { createHash } from 'node:crypto';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStats } from '../../../server/http/wire';
import { objectPath } from '../http/harness';
import { startGateway, type GatewayFixture } from './harness';

let f: GatewayFixture;

beforeAll(async () => {
  f = await startGateway(['lake', 'other']);
});
afterAll(async () => {
  await f.server.close();
});

const md5 = (data: string | Uint8Array) => createHash('md5').update(data).digest('hex');

/** The S3 error a call fails with (its code and HTTP status). */
async function failure(call: Promise<unknown>): Promise<{ code: string; status: number | undefined; message: string }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof S3ServiceException) return { code: err.name, status: err.$metadata.httpStatusCode, message: err.message };
    throw err;
  }
  throw new Error('the call succeeded');
}

async function stat(repo: string, ref: string, path: string) {
  return f.api.get<ObjectStats>(`/repositories/${repo}/refs/${ref}/objects/stat?path=${encodeURIComponent(path)}`);
}

async function put(key: string, body: string, extra: Partial<ConstructorParameters<typeof PutObjectCommand>[0]> = {}) {
  return f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: key, Body: body, ...extra }));
}

describe('buckets', () => {
  it('lists the repositories as buckets', async () => {
    const { Buckets } = await f.s3.send(new ListBucketsCommand({}));
    expect(Buckets?.map((b) => b.Name)).toEqual(['lake', 'other']);
  });

  it('finds a repository with HeadBucket and answers 404 for a missing one', async () => {
    expect((await f.s3.send(new HeadBucketCommand({ Bucket: 'lake' }))).$metadata.httpStatusCode).toBe(200);
    expect(await failure(f.s3.send(new HeadBucketCommand({ Bucket: 'nope' })))).toMatchObject({ status: 404 });
  });

  it('answers NoSuchBucket for objects of a missing repository', async () => {
    expect(await failure(f.s3.send(new GetObjectCommand({ Bucket: 'nope', Key: 'main/x' })))).toMatchObject({
      code: 'NoSuchBucket',
      status: 404,
    });
  });
});

describe('put, get and head', () => {
  it('stages a put on the branch with its content type and user metadata', async () => {
    const res = await put('main/docs/readme.md', '# lake\n', { ContentType: 'text/markdown', Metadata: { owner: 'data-team' } });
    expect(res.ETag).toBe(`"${md5('# lake\n')}"`);
    const stats = await stat('lake', 'main', 'docs/readme.md');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      path: 'docs/readme.md',
      size_bytes: 7,
      checksum: md5('# lake\n'),
      content_type: 'text/markdown',
      metadata: { owner: 'data-team' },
    });
    const diff = await f.api.get<{ results: Array<{ path: string; type: string }> }>('/repositories/lake/branches/main/diff');
    expect(diff.body.results).toContainEqual(expect.objectContaining({ path: 'docs/readme.md', type: 'added' }));
  });

  it('reads an object back with its headers, and an object uploaded through the API', async () => {
    await put('main/read/one.txt', 'one', { ContentType: 'text/plain', Metadata: { k: 'v' } });
    const got = await f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/read/one.txt' }));
    expect(await got.Body?.transformToString()).toBe('one');
    expect(got).toMatchObject({ ContentType: 'text/plain', ContentLength: 3, ETag: `"${md5('one')}"`, Metadata: { k: 'v' } });

    expect((await f.api.upload('lake', 'main', 'read/two.txt', 'two')).status).toBe(201);
    const two = await f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/read/two.txt' }));
    expect(await two.Body?.transformToString()).toBe('two');

    const head = await f.s3.send(new HeadObjectCommand({ Bucket: 'lake', Key: 'main/read/one.txt' }));
    expect(head).toMatchObject({ ContentLength: 3, ETag: `"${md5('one')}"`, ContentType: 'text/plain' });
  });

  it('streams a large object both ways', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 'x');
    big.write('head', 0);
    big.write('tail', big.length - 4);
    await f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/big.bin', Body: big }));
    expect((await stat('lake', 'main', 'big.bin')).body).toMatchObject({ size_bytes: big.length, checksum: md5(big) });
    const got = await f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/big.bin' }));
    expect(md5(await got.Body!.transformToByteArray())).toBe(md5(big));
  });

  it('keeps keys with spaces, unicode and reserved characters', async () => {
    const key = "main/odd names/ü ñ+=&;'!*()~,$@.csv";
    await put(key, 'odd');
    expect((await stat('lake', 'main', key.slice('main/'.length))).status).toBe(200);
    const got = await f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: key }));
    expect(await got.Body?.transformToString()).toBe('odd');
  });

  it('reads at a commit and a tag, as the API does', async () => {
    await put('main/versioned.txt', 'v1');
    const commit = await f.api.post<{ id: string }>('/repositories/lake/branches/main/commits', { message: 'v1' });
    expect(commit.status).toBe(201);
    expect((await f.api.post('/repositories/lake/tags', { id: 'v1', ref: commit.body.id })).status).toBe(201);
    await put('main/versioned.txt', 'v2');
    const read = async (ref: string) =>
      (await f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: `${ref}/versioned.txt` }))).Body?.transformToString();
    expect(await read('main')).toBe('v2');
    expect(await read('v1')).toBe('v1');
    expect(await read(commit.body.id)).toBe('v1');
  });

  it('answers NoSuchKey for a missing object or ref', async () => {
    expect(await failure(f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/absent' })))).toMatchObject({
      code: 'NoSuchKey',
      status: 404,
    });
    expect(await failure(f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: 'no-branch/a' })))).toMatchObject({ code: 'NoSuchKey' });
    expect(await failure(f.s3.send(new HeadObjectCommand({ Bucket: 'lake', Key: 'main/absent' })))).toMatchObject({ status: 404 });
  });

  it('refuses writes to a tag or a commit with MethodNotAllowed, and leaves them unchanged', async () => {
    await put('main/fixed.txt', 'fixed');
    const commit = await f.api.post<{ id: string }>('/repositories/lake/branches/main/commits', { message: 'fixed' });
    expect((await f.api.post('/repositories/lake/tags', { id: 'release', ref: commit.body.id })).status).toBe(201);
    for (const ref of ['release', commit.body.id]) {
      expect(await failure(put(`${ref}/fixed.txt`, 'changed'))).toMatchObject({ code: 'MethodNotAllowed', status: 405 });
      expect(await failure(f.s3.send(new DeleteObjectCommand({ Bucket: 'lake', Key: `${ref}/fixed.txt` })))).toMatchObject({
        code: 'MethodNotAllowed',
      });
    }
    expect((await f.api.get(objectPath('lake', 'release', 'fixed.txt'))).body).toBe('fixed');
  });

  it('refuses writes to a read-only repository with AccessDenied', async () => {
    expect((await f.api.put('/repositories/other/settings/read_only', { read_only: true })).status).toBe(200);
    const write = f.s3.send(new PutObjectCommand({ Bucket: 'other', Key: 'main/x.txt', Body: 'x' }));
    expect(await failure(write)).toMatchObject({ code: 'AccessDenied', status: 403 });
    expect((await stat('other', 'main', 'x.txt')).status).toBe(404);
    expect((await f.api.put('/repositories/other/settings/read_only', { read_only: false })).status).toBe(200);
  });

  it('honours If-None-Match: * on a put', async () => {
    await put('main/once.txt', 'first', { IfNoneMatch: '*' });
    expect(await failure(put('main/once.txt', 'second', { IfNoneMatch: '*' }))).toMatchObject({ code: 'PreconditionFailed', status: 412 });
    expect((await f.api.get(objectPath('lake', 'main', 'once.txt'))).body).toBe('first');
  });
});

describe('ranges and conditions', () => {
  const text = '0123456789abcdefghij';
  beforeAll(async () => {
    await put('main/range.txt', text);
  });
  const get = (extra: Partial<ConstructorParameters<typeof GetObjectCommand>[0]>) =>
    f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/range.txt', ...extra }));

  it('reads byte ranges: bounded, open and suffix', async () => {
    const bounded = await get({ Range: 'bytes=2-5' });
    expect(await bounded.Body?.transformToString()).toBe('2345');
    expect(bounded).toMatchObject({ ContentRange: 'bytes 2-5/20', ContentLength: 4 });
    expect(bounded.$metadata.httpStatusCode).toBe(206);
    expect(await (await get({ Range: 'bytes=15-' })).Body?.transformToString()).toBe('fghij');
    expect(await (await get({ Range: 'bytes=-3' })).Body?.transformToString()).toBe('hij');
    expect(await (await get({ Range: 'bytes=18-100' })).Body?.transformToString()).toBe('ij');
  });

  it('answers InvalidRange for a range past the end', async () => {
    expect(await failure(get({ Range: 'bytes=20-30' }))).toMatchObject({ code: 'InvalidRange', status: 416 });
  });

  it('applies If-Match, If-None-Match, If-Modified-Since and If-Unmodified-Since', async () => {
    const etag = `"${md5(text)}"`;
    expect(await (await get({ IfMatch: etag })).Body?.transformToString()).toBe(text);
    expect(await failure(get({ IfMatch: '"0000"' }))).toMatchObject({ code: 'PreconditionFailed', status: 412 });
    expect(await failure(get({ IfNoneMatch: etag }))).toMatchObject({ status: 304 });
    expect((await get({ IfNoneMatch: '"0000"' })).$metadata.httpStatusCode).toBe(200);
    const future = new Date(Date.now() + 3600_000);
    const past = new Date(Date.now() - 3600_000);
    expect(await failure(get({ IfModifiedSince: future }))).toMatchObject({ status: 304 });
    expect((await get({ IfModifiedSince: past })).$metadata.httpStatusCode).toBe(200);
    expect(await failure(get({ IfUnmodifiedSince: past }))).toMatchObject({ code: 'PreconditionFailed' });
    expect((await get({ IfUnmodifiedSince: future })).$metadata.httpStatusCode).toBe(200);
    expect(await failure(f.s3.send(new HeadObjectCommand({ Bucket: 'lake', Key: 'main/range.txt', IfMatch: '"0000"' })))).toMatchObject({
      status: 412,
    });
  });
});

describe('delete', () => {
  it('deletes one object (and a missing one quietly)', async () => {
    await put('main/gone.txt', 'bye');
    expect((await f.s3.send(new DeleteObjectCommand({ Bucket: 'lake', Key: 'main/gone.txt' }))).$metadata.httpStatusCode).toBe(204);
    expect((await stat('lake', 'main', 'gone.txt')).status).toBe(404);
    expect((await f.s3.send(new DeleteObjectCommand({ Bucket: 'lake', Key: 'main/never.txt' }))).$metadata.httpStatusCode).toBe(204);
  });

  it('deletes many keys on several branches and reports each refusal', async () => {
    expect((await f.api.post('/repositories/lake/branches', { name: 'dev', source: 'main' })).status).toBe(201);
    await put('main/many/a', 'a');
    await put('main/many/b', 'b');
    await put('dev/many/c', 'c');
    const res = await f.s3.send(
      new DeleteObjectsCommand({
        Bucket: 'lake',
        Delete: { Objects: [{ Key: 'main/many/a' }, { Key: 'main/many/b' }, { Key: 'dev/many/c' }, { Key: 'v1/versioned.txt' }] },
      }),
    );
    expect(res.Deleted?.map((d) => d.Key).sort()).toEqual(['dev/many/c', 'main/many/a', 'main/many/b']);
    expect(res.Errors).toEqual([expect.objectContaining({ Key: 'v1/versioned.txt', Code: 'MethodNotAllowed' })]);
    for (const [ref, path] of [['main', 'many/a'], ['main', 'many/b'], ['dev', 'many/c']] as const) {
      expect((await stat('lake', ref, path)).status).toBe(404);
    }
    const quiet = await f.s3.send(new DeleteObjectsCommand({ Bucket: 'lake', Delete: { Quiet: true, Objects: [{ Key: 'main/many/a' }] } }));
    expect(quiet.Deleted ?? []).toEqual([]);
    expect(quiet.Errors ?? []).toEqual([]);
  });
});

describe('copy', () => {
  it('copies within a branch and from another ref, keeping type and metadata', async () => {
    await put('main/src/data.csv', 'a,b\n1,2\n', { ContentType: 'text/csv', Metadata: { origin: 'src' } });
    const copied = await f.s3.send(new CopyObjectCommand({ Bucket: 'lake', Key: 'main/dst/data.csv', CopySource: 'lake/main/src/data.csv' }));
    expect(copied.CopyObjectResult?.ETag).toBe(`"${md5('a,b\n1,2\n')}"`);
    expect((await stat('lake', 'main', 'dst/data.csv')).body).toMatchObject({ content_type: 'text/csv', metadata: { origin: 'src' } });

    expect((await f.api.post('/repositories/lake/branches', { name: 'copies', source: 'main' })).status).toBe(201);
    await f.s3.send(new CopyObjectCommand({ Bucket: 'lake', Key: 'copies/from-v1.txt', CopySource: '/lake/v1/versioned.txt' }));
    expect((await f.api.get(objectPath('lake', 'copies', 'from-v1.txt'))).body).toBe('v1');
  });

  it('replaces type and metadata with the REPLACE directive', async () => {
    await f.s3.send(
      new CopyObjectCommand({
        Bucket: 'lake',
        Key: 'main/dst/replaced.csv',
        CopySource: 'lake/main/src/data.csv',
        MetadataDirective: 'REPLACE',
        ContentType: 'application/x-csv',
        Metadata: { new: 'yes' },
      }),
    );
    expect((await stat('lake', 'main', 'dst/replaced.csv')).body).toMatchObject({ content_type: 'application/x-csv', metadata: { new: 'yes' } });
  });

  it('answers NoSuchKey for a missing source and NotImplemented across repositories', async () => {
    expect(await failure(f.s3.send(new CopyObjectCommand({ Bucket: 'lake', Key: 'main/x', CopySource: 'lake/main/absent' })))).toMatchObject({
      code: 'NoSuchKey',
    });
    expect(await failure(f.s3.send(new CopyObjectCommand({ Bucket: 'lake', Key: 'main/x', CopySource: 'other/main/a' })))).toMatchObject({
      code: 'NotImplemented',
      status: 501,
    });
  });
});
