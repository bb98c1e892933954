// Data made before access control (one setup admin, their key, no groups or policies) is brought up to date at
// start: the built-in groups and policies appear, and the admin stays an admin.
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openSqliteKv } from '../../../server/kv';
import type { CredentialsList, GroupList, UserList } from '../../../server/http/wire';
import { client, setupAdmin, startTestServer, type TestServer } from './harness';

let server: TestServer | undefined;

afterAll(async () => {
  await server?.close();
});

/** Leaves only what a data folder made before access control holds: the setup record, users, keys and sessions. */
async function rollBackToSingleAdmin(dataDir: string): Promise<void> {
  const kv = openSqliteKv({ path: join(dataDir, 'metadata.db') });
  const kept = /^auth\/(setup|users\/|credentials\/|sessions\/)/;
  for (const entry of await kv.scan({ prefix: 'auth/', limit: 10_000 })) {
    if (!kept.test(entry.key)) await kv.delete(entry.key);
  }
  await kv.close();
}

describe('an installation made before access control', () => {
  it('keeps its admin an admin', async () => {
    const first = await startTestServer();
    const keys = await setupAdmin(first);
    await first.close(true);
    await rollBackToSingleAdmin(first.dataDir);

    server = await startTestServer(first.dataDir);
    const admin = client(server, keys.authorization);
    expect((await admin.get<UserList>('/auth/groups/Admins/members')).body.results.map((u) => u.id)).toEqual(['admin']);
    expect((await admin.get<GroupList>('/auth/groups')).body.results.map((g) => g.id)).toEqual(['Admins', 'Developers', 'SuperUsers', 'Viewers']);
    expect((await admin.get<CredentialsList>('/auth/users/admin/credentials')).body.results.map((c) => c.access_key_id)).toEqual([keys.accessKeyId]);
    expect((await admin.post('/repositories', { name: 'after', storage_namespace: 'local://after' })).status).toBe(201);
    expect((await admin.post('/auth/users', { id: 'newcomer' })).status).toBe(201);
  });
});
