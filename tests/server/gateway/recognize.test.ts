// Which requests the S3 gateway takes: every request that looks like S3's gets S3's XML (an unsigned one its
// refusal), never the console's page; the console's own addresses, with the query parameters its pages use, and
// the API's calls are left to them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type GatewayFixture } from './harness';

let f: GatewayFixture;
const page = '<!doctype html><title>Tarn</title>';

beforeAll(async () => {
  f = await startGateway(['lake']);
  writeFileSync(join(f.server.consoleDir, 'index.html'), page);
  mkdirSync(join(f.server.consoleDir, 'assets'));
  writeFileSync(join(f.server.consoleDir, 'assets', 'index-abc123.js'), 'console.log(1)');
});
afterAll(async () => {
  await f.server.close();
});

const gatewayAnswered = (res: Response) => res.headers.get('x-amz-request-id') !== null;

describe("the console's own addresses", () => {
  // Every query parameter the console's pages read (src/lib/search-schemas.ts and the login page).
  const consolePaths = [
    '/',
    '/setup',
    '/auth/login?next=%2Frepositories&redirected=true',
    '/auth/users?prefix=a&after=b',
    '/auth/credentials?after=AKIA',
    '/auth/users/create?token=t&email=a%40b.c',
    '/repositories?prefix=la&after=lake',
    '/repositories/lake/objects?ref=main&path=a%2Fb%2F&after=x&importDialog=true&search=q',
    '/repositories/lake/object?ref=main&path=a.csv&sql=select%201',
    '/repositories/lake/compare?ref=main&compare=dev&prefix=a%2F&delimiter=%2F',
    '/repositories/lake/changes?ref=dev&prefix=a%2F',
    '/repositories/lake/commits?ref=main&after=abc&view=graph',
    '/repositories/lake/branches?prefix=fe&after=feature',
    '/repositories/lake/pulls?status=closed&after=1',
    '/repositories/lake/pulls/create?ref=main&compare=dev',
    '/repositories/lake/actions?after=x&branch=main&commit=abc',
    '/repositories/lake/actions/run-1?action=check',
  ];

  it.each(consolePaths)('serves %s as the console', async (path) => {
    const res = await fetch(`${f.server.url}${path}`);
    expect(res.status).toBe(200);
    expect(gatewayAnswered(res)).toBe(false);
    expect(res.headers.get('content-type')).toContain('text/html');
    // The built page, with the answers to its first reads (server/http/console-boot.ts) after it.
    const served = await res.text();
    expect(served.startsWith(page)).toBe(true);
    expect(served).toContain('<script type="application/json" id="tarn-boot">');
  });

  it('serves its assets, and the API its calls, even with S3-like parameters', async () => {
    const asset = await fetch(`${f.server.url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(gatewayAnswered(asset)).toBe(false);
    // `location` is a parameter of the API's symlink call and a sub-resource of S3's: under /api/v1 it is the API's.
    const api = await fetch(`${f.server.url}/api/v1/repositories/lake/refs/main/symlink?location=x`, {
      method: 'POST',
      headers: { authorization: f.credentials.authorization },
    });
    expect(gatewayAnswered(api)).toBe(false);
    expect(api.headers.get('content-type')).toContain('application/json');
    const user = await fetch(`${f.server.url}/api/v1/user?list-type=2`, { headers: { authorization: f.credentials.authorization } });
    expect(user.status).toBe(200);
    expect(gatewayAnswered(user)).toBe(false);
  });
});

describe('requests that look like S3', () => {
  const unsigned: Array<[string, string, RequestInit?]> = [
    ['ListObjectsV2', '/lake?list-type=2&prefix=main%2F'],
    ['ListObjects of a bucket named like a console page', '/repositories?list-type=2'],
    ['ListMultipartUploads', '/lake?uploads'],
    ['CreateMultipartUpload', '/lake/main/a.bin?uploads', { method: 'POST' }],
    ['UploadPart', '/lake/main/a.bin?partNumber=1&uploadId=abc', { method: 'PUT', body: 'x' }],
    ['ListParts', '/lake/main/a.bin?uploadId=abc'],
    ['DeleteObjects', '/lake?delete', { method: 'POST', body: '<Delete/>' }],
    ['a V4 presigned address', '/lake/main/a.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%2F20240101%2Fus-east-1%2Fs3%2Faws4_request'],
    ['a V2 presigned address', '/lake/main/a.txt?AWSAccessKeyId=AKIA&Expires=1&Signature=x'],
    ['an anonymous PutObject', '/lake/main/a.txt', { method: 'PUT', body: 'x' }],
    ['an anonymous DeleteObject', '/lake/main/a.txt', { method: 'DELETE' }],
    ['a request with x-amz headers', '/lake/main/a.txt', { headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } }],
  ];

  it.each(unsigned)("answers %s with S3's refusal in XML", async (_name, path, init) => {
    const res = await fetch(`${f.server.url}${path}`, init);
    expect(gatewayAnswered(res)).toBe(true);
    // Refused for want of a (complete) signature: AccessDenied, or for the partial V4 query its parameter error.
    expect([400, 403]).toContain(res.status);
    expect(res.headers.get('content-type')).toBe('application/xml');
    expect(await res.text()).toMatch(/<Code>(AccessDenied|AuthorizationQueryParametersError)<\/Code>/);
  });

  it('answers a signed request anywhere, the API prefix included', async () => {
    const res = await fetch(`${f.server.url}/api/v1/user`, { headers: { authorization: `AWS ${f.credentials.accessKeyId}:c2lnbmF0dXJl` } });
    expect(gatewayAnswered(res)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/xml');
  });
});
