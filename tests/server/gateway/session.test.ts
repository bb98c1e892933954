// The console's session at the S3 gateway, as lakeFS's web UI (its DuckDB) uses it: requests signed with placeholder
// keys are the signed-in user's when they carry the session cookie. From the console's origin they read and write;
// a write from another origin is refused (403, S3's XML), as the API refuses it. The API's bearer token and Basic
// credentials name the caller too; without a valid session, the signature alone decides.
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectPath, signIn, type Session } from '../http/harness';
import { startGateway, type GatewayFixture } from './harness';

let f: GatewayFixture;
let session: Session;

beforeAll(async () => {
  f = await startGateway(['lake']);
  session = await signIn(f.server, f.credentials);
  expect((await f.api.upload('lake', 'main', 'seen.txt', 'seen')).status).toBe(201);
});
afterAll(async () => {
  await f.server.close();
});

/** An S3 client signing with placeholder keys, as lakeFS's web UI configures DuckDB, sending a browser's headers. */
function browser(headers: Record<string, string>, credentials = { accessKeyId: 'placeholder', secretAccessKey: 'placeholder' }): S3Client {
  const client = f.s3With({ credentials });
  client.middlewareStack.add(
    (next) => async (args) => {
      Object.assign((args.request as { headers: Record<string, string> }).headers, headers);
      return next(args);
    },
    { step: 'build', name: 'browserHeaders' },
  );
  return client;
}

async function refusal(call: Promise<unknown>): Promise<{ code: string; status: number | undefined; message: string }> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof S3ServiceException)) throw new Error(`expected an S3 error, got ${String(err)}`);
  return { code: err.name, status: err.$metadata.httpStatusCode, message: err.message };
}

const staged = async (path: string) => (await f.api.get(`/repositories/lake/refs/main/objects/stat?path=${encodeURIComponent(path)}`)).status;
const put = (client: S3Client, key: string, body: string) => client.send(new PutObjectCommand({ Bucket: 'lake', Key: key, Body: body }));

describe('from the console’s origin', () => {
  it('reads, lists, writes and deletes as the signed-in user, whatever keys sign', async () => {
    const console = browser({ cookie: session.cookie, origin: f.server.url });
    const got = await console.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/seen.txt' }));
    expect(await got.Body?.transformToString()).toBe('seen');
    const listed = await console.send(new ListObjectsV2Command({ Bucket: 'lake', Prefix: 'main/' }));
    expect(listed.Contents?.map((o) => o.Key)).toContain('main/seen.txt');
    await put(console, 'main/by-session.txt', 'written in the console');
    expect((await f.api.get(objectPath('lake', 'main', 'by-session.txt'))).body).toBe('written in the console');
    await console.send(new DeleteObjectCommand({ Bucket: 'lake', Key: 'main/by-session.txt' }));
    expect(await staged('by-session.txt')).toBe(404);
  });

  it('takes Sec-Fetch-Site: same-origin as the browser’s word for it', async () => {
    await put(browser({ cookie: session.cookie, 'sec-fetch-site': 'same-origin' }), 'main/fetch-site.txt', 'x');
    expect(await staged('fetch-site.txt')).toBe(200);
  });
});

describe('from another origin', () => {
  it('reads, but refuses writes with S3’s AccessDenied and writes nothing', async () => {
    const other = browser({ cookie: session.cookie, origin: 'https://elsewhere.example' });
    const got = await other.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/seen.txt' }));
    expect(await got.Body?.transformToString()).toBe('seen');
    const refused = await refusal(put(other, 'main/cross.txt', 'x'));
    expect(refused).toMatchObject({ code: 'AccessDenied', status: 403 });
    expect(refused.message).toContain('cross-origin request refused');
    expect(await staged('cross.txt')).toBe(404);
    expect(await refusal(other.send(new DeleteObjectCommand({ Bucket: 'lake', Key: 'main/seen.txt' })))).toMatchObject({ code: 'AccessDenied', status: 403 });
    expect(await staged('seen.txt')).toBe(200);
  });

  it('refuses a cookie-signed write a browser sent cross-site, or without any origin', async () => {
    expect(await refusal(put(browser({ cookie: session.cookie, 'sec-fetch-site': 'cross-site' }), 'main/cross.txt', 'x'))).toMatchObject({ status: 403 });
    expect(await refusal(put(browser({ cookie: session.cookie }), 'main/cross.txt', 'x'))).toMatchObject({ status: 403 });
    expect(await staged('cross.txt')).toBe(404);
  });

  it('still takes a request whose signature is valid on its own: the cookie adds nothing to it', async () => {
    const signed = browser({ cookie: session.cookie, origin: 'https://elsewhere.example' }, { accessKeyId: f.credentials.accessKeyId, secretAccessKey: f.credentials.secret });
    await put(signed, 'main/signed-cross.txt', 'x');
    expect(await staged('signed-cross.txt')).toBe(200);
  });
});

describe('without a valid session', () => {
  it('lets the signature decide: placeholder keys are refused', async () => {
    expect(await refusal(browser({}).send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/seen.txt' })))).toMatchObject({ code: 'AccessDenied', status: 403 });
    const forged = browser({ cookie: 'internal_auth_session=not-a-token', origin: f.server.url });
    expect(await refusal(forged.send(new GetObjectCommand({ Bucket: 'lake', Key: 'main/seen.txt' })))).toMatchObject({ code: 'AccessDenied', status: 403 });
  });

  it('refuses a session that was logged out', async () => {
    const ended = await signIn(f.server, f.credentials);
    const client = browser({ cookie: ended.cookie, origin: f.server.url });
    expect((await client.send(new ListObjectsV2Command({ Bucket: 'lake' }))).$metadata.httpStatusCode).toBe(200);
    expect((await fetch(`${f.server.url}/logout`, { headers: { cookie: ended.cookie }, redirect: 'manual' })).status).toBe(307);
    expect(await refusal(client.send(new ListObjectsV2Command({ Bucket: 'lake' })))).toMatchObject({ code: 'AccessDenied', status: 403 });
  });
});

describe("the API's other credentials", () => {
  it('takes a bearer token or Basic key and secret on a request shaped as S3’s', async () => {
    for (const authorization of [`Bearer ${session.token}`, f.credentials.authorization]) {
      const res = await fetch(`${f.server.url}/lake?list-type=2&prefix=main/`, { headers: { authorization } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<Key>main/seen.txt</Key>');
    }
    const wrong = await fetch(`${f.server.url}/lake?list-type=2`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain('<Code>AccessDenied</Code>');
  });
});
