// Authentication of the S3 gateway: AWS Signature V4 in the header and in presigned addresses, payload hashes,
// signed chunks and checksums, and the error codes S3 clients expect (Signature V2: signature-v2.test.ts).
import { crc32 } from 'node:zlib';
import { GetObjectCommand, ListBucketsCommand, PutObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectPath } from '../http/harness';
import { startGateway, type GatewayFixture } from './harness';
import { chunkedPut, signedHeaders, unsignedTrailerPut, type Key } from './sign';

let f: GatewayFixture;
let key: Key;

beforeAll(async () => {
  f = await startGateway(['lake']);
  key = { accessKeyId: f.credentials.accessKeyId, secret: f.credentials.secret };
  await f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/hello.txt', Body: 'hello' }));
});
afterAll(async () => {
  await f.server.close();
});

async function failure(call: Promise<unknown>): Promise<{ code: string; status: number | undefined }> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof S3ServiceException)) throw new Error(`expected an S3 error, got ${String(err)}`);
  return { code: err.name, status: err.$metadata.httpStatusCode };
}

const staged = async (path: string) => (await f.api.get(`/repositories/lake/refs/main/objects/stat?path=${encodeURIComponent(path)}`)).status;
const crc32Of = (data: Buffer) => {
  const digest = Buffer.alloc(4);
  digest.writeUInt32BE(crc32(data) >>> 0);
  return digest.toString('base64');
};

describe('header signatures', () => {
  it('refuses a wrong secret with SignatureDoesNotMatch and an unknown key with AccessDenied, as lakeFS does', async () => {
    const wrongSecret = f.s3With({ credentials: { accessKeyId: key.accessKeyId, secretAccessKey: 'x'.repeat(40) } });
    expect(await failure(wrongSecret.send(new ListBucketsCommand({})))).toEqual({ code: 'SignatureDoesNotMatch', status: 403 });
    const unknown = f.s3With({ credentials: { accessKeyId: 'AKIAJNOSUCHKEY00000Q', secretAccessKey: key.secret } });
    expect(await failure(unknown.send(new ListBucketsCommand({})))).toEqual({ code: 'AccessDenied', status: 403 });
  });

  it('refuses a request signed too far from now with RequestTimeTooSkewed', async () => {
    const late = f.s3With({ systemClockOffset: -20 * 60 * 1000 });
    expect(await failure(late.send(new ListBucketsCommand({})))).toEqual({ code: 'RequestTimeTooSkewed', status: 403 });
    const nearlyLate = f.s3With({ systemClockOffset: -10 * 60 * 1000 });
    expect((await nearlyLate.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual(['lake']);
  });

  it('refuses a body that does not match its signed SHA-256, and stages nothing', async () => {
    const tampering = f.s3With({});
    tampering.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body: unknown };
        request.body = 'HELLO';
        return next(args);
      },
      { step: 'deserialize', name: 'tamperAfterSigning' },
    );
    expect(await failure(tampering.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/tampered.txt', Body: 'hello' }))))
      .toEqual({ code: 'XAmzContentSHA256Mismatch', status: 400 });
    expect(await staged('tampered.txt')).toBe(404);
  });

  it('checks the CRC32 and Content-MD5 a client sends', async () => {
    expect(await failure(f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/crc.txt', Body: 'data', ChecksumCRC32: 'AAAAAA==' }))))
      .toEqual({ code: 'BadDigest', status: 400 });
    expect(await staged('crc.txt')).toBe(404);
    const wrongMd5 = Buffer.alloc(16).toString('base64');
    expect(await failure(f.s3.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/md5.txt', Body: 'data', ContentMD5: wrongMd5 }))))
      .toEqual({ code: 'BadDigest', status: 400 });
    expect(await staged('md5.txt')).toBe(404);
  });
});

describe('chunked bodies', () => {
  const content = Buffer.from('chunks of a signed body, '.repeat(5000));

  it('takes a body in signed chunks and stores exactly its content', async () => {
    const url = new URL(`${f.server.url}/lake/main/chunked.txt`);
    const { headers, body } = chunkedPut(url, key, content, 64 * 1024);
    const res = await fetch(url, { method: 'PUT', headers, body });
    expect(res.status).toBe(200);
    expect((await f.api.get(objectPath('lake', 'main', 'chunked.txt'))).body).toBe(content.toString());
  });

  it('refuses a chunk whose signature does not match, and stages nothing', async () => {
    const url = new URL(`${f.server.url}/lake/main/broken-chunk.txt`);
    const { headers, body } = chunkedPut(url, key, content, 64 * 1024, 1);
    const res = await fetch(url, { method: 'PUT', headers, body });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(await staged('broken-chunk.txt')).toBe(404);
  });

  it('checks the CRC32 trailer of an unsigned chunked body', async () => {
    const url = new URL(`${f.server.url}/lake/main/trailer.txt`);
    const good = unsignedTrailerPut(url, key, content, crc32Of(content));
    expect((await fetch(url, { method: 'PUT', headers: good.headers, body: good.body })).status).toBe(200);
    expect((await f.api.get(objectPath('lake', 'main', 'trailer.txt'))).body).toBe(content.toString());

    const badUrl = new URL(`${f.server.url}/lake/main/bad-trailer.txt`);
    const bad = unsignedTrailerPut(badUrl, key, content, crc32Of(Buffer.from('other')));
    const res = await fetch(badUrl, { method: 'PUT', headers: bad.headers, body: bad.body });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>BadDigest</Code>');
    expect(await staged('bad-trailer.txt')).toBe(404);
  });
});

describe('presigned addresses', () => {
  it('reads and writes at presigned addresses', async () => {
    const getUrl = await getSignedUrl(f.s3, new GetObjectCommand({ Bucket: 'lake', Key: 'main/hello.txt' }), { expiresIn: 60 });
    expect(getUrl).toContain('X-Amz-Signature=');
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('hello');

    const putUrl = await getSignedUrl(f.s3, new PutObjectCommand({ Bucket: 'lake', Key: 'main/presigned.txt' }), { expiresIn: 60 });
    expect((await fetch(putUrl, { method: 'PUT', body: 'put by address' })).status).toBe(200);
    expect((await f.api.get(objectPath('lake', 'main', 'presigned.txt'))).body).toBe('put by address');
  });

  it('refuses an expired address and one whose key was changed', async () => {
    const expired = await getSignedUrl(f.s3, new GetObjectCommand({ Bucket: 'lake', Key: 'main/hello.txt' }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 3600_000),
    });
    const old = await fetch(expired);
    expect(old.status).toBe(403);
    expect(await old.text()).toMatch(/<Code>AccessDenied<\/Code><Message>Request has expired<\/Message>/);

    const valid = await getSignedUrl(f.s3, new GetObjectCommand({ Bucket: 'lake', Key: 'main/hello.txt' }), { expiresIn: 60 });
    const changed = await fetch(valid.replace('hello.txt', 'other.txt'));
    expect(changed.status).toBe(403);
    expect(await changed.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
  });

  it("answers S3's error document", async () => {
    const url = await getSignedUrl(f.s3, new GetObjectCommand({ Bucket: 'lake', Key: 'main/absent.txt' }), { expiresIn: 60 });
    const res = await fetch(url);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/xml');
    const xml = await res.text();
    expect(xml).toContain('<Error><Code>NoSuchKey</Code>');
    expect(xml).toContain('<Resource>/lake/main/absent.txt</Resource>');
    expect(xml).toContain(`<RequestId>${res.headers.get('x-amz-request-id')}</RequestId>`);
  });
});

describe('answers', () => {
  it('serves objects at presigned addresses sandboxed, as the API does', async () => {
    const url = await getSignedUrl(f.s3, new GetObjectCommand({ Bucket: 'lake', Key: 'main/hello.txt' }), { expiresIn: 60 });
    const res = await fetch(url);
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a header-signed request with a malformed signature as S3 does', async () => {
    const url = new URL(`${f.server.url}/lake/main/hello.txt`);
    const { headers } = signedHeaders('GET', url, key, 'UNSIGNED-PAYLOAD');
    const res = await fetch(url, { headers: { ...headers, authorization: 'AWS4-HMAC-SHA256 Credential=nonsense' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>AuthorizationHeaderMalformed</Code>');
    const ok = await fetch(url, { headers });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('hello');
  });
});
