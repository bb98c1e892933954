// Multipart uploads through the S3 gateway: lib-storage's managed upload, and each call on its own with the
// refusals S3 makes (unknown upload, wrong ETag, parts out of order, a small part before the last, a protected
// branch); the ETag S3 gives a multipart object, and nothing left behind by an aborted or refused upload.
import { createHash, randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3ServiceException,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStats } from '../../../server/http/wire';
import { multipartEtag, multipartFilesOf, startGateway, type GatewayFixture } from './harness';

let f: GatewayFixture;

beforeAll(async () => {
  f = await startGateway(['lake']);
});
afterAll(async () => {
  await f.server.close();
});

const MiB = 1024 * 1024;
const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');
const multipartFiles = (repo: string) => multipartFilesOf(f.server, repo);

async function failure(call: Promise<unknown>): Promise<string> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof S3ServiceException)) throw new Error(`expected an S3 error, got ${String(err)}`);
  return err.name;
}

const stat = (path: string) => f.api.get<ObjectStats>(`/repositories/lake/refs/main/objects/stat?path=${encodeURIComponent(path)}`);

async function startUpload(key: string) {
  const { UploadId } = await f.s3.send(new CreateMultipartUploadCommand({ Bucket: 'lake', Key: key, ContentType: 'application/x-parquet' }));
  expect(UploadId).toMatch(/^[0-9a-f]{32}$/);
  return UploadId as string;
}

const part = (key: string, uploadId: string, partNumber: number, body: Uint8Array) =>
  f.s3.send(new UploadPartCommand({ Bucket: 'lake', Key: key, UploadId: uploadId, PartNumber: partNumber, Body: body }));

describe('managed upload (lib-storage)', () => {
  it("uploads 12 MB in parts, staged as one object with S3's multipart ETag", async () => {
    const data = randomBytes(12 * MiB + 123);
    const upload = new Upload({
      client: f.s3,
      params: { Bucket: 'lake', Key: 'main/big/data.bin', Body: data, ContentType: 'application/octet-stream', Metadata: { run: '7' } },
      partSize: 5 * MiB,
      queueSize: 2,
    });
    await upload.done();
    const etag = multipartEtag([data.subarray(0, 5 * MiB), data.subarray(5 * MiB, 10 * MiB), data.subarray(10 * MiB)]);
    const stats = await stat('big/data.bin');
    expect(stats.status).toBe(200);
    // The REST API reports the checksum as lakeFS does: S3's multipart ETag without its part count.
    expect(stats.body).toMatchObject({ size_bytes: data.length, checksum: etag.replace(/-3$/, ''), metadata: { run: '7' } });
    expect((await f.s3.send(new HeadObjectCommand({ Bucket: 'lake', Key: 'main/big/data.bin' }))).ETag).toBe(`"${etag}"`);
    const ranged = await f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/big/data.bin', Range: `bytes=${6 * MiB}-${6 * MiB + 99}` }));
    expect(Buffer.from(await ranged.Body!.transformToByteArray())).toEqual(data.subarray(6 * MiB, 6 * MiB + 100));
    const raw = await f.api.raw(`/repositories/lake/refs/main/objects?path=big/data.bin`);
    expect(md5(new Uint8Array(await raw.arrayBuffer()))).toBe(md5(data));
  });
});

/** The parts of parts/table.parquet, as the first multipart test uploads them. */
const tableParts: Buffer[] = [];
const partBytes = (n: number) => tableParts[n - 1] as Buffer;

describe('multipart calls', () => {
  it('lists parts, replaces a part sent again, completes in order and cleans up', async () => {
    const key = 'main/parts/table.parquet';
    const id = await startUpload(key);
    const first = randomBytes(5 * MiB);
    const second = Buffer.from('the last part may be small');
    tableParts.push(first, second);
    await part(key, id, 1, randomBytes(5 * MiB));
    const one = await part(key, id, 1, first);
    const two = await part(key, id, 2, second);
    expect(one.ETag).toBe(`"${md5(first)}"`);
    const listed = await f.s3.send(new ListPartsCommand({ Bucket: 'lake', Key: key, UploadId: id }));
    expect(listed.Parts?.map((p) => [p.PartNumber, p.ETag, p.Size])).toEqual([
      [1, one.ETag, first.length],
      [2, two.ETag, second.length],
    ]);
    const done = await f.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'lake',
        Key: key,
        UploadId: id,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: one.ETag }, { PartNumber: 2, ETag: two.ETag }] },
      }),
    );
    const whole = Buffer.concat([first, second]);
    const etag = `"${multipartEtag([first, second])}"`;
    expect(done.ETag).toBe(etag);
    expect((await stat('parts/table.parquet')).body).toMatchObject({ size_bytes: whole.length, content_type: 'application/x-parquet' });
    // Completed: the upload is gone.
    expect(await failure(f.s3.send(new ListPartsCommand({ Bucket: 'lake', Key: key, UploadId: id })))).toBe('NoSuchUpload');
    expect(multipartFiles('lake').filter((file) => file.includes(id))).toEqual([]);
  });

  it('reports the multipart ETag in GET, HEAD and listings, staged and committed alike', async () => {
    const etag = `"${multipartEtag([partBytes(1), partBytes(2)])}"`;
    const check = async () => {
      expect((await f.s3.send(new HeadObjectCommand({ Bucket: 'lake', Key: 'main/parts/table.parquet' }))).ETag).toBe(etag);
      const got = await f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/parts/table.parquet' }));
      expect(got.ETag).toBe(etag);
      await got.Body?.transformToByteArray();
      const listed = await f.s3.send(new ListObjectsV2Command({ Bucket: 'lake', Prefix: 'main/parts/table' }));
      expect(listed.Contents?.map((o) => o.ETag)).toEqual([etag]);
      expect((await stat('parts/table.parquet')).body.checksum).toBe(etag.slice(1, -3));
    };
    await check();
    expect((await f.api.post('/repositories/lake/branches/main/commits', { message: 'multipart' })).status).toBe(201);
    await check();
  });

  it('copies a range of an object as a part', async () => {
    const key = 'main/parts/copied.bin';
    const id = await startUpload(key);
    const source = (await f.api.raw('/repositories/lake/refs/main/objects?path=parts/table.parquet').then((r) => r.arrayBuffer())) as ArrayBuffer;
    const copied = await f.s3.send(
      new UploadPartCopyCommand({ Bucket: 'lake', Key: key, UploadId: id, PartNumber: 1, CopySource: 'lake/main/parts/table.parquet', CopySourceRange: 'bytes=10-19' }),
    );
    await f.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'lake',
        Key: key,
        UploadId: id,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: copied.CopyPartResult?.ETag }] },
      }),
    );
    const got = await f.api.raw('/repositories/lake/refs/main/objects?path=parts/copied.bin');
    expect(Buffer.from(await got.arrayBuffer())).toEqual(Buffer.from(source).subarray(10, 20));
  });

  it('takes the multipart ETag in a conditional read and write', async () => {
    const etag = `"${multipartEtag([partBytes(1), partBytes(2)])}"`;
    const read = await f.s3.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/parts/table.parquet', IfMatch: etag }));
    expect(read.ContentLength).toBe(5 * MiB + partBytes(2).length);
    await read.Body?.transformToByteArray();
    const stale = f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/parts/table.parquet', Body: 'x', IfMatch: etag.replace(/-2"$/, '-3"') }));
    expect(await failure(stale)).toBe('PreconditionFailed');
    await f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/parts/table.parquet', Body: 'replaced', IfMatch: etag }));
    expect(await (await f.api.raw('/repositories/lake/refs/main/objects?path=parts/table.parquet')).text()).toBe('replaced');
  });

  it('refuses a completion with a wrong ETag, parts out of order or a small part before the last', async () => {
    const key = 'main/parts/refused.bin';
    const id = await startUpload(key);
    const small = await part(key, id, 1, Buffer.from('small'));
    const big = await part(key, id, 2, randomBytes(5 * MiB));
    const complete = (parts: Array<{ PartNumber: number; ETag: string | undefined }>) =>
      f.s3.send(new CompleteMultipartUploadCommand({ Bucket: 'lake', Key: key, UploadId: id, MultipartUpload: { Parts: parts } }));
    expect(await failure(complete([{ PartNumber: 1, ETag: '"00000000000000000000000000000000"' }]))).toBe('InvalidPart');
    expect(await failure(complete([{ PartNumber: 3, ETag: big.ETag }]))).toBe('InvalidPart');
    expect(await failure(complete([{ PartNumber: 2, ETag: big.ETag }, { PartNumber: 1, ETag: small.ETag }]))).toBe('InvalidPartOrder');
    expect(await failure(complete([{ PartNumber: 1, ETag: small.ETag }, { PartNumber: 2, ETag: big.ETag }]))).toBe('EntityTooSmall');
    expect((await stat('parts/refused.bin')).status).toBe(404);
  });

  it('aborts an upload: its parts and records are dropped and its id no longer works', async () => {
    const key = 'main/parts/aborted.bin';
    const id = await startUpload(key);
    await part(key, id, 1, Buffer.from('x'));
    // A part refused for its digest is not kept: the record, part 1 and its record remain.
    const badDigest = f.s3.send(
      new UploadPartCommand({ Bucket: 'lake', Key: key, UploadId: id, PartNumber: 2, Body: Buffer.from('y'), ContentMD5: Buffer.alloc(16).toString('base64') }),
    );
    expect(await failure(badDigest)).toBe('BadDigest');
    expect(multipartFiles('lake').filter((file) => file.includes(id)).map((file) => file.slice(file.lastIndexOf('/') + 1)).sort()).toEqual([
      '00001',
      '00001.json',
      'upload.json',
    ]);
    expect((await f.s3.send(new AbortMultipartUploadCommand({ Bucket: 'lake', Key: key, UploadId: id }))).$metadata.httpStatusCode).toBe(204);
    expect(multipartFiles('lake').filter((file) => file.includes(id))).toEqual([]);
    expect(await failure(part(key, id, 2, Buffer.from('y')))).toBe('NoSuchUpload');
    expect((await stat('parts/aborted.bin')).status).toBe(404);
  });

  it('answers NoSuchUpload for an unknown id or another key, and refuses uploads to a tag', async () => {
    const id = await startUpload('main/parts/mine.bin');
    expect(await failure(part('main/parts/mine.bin', 'f'.repeat(32), 1, Buffer.from('x')))).toBe('NoSuchUpload');
    expect(await failure(part('main/parts/mine.bin', '../../../etc', 1, Buffer.from('x')))).toBe('NoSuchUpload');
    expect(await failure(part('main/parts/other.bin', id, 1, Buffer.from('x')))).toBe('NoSuchUpload');
    expect(await failure(part('main/parts/mine.bin', id, 10_001, Buffer.from('x')))).toBe('InvalidArgument');
    const commit = await f.api.post<{ id: string }>('/repositories/lake/branches/main/commits', { message: 'parts' });
    expect((await f.api.post('/repositories/lake/tags', { id: 'v1', ref: commit.body.id })).status).toBe(201);
    expect(await failure(f.s3.send(new CreateMultipartUploadCommand({ Bucket: 'lake', Key: 'v1/x.bin' })))).toBe('MethodNotAllowed');
  });

  it('refuses an upload to a protected branch when it starts, writing nothing, as for a read-only repository', async () => {
    expect((await f.api.post('/repositories', { name: 'guarded', storage_namespace: 'local://guarded' })).status).toBe(201);
    expect((await f.api.post('/repositories/guarded/branches', { name: 'dev', source: 'main' })).status).toBe(201);
    expect((await f.api.put('/repositories/guarded/settings/branch_protection', [{ pattern: 'main' }])).status).toBe(204);
    expect(await failure(f.s3.send(new CreateMultipartUploadCommand({ Bucket: 'guarded', Key: 'main/x.bin' })))).toBe('AccessDenied');
    expect(multipartFiles('guarded')).toEqual([]);
    // The unprotected branch takes uploads until the repository is made read-only.
    const id = (await f.s3.send(new CreateMultipartUploadCommand({ Bucket: 'guarded', Key: 'dev/x.bin' }))).UploadId;
    await f.s3.send(new AbortMultipartUploadCommand({ Bucket: 'guarded', Key: 'dev/x.bin', UploadId: id }));
    expect((await f.api.put('/repositories/guarded/settings/read_only', { read_only: true })).status).toBe(200);
    expect(await failure(f.s3.send(new CreateMultipartUploadCommand({ Bucket: 'guarded', Key: 'dev/x.bin' })))).toBe('AccessDenied');
    expect(multipartFiles('guarded')).toEqual([]);
  });
});
