// The audit log over the real server: a change, a login, a failed login and a refused S3 write are recorded with
// who, what and where, and never a secret or a body; GET /audit filters and pages them, newest first, for
// administrators and for a policy granting auth:ReadAuditLog only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord, AuditRecordList } from '../../../server/http/wire';
import { startGateway, type GatewayFixture } from '../gateway/harness';
import { addUser, basicAuth, client, signIn, type Client, type Credentials } from './harness';

let f: GatewayFixture;
let admin: Client;
let viewer: Credentials;
let auditor: Credentials;
const secretBody = 'body-text-that-must-never-be-logged';
const wrongSecret = 'wrong-secret-never-logged';

async function audit(query = ''): Promise<AuditRecordList> {
  const answer = await admin.get<AuditRecordList>(`/audit${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

const find = (records: AuditRecord[], test: (r: AuditRecord) => boolean) => records.find(test);

beforeAll(async () => {
  f = await startGateway(['lake']);
  admin = f.api;
  viewer = await addUser(admin, 'vera', { groups: ['Viewers'] });
  await admin.post('/auth/policies', { id: 'read-audit', statement: [{ effect: 'allow', action: ['auth:ReadAuditLog'], resource: '*' }] });
  auditor = await addUser(admin, 'auditor', { policies: ['read-audit'] });
  // A change: a branch, and an upload whose body must not reach the log.
  expect((await admin.post('/repositories/lake/branches', { name: 'feature', source: 'main' })).status).toBe(201);
  expect((await admin.upload('lake', 'feature', 'data/secret.txt', secretBody)).status).toBe(201);
  // A login and a logout, and a failed login.
  const session = await signIn(f.server, viewer);
  await fetch(`${f.server.url}/logout`, { headers: { cookie: session.cookie }, redirect: 'manual' });
  const failed = await fetch(`${f.server.api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ access_key_id: 'AKIAWRONGKEY', secret_access_key: wrongSecret }),
  });
  expect(failed.status).toBe(401);
  // A call with a key that names no one.
  expect((await client(f.server, basicAuth('AKIANOBODY', wrongSecret)).get('/repositories')).status).toBe(401);
  // A refused S3 write.
  const s3 = f.s3With({ credentials: { accessKeyId: viewer.accessKeyId, secretAccessKey: viewer.secret } });
  await expect(s3.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/nope.txt', Body: secretBody }))).rejects.toThrow();
  // An S3 call signed with a key that names no one.
  const stranger = f.s3With({ credentials: { accessKeyId: 'AKIAS3STRANGER', secretAccessKey: wrongSecret } });
  await expect(stranger.send(new PutObjectCommand({ Bucket: 'lake', Key: 'main/stranger.txt', Body: secretBody }))).rejects.toThrow();
}, 60_000);
afterAll(async () => {
  await f?.server.close();
});

describe('recording', () => {
  it('records a change with its user, lakeFS action, resource, method, path, status and client', async () => {
    const { results } = await audit();
    const branch = find(results, (r) => r.operation === 'createBranch');
    expect(branch).toMatchObject({
      user: 'admin',
      action: 'fs:CreateBranch',
      resource: 'arn:lakefs:fs:::repository/lake/branch/feature',
      method: 'POST',
      path: '/api/v1/repositories/lake/branches',
      status: 201,
      repository: 'lake',
    });
    expect(branch?.client).toMatch(/127\.0\.0\.1/);
    const upload = find(results, (r) => r.operation === 'uploadObject');
    expect(upload).toMatchObject({
      user: 'admin',
      action: 'fs:WriteObject',
      resource: 'arn:lakefs:fs:::repository/lake/object/data/secret.txt',
      status: 201,
    });
    // The path without its query.
    expect(upload?.path).toBe('/api/v1/repositories/lake/branches/feature/objects');
  });

  it('records a login, a failed login with the key tried, and an unknown key', async () => {
    const { results } = await audit();
    expect(find(results, (r) => r.operation === 'login' && r.status === 200)).toMatchObject({ user: 'vera', method: 'POST' });
    expect(find(results, (r) => r.operation === 'logout')).toMatchObject({ user: 'vera', method: 'GET', path: '/logout', status: 307 });
    const failed = find(results, (r) => r.operation === 'login' && r.status === 401);
    expect(failed).toMatchObject({ access_key_id: 'AKIAWRONGKEY' });
    expect(failed?.user).toBeUndefined();
    expect(find(results, (r) => r.access_key_id === 'AKIANOBODY')).toMatchObject({ operation: 'listRepositories', method: 'GET', status: 401 });
  });

  it('records a refused S3 write with the action it was refused', async () => {
    const { results } = await audit();
    expect(find(results, (r) => r.operation === 's3:putObject')).toMatchObject({
      user: 'vera',
      action: 'fs:WriteObject',
      resource: 'arn:lakefs:fs:::repository/lake/object/nope.txt',
      method: 'PUT',
      status: 403,
      repository: 'lake',
    });
  });

  it('records an S3 call signed with an unknown key by the key it tried', async () => {
    const { results } = await audit('?user=AKIAS3STRANGER');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      access_key_id: 'AKIAS3STRANGER',
      method: 'PUT',
      path: '/lake/main/stranger.txt',
      status: 403,
      repository: 'lake',
    });
    expect(results[0]?.user).toBeUndefined();
  });

  it('keeps no secret and no body in the store', async () => {
    await audit();
    const stored = readFileSync(join(f.server.dataDir, 'metadata.db')).toString('latin1');
    const wal = (() => {
      try {
        return readFileSync(join(f.server.dataDir, 'metadata.db-wal')).toString('latin1');
      } catch {
        return '';
      }
    })();
    for (const text of [stored + wal, JSON.stringify((await audit('?amount=1000')).results)]) {
      expect(text).toContain('AKIAWRONGKEY');
      expect(text).not.toContain(wrongSecret);
      expect(text).not.toContain(viewer.secret);
      expect(text).not.toContain(secretBody);
    }
  });
});

describe('reading', () => {
  it('lists newest first and pages with lakeFS pagination', async () => {
    const all = (await audit('?amount=1000')).results;
    expect(all.length).toBeGreaterThan(4);
    const times = all.map((r) => r.time);
    expect([...times].sort().reverse()).toEqual(times);
    const first = await audit('?amount=2');
    expect(first.pagination).toMatchObject({ has_more: true, results: 2, max_per_page: 1000 });
    const second = await audit(`?amount=2&after=${first.pagination.next_offset}`);
    expect([...first.results, ...second.results]).toEqual(all.slice(0, 4));
  });

  it('filters by user, action, repository and time', async () => {
    const byUser = (await audit('?user=vera')).results;
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((r) => r.user === 'vera')).toBe(true);
    expect((await audit('?user=AKIAWRONGKEY')).results.map((r) => r.operation)).toEqual(['login']);
    const writes = (await audit('?action=fs:WriteObject')).results;
    expect(writes.map((r) => r.operation).sort()).toEqual(['s3:putObject', 'uploadObject']);
    const lake = (await audit('?repository=lake')).results;
    expect(lake.length).toBeGreaterThan(1);
    expect(lake.every((r) => r.repository === 'lake')).toBe(true);
    expect((await audit('?to=2000-01-01T00:00:00Z')).results).toEqual([]);
    const since = await audit(`?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&action=createBranch`);
    expect(since.results.map((r) => r.operation)).toEqual(['createBranch']);
  });

  it('refuses bad parameters with a message naming them', async () => {
    const bad = async (query: string) => (await admin.get<{ message: string }>(`/audit${query}`)).body.message;
    expect(await bad('?from=yesterday')).toBe(
      'parameter "from" in query has an error: "yesterday" is not a time; give one such as 2026-11-30T09:00:00Z',
    );
    expect(await bad('?from=2026-11-30T10:00:00Z&to=2026-11-30T09:00:00Z')).toBe(
      'parameter "from" in query has an error: 2026-11-30T10:00:00Z is after "to" (2026-11-30T09:00:00Z)',
    );
    expect(await bad('?after=xyz')).toBe('parameter "after" in query has an error: "xyz" is not a next_offset this listing gave');
    expect(await bad('?amount=5000')).toBe('parameter "amount" in query has an error: number must be at most 1000');
    expect(await bad('?user=')).toBe('parameter "user" in query has an error: empty value is not allowed');
  });

  it('refuses a user without the permission, and lets one with auth:ReadAuditLog read', async () => {
    const refused = await client(f.server, viewer.authorization).get<{ message: string }>('/audit');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('insufficient permissions: not allowed to auth:ReadAuditLog on *');
    const allowed = await client(f.server, auditor.authorization).get<AuditRecordList>('/audit?user=vera');
    expect(allowed.status).toBe(200);
    // The refusal is itself recorded.
    expect(allowed.body.results.some((r) => r.operation === 'listAuditLog' && r.status === 401)).toBe(true);
  });
});
