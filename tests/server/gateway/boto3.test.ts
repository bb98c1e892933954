// boto3 (Debian's python3-boto3) against the S3 gateway, each way it signs: its default (Signature V4 for calls),
// signature_version='s3' (V2 in the header) and 's3v4'; its presigned addresses (V2 by default, and with 's3');
// upload_file in parts with S3's multipart ETag. Effects are checked through the REST API. A machine without boto3
// fails here: .ci/run installs it.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectPath } from '../http/harness';
import { boto3, type Boto3, type BotoSignature } from './boto3';
import { multipartEtag, multipartFilesOf, startGateway, type GatewayFixture } from './harness';

let f: GatewayFixture;
let boto: Boto3;

beforeAll(async () => {
  f = await startGateway(['lake']);
  boto = boto3(f);
  expect((await f.api.upload('lake', 'main', 'hello.txt', 'hello')).status).toBe(201);
});
afterAll(async () => {
  boto?.close();
  await f?.server.close();
});

interface Roundtrip {
  body: string;
  etag: string;
  contentType: string;
  metadata: Record<string, string>;
  listedV2: string[];
  listedV1: string[];
  buckets: string[];
  deleted: string[];
  missing: string | null;
}

const stat = (path: string) => f.api.get<{ checksum: string; size_bytes: number }>(`/repositories/lake/refs/main/objects/stat?path=${encodeURIComponent(path)}`);

describe.each<BotoSignature>(['default', 's3', 's3v4'])('calls signed as %s', (signature) => {
  it('puts, reads, lists, copies and deletes; starts and aborts an upload', async () => {
    const result = await boto.call<Roundtrip>(signature, 'roundtrip', signature);
    expect(result).toEqual({
      body: 'id,name\n1,lake\n',
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      contentType: 'text/csv',
      metadata: { run: '7' },
      listedV2: [`main/${signature}/copy.csv`, `main/${signature}/data file.csv`],
      listedV1: [`main/${signature}/copy.csv`, `main/${signature}/data file.csv`],
      buckets: ['lake'],
      deleted: [`main/${signature}/copy.csv`],
      missing: 'NoSuchKey',
    });
    expect(result.etag).toBe(`"${(await stat(`${signature}/data file.csv`)).body.checksum}"`);
    expect((await stat(`${signature}/copy.csv`)).status).toBe(404);
    expect(multipartFilesOf(f.server, 'lake')).toEqual([]);
  });
});

describe('presigned addresses', () => {
  it("boto3's default generate_presigned_url reads (Debian 12's botocore presigns V2: AWSAccessKeyId, Signature, Expires)", async () => {
    const address = await boto.call<string>('default', 'presign', 'GET', 'main/hello.txt', '300');
    const res = await fetch(address);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
  });

  it("signature_version='s3' presigns reads and writes", async () => {
    const put = await boto.call<string>('s3', 'presign', 'PUT', 'main/presigned/by-boto.txt', '300');
    expect(new URL(put).searchParams.has('Signature')).toBe(true);
    expect((await fetch(put, { method: 'PUT', body: new TextEncoder().encode('written by address') })).status).toBe(200);
    expect((await f.api.get(objectPath('lake', 'main', 'presigned/by-boto.txt'))).body).toBe('written by address');
    const get = await boto.call<string>('s3', 'presign', 'GET', 'main/presigned/by-boto.txt', '300');
    expect(await (await fetch(get)).text()).toBe('written by address');
  });

  it("'s3v4' presigns V4, and it reads", async () => {
    const address = await boto.call<string>('s3v4', 'presign', 'GET', 'main/hello.txt', '300');
    expect(new URL(address).searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(await (await fetch(address)).text()).toBe('hello');
  });

  it('answers an expired V2 address with AccessDenied, and never the console', async () => {
    const address = await boto.call<string>('s3', 'presign', 'GET', 'main/hello.txt', '-10');
    const res = await fetch(address);
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/xml');
    expect(await res.text()).toContain('<Code>AccessDenied</Code><Message>Request has expired</Message>');
  });
});

describe('upload_file in parts', () => {
  const MiB = 1024 * 1024;

  it.each<BotoSignature>(['default', 's3'])("uploads 11 MiB in 5 MiB parts signed as %s, with S3's multipart ETag", async (signature) => {
    const data = randomBytes(11 * MiB + 7);
    const file = join(boto.work, `big-${signature}.bin`);
    writeFileSync(file, data);
    const key = `main/uploads/${signature}.bin`;
    const head = await boto.call<{ etag: string; size: number }>(signature, 'upload', file, key);
    const etag = multipartEtag([data.subarray(0, 5 * MiB), data.subarray(5 * MiB, 10 * MiB), data.subarray(10 * MiB)]);
    expect(head).toEqual({ etag: `"${etag}"`, size: data.length });
    expect((await stat(`uploads/${signature}.bin`)).body).toMatchObject({ size_bytes: data.length, checksum: etag.replace(/-3$/, '') });
    const copy = join(boto.work, `copy-${signature}.bin`);
    await boto.call(signature, 'download', key, copy);
    expect(readFileSync(copy).equals(data)).toBe(true);
    expect(multipartFilesOf(f.server, 'lake')).toEqual([]);
  });
});
