// AWS Signature Version 2 at the S3 gateway, signed here by hand: in the Authorization header, in presigned
// addresses, and the AWS Java SDK's query form; with the refusals lakeFS answers (a wrong signature, an unknown key,
// an expired address, a request dated too far from now). boto3 and s3cmd sign V2 for real in boto3.test.ts and
// s3cmd.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectPath } from '../http/harness';
import { startGateway, type GatewayFixture } from './harness';
import { javaV2Presigned, signV2, v2Headers, v2Presigned, type Key } from './sign';

let f: GatewayFixture;
let key: Key;

beforeAll(async () => {
  f = await startGateway(['lake']);
  key = { accessKeyId: f.credentials.accessKeyId, secret: f.credentials.secret };
  expect((await f.api.upload('lake', 'main', 'hello.txt', 'hello')).status).toBe(201);
});
afterAll(async () => {
  await f.server.close();
});

/** The S3 error an answer carries: its status and code. */
async function s3Error(res: Response): Promise<{ status: number; code: string | undefined; message: string | undefined }> {
  const xml = await res.text();
  expect(res.headers.get('content-type')).toBe('application/xml');
  return { status: res.status, code: /<Code>([^<]*)<\/Code>/.exec(xml)?.[1], message: /<Message>([^<]*)<\/Message>/.exec(xml)?.[1] };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A body fetch sends without a Content-Type of its own (a string gets text/plain, which the signature did not cover). */
const bytes = (text: string) => new TextEncoder().encode(text);

describe('Signature Version 2 in the Authorization header', () => {
  it('reads, writes and lists', async () => {
    const got = await fetch(`${f.server.url}/lake/main/hello.txt`, { headers: v2Headers(key, 'GET', '/lake/main/hello.txt') });
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('hello');

    const headers = { 'content-type': 'text/plain', 'x-amz-meta-origin': 'v2' };
    const put = await fetch(`${f.server.url}/lake/main/v2/put%20me.txt`, {
      method: 'PUT',
      headers: v2Headers(key, 'PUT', '/lake/main/v2/put%20me.txt', headers),
      body: 'written with V2',
    });
    expect(put.status).toBe(200);
    const stats = await f.api.get<{ metadata: Record<string, string> }>(`/repositories/lake/refs/main/objects/stat?path=${encodeURIComponent('v2/put me.txt')}`);
    expect(stats.body.metadata).toEqual({ origin: 'v2' });
    expect((await f.api.get(objectPath('lake', 'main', 'v2/put me.txt'))).body).toBe('written with V2');

    const listed = await fetch(`${f.server.url}/lake?prefix=main/v2/`, { headers: v2Headers(key, 'GET', '/lake') });
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain('<Key>main/v2/put me.txt</Key>');
  });

  it('signs the sub-resources with the path: a multipart upload', async () => {
    const start = await fetch(`${f.server.url}/lake/main/v2/parts.bin?uploads`, { method: 'POST', headers: v2Headers(key, 'POST', '/lake/main/v2/parts.bin?uploads') });
    expect(start.status).toBe(200);
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await start.text())?.[1] ?? '';
    const resource = `/lake/main/v2/parts.bin?partNumber=1&uploadId=${uploadId}`;
    const part = await fetch(`${f.server.url}${resource}`, { method: 'PUT', headers: v2Headers(key, 'PUT', resource), body: bytes('one part') });
    expect(part.status).toBe(200);
    // A sub-resource left out of the signature does not match.
    const unsigned = await fetch(`${f.server.url}${resource}`, { method: 'PUT', headers: v2Headers(key, 'PUT', '/lake/main/v2/parts.bin'), body: bytes('x') });
    expect(await s3Error(unsigned)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('takes x-amz-date in place of Date: signed with an empty date line (S3) or with the Date header (lakeFS)', async () => {
    const resource = '/lake/main/hello.txt';
    const amz = { 'x-amz-date': new Date().toUTCString() };
    const emptyDateLine = `AWS ${key.accessKeyId}:${signV2(key, 'GET', resource, amz, '')}`;
    expect((await fetch(`${f.server.url}${resource}`, { headers: { ...amz, authorization: emptyDateLine } })).status).toBe(200);
    expect((await fetch(`${f.server.url}${resource}`, { headers: v2Headers(key, 'GET', resource, amz) })).status).toBe(200);
  });

  it('refuses a wrong signature, an unknown key, a malformed header and a request dated too far from now', async () => {
    const url = `${f.server.url}/lake/main/hello.txt`;
    const wrong = v2Headers({ ...key, secret: 'x'.repeat(40) }, 'GET', '/lake/main/hello.txt');
    expect(await s3Error(await fetch(url, { headers: wrong }))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const unknown = v2Headers({ ...key, accessKeyId: 'AKIAJNOSUCHKEY00000Q' }, 'GET', '/lake/main/hello.txt');
    expect(await s3Error(await fetch(url, { headers: unknown }))).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(await s3Error(await fetch(url, { headers: { authorization: `AWS ${key.accessKeyId}` } }))).toMatchObject({ status: 400, code: 'InvalidArgument' });
    const undated = v2Headers(key, 'GET', '/lake/main/hello.txt');
    expect(await s3Error(await fetch(url, { headers: { authorization: undated.authorization } }))).toMatchObject({ status: 403, code: 'AccessDenied' });
    const late = v2Headers(key, 'GET', '/lake/main/hello.txt', {}, new Date(Date.now() - 20 * 60_000));
    expect(await s3Error(await fetch(url, { headers: late }))).toMatchObject({ status: 403, code: 'RequestTimeTooSkewed' });
  });
});

describe('Signature Version 2 presigned addresses', () => {
  it('reads and writes at an address valid until Expires', async () => {
    const got = await fetch(v2Presigned(f.server.url, key, 'GET', '/lake/main/hello.txt', nowSeconds() + 60));
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('hello');
    const put = await fetch(v2Presigned(f.server.url, key, 'PUT', '/lake/main/v2/presigned.txt', nowSeconds() + 60), { method: 'PUT', body: bytes('by address') });
    expect(put.status).toBe(200);
    expect((await f.api.get(objectPath('lake', 'main', 'v2/presigned.txt'))).body).toBe('by address');
  });

  it('refuses an expired address, one for another key or method, and an unknown key', async () => {
    const expired = await fetch(v2Presigned(f.server.url, key, 'GET', '/lake/main/hello.txt', nowSeconds() - 1));
    expect(await s3Error(expired)).toEqual({ status: 403, code: 'AccessDenied', message: 'Request has expired' });
    const address = v2Presigned(f.server.url, key, 'GET', '/lake/main/hello.txt', nowSeconds() + 60);
    expect(await s3Error(await fetch(address.replace('hello.txt', 'other.txt')))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(await s3Error(await fetch(address, { method: 'DELETE' }))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const unknown = v2Presigned(f.server.url, { ...key, accessKeyId: 'AKIAJNOSUCHKEY00000Q' }, 'GET', '/lake/main/hello.txt', nowSeconds() + 60);
    expect(await s3Error(await fetch(unknown))).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect((await f.api.get(objectPath('lake', 'main', 'hello.txt'))).status).toBe(200);
  });
});

describe("the AWS Java SDK's Signature Version 2 query", () => {
  it('reads with a valid signature and refuses a wrong or stale one', async () => {
    const base = new URL(f.server.url);
    const got = await fetch(javaV2Presigned(base, key, '/lake/main/hello.txt'));
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('hello');
    const wrong = await fetch(javaV2Presigned(base, { ...key, secret: 'x'.repeat(40) }, '/lake/main/hello.txt'));
    expect(await s3Error(wrong)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const stale = await fetch(javaV2Presigned(base, key, '/lake/main/hello.txt', new Date(Date.now() - 20 * 60_000)));
    expect(await s3Error(stale)).toMatchObject({ status: 403, code: 'RequestTimeTooSkewed' });
  });
});
