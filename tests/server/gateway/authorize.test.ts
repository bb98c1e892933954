// The gateway's permission hook: each operation asks for lakeFS's action on lakeFS's resource name, and a refusal
// is S3's AccessDenied (for DeleteObjects, per key). The gateway runs over the real catalog and auth on SQLite.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { deriveKeys } from '../../../server/auth/crypto';
import { kvRecords } from '../../../server/auth/kv-records';
import { AuthService } from '../../../server/auth/service';
import { openLocalBlockStore } from '../../../server/blockstore';
import { Catalog } from '../../../server/catalog';
import { ForbiddenError, InsufficientPermissionsError } from '../../../server/errors';
import { createGateway, type Gateway, type Permission } from '../../../server/gateway';
import { createGraveler } from '../../../server/graveler';
import { openSqliteKv } from '../../../server/kv';
import { signedHeaders, type Key } from './sign';

const dir = mkdtempSync(join(tmpdir(), 'tarn-gateway-authorize-'));
const kv = openSqliteKv({ path: join(dir, 'metadata.db') });
const blocks = openLocalBlockStore({ root: join(dir, 'blocks') });
const graveler = createGraveler({ kv, blockstore: blocks });
const catalog = new Catalog(graveler, blocks);
const auth = new AuthService(kvRecords(kv), deriveKeys(randomBytes(32)));
const asked: Permission[] = [];
/**
 * Deleting `keep.txt` is not allowed; nor is reading `secret.txt`, refused with the authorizer's own error (as
 * `byPolicies` throws it, which the API answers 401); everything else is allowed.
 */
const gateway: Gateway = createGateway({
  catalog,
  auth,
  authorize: async (_principal, needed) => {
    asked.push(...needed);
    if (needed.some((p) => p.action === 'fs:DeleteObject' && p.resource.endsWith('/object/keep.txt'))) throw new ForbiddenError('denied by policy');
    const secret = needed.find((p) => p.action === 'fs:ReadObject' && p.resource.endsWith('/object/secret.txt'));
    if (secret) throw new InsufficientPermissionsError(`not allowed to ${secret.action} on ${secret.resource}`);
  },
});
let key: Key;

beforeAll(async () => {
  const credentials = await auth.setup({ username: 'admin' });
  key = { accessKeyId: credentials.access_key_id, secret: credentials.secret_access_key };
  await catalog.createRepository({ id: 'lake', storageNamespace: 'local://lake', defaultBranch: 'main', readOnly: false, committer: 'admin' });
});
beforeEach(() => {
  asked.length = 0;
});
afterAll(async () => {
  await graveler.close();
  await kv.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends a signed request straight to the gateway. */
async function send(method: string, path: string, body?: string) {
  const url = new URL(`http://gateway.test${path}`);
  const { headers } = signedHeaders(method, url, key, 'UNSIGNED-PAYLOAD');
  const request = new Request(url, { method, headers });
  const response = await gateway.handle({ request, body: Readable.from(body === undefined ? [] : [Buffer.from(body)]) });
  return { status: response.status, text: await response.text() };
}

it('asks for fs:WriteObject and fs:ReadObject on the object', async () => {
  expect((await send('PUT', '/lake/main/keep.txt', 'kept')).status).toBe(200);
  expect(asked).toEqual([{ action: 'fs:WriteObject', resource: 'arn:lakefs:fs:::repository/lake/object/keep.txt' }]);
  asked.length = 0;
  expect(await send('GET', '/lake/main/keep.txt')).toEqual({ status: 200, text: 'kept' });
  expect(asked).toEqual([{ action: 'fs:ReadObject', resource: 'arn:lakefs:fs:::repository/lake/object/keep.txt' }]);
});

it('asks for fs:ListRepositories and fs:ListObjects', async () => {
  expect((await send('GET', '/')).status).toBe(200);
  expect((await send('GET', '/lake?list-type=2&prefix=main/')).status).toBe(200);
  expect(asked.map((p) => p.action)).toEqual(['fs:ListRepositories', 'fs:ListObjects']);
  expect(asked[1]?.resource).toBe('arn:lakefs:fs:::repository/lake');
});

it('answers AccessDenied when the hook refuses, and deletes nothing', async () => {
  const refused = await send('DELETE', '/lake/main/keep.txt');
  expect(refused.status).toBe(403);
  expect(refused.text).toContain('<Code>AccessDenied</Code><Message>denied by policy</Message>');
  expect((await send('GET', '/lake/main/keep.txt')).status).toBe(200);
});

it("answers AccessDenied (403, S3's protocol) when the authorizer refuses, not the API's 401", async () => {
  expect((await send('PUT', '/lake/main/secret.txt', 'hidden')).status).toBe(200);
  const refused = await send('GET', '/lake/main/secret.txt');
  expect(refused.status).toBe(403);
  expect(refused.text).toContain(
    '<Code>AccessDenied</Code><Message>insufficient permissions: not allowed to fs:ReadObject on arn:lakefs:fs:::repository/lake/object/secret.txt</Message>',
  );
});

it('refuses DeleteObjects key by key', async () => {
  expect((await send('PUT', '/lake/main/drop.txt', 'dropped')).status).toBe(200);
  const body = '<Delete><Object><Key>main/keep.txt</Key></Object><Object><Key>main/drop.txt</Key></Object></Delete>';
  const res = await send('POST', '/lake?delete', body);
  expect(res.status).toBe(200);
  expect(res.text).toContain('<Deleted><Key>main/drop.txt</Key></Deleted>');
  expect(res.text).toContain('<Error><Key>main/keep.txt</Key><Code>AccessDenied</Code>');
  expect((await send('GET', '/lake/main/drop.txt')).status).toBe(404);
  expect((await send('GET', '/lake/main/keep.txt')).status).toBe(200);
});
