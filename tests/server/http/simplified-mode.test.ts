// Simplified mode: groups carry one ACL (Read, Write, Super, Admin), optionally limited to repositories, enforced
// by the same evaluator as policies; policies themselves are not offered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoginSettings } from '../../../server/auth';
import type { ACL, Config, GroupList, Principals, SetupState } from '../../../server/http/wire';
import { addUser, client, setupAdmin, startTestServer, type Client, type TestServer } from './harness';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer(undefined, { login: { ...defaultLoginSettings, rbac: 'simplified' } });
  admin = client(server, (await setupAdmin(server)).authorization);
  for (const repo of ['sales', 'people']) {
    await admin.post('/repositories', { name: repo, storage_namespace: `local://${repo}` });
    await admin.upload(repo, 'main', 'a.txt', repo);
  }
});
afterAll(async () => {
  await server.close();
});

describe('simplified mode', () => {
  it('is reported in the login configuration and the console configuration', async () => {
    expect(((await (await fetch(`${server.api}/setup_lakefs`)).json()) as SetupState).login_config?.RBAC).toBe('simplified');
    expect((await admin.get<Config>('/config')).body.ui_config?.RBAC).toBe('simplified');
  });

  it("creates lakeFS's four ACL groups at setup, the admin in Admins", async () => {
    expect((await admin.get<GroupList>('/auth/groups')).body.results.map((g) => g.id)).toEqual(['Admins', 'Readers', 'Supers', 'Writers']);
    const acls = await Promise.all(['Admins', 'Supers', 'Writers', 'Readers'].map(async (g) => (await admin.get<ACL>(`/auth/groups/${g}/acl`)).body));
    expect(acls).toEqual([{ permission: 'Admin' }, { permission: 'Super' }, { permission: 'Write' }, { permission: 'Read' }]);
    expect((await admin.get('/auth/groups/Admins/members')).body).toMatchObject({ results: [{ id: 'admin' }] });
  });

  it('offers no policies: their calls answer 501', async () => {
    for (const [method, path] of [
      ['GET', '/auth/policies'],
      ['GET', '/auth/groups/Readers/policies'],
      ['GET', '/auth/users/admin/policies?effective=true'],
      ['PUT', '/auth/users/admin/policies/x'],
    ] as const) {
      const res = await admin.raw(path, { method });
      expect(res.status, `${method} ${path}`).toBe(501);
    }
  });

  it('a group without an ACL says so, as lakeFS does', async () => {
    expect((await admin.post('/auth/groups', { id: 'Team' })).status).toBe(201);
    expect(await admin.get('/auth/groups/Team/acl')).toMatchObject({ status: 404, body: { message: 'no acl', no_acl: true } });
    expect((await admin.post('/auth/groups/Team/acl', { permission: 'Owner' })).status).toBe(400);
  });

  it('enforces each level, limited to the listed repositories, and a change at once', async () => {
    expect((await admin.post('/auth/groups/Team/acl', { permission: 'Write', repositories: ['sales'] })).status).toBe(201);
    expect((await admin.get<ACL>('/auth/groups/Team/acl')).body).toEqual({ permission: 'Write', repositories: ['sales'] });
    const member = client(server, (await addUser(admin, 'tess', { groups: ['Team'] })).authorization);
    expect((await member.get('/repositories')).status).toBe(200);
    expect((await member.upload('sales', 'main', 'b.txt', 'b')).status).toBe(201);
    expect((await member.get('/repositories/people/refs/main/objects?path=a.txt')).status).toBe(401);
    expect((await member.delete('/repositories/sales')).status).toBe(401);
    expect((await member.get('/auth/users')).status).toBe(401);
    expect((await member.post('/auth/users/tess/credentials')).status).toBe(201);

    expect((await admin.post('/auth/groups/Team/acl', { permission: 'Read' })).status).toBe(201);
    expect((await member.upload('sales', 'main', 'c.txt', 'c')).status).toBe(401);
    expect((await member.get('/repositories/people/refs/main/objects?path=a.txt')).status).toBe(200);

    const reader = client(server, (await addUser(admin, 'rob', { groups: ['Readers'] })).authorization);
    expect((await reader.get('/repositories/sales/refs/main/objects?path=a.txt')).status).toBe(200);
    expect((await reader.upload('sales', 'main', 'd.txt', 'd')).status).toBe(401);
    const superUser = client(server, (await addUser(admin, 'sue', { groups: ['Supers'] })).authorization);
    expect((await superUser.post('/repositories', { name: 'sues', storage_namespace: 'local://sues' })).status).toBe(201);
    expect((await superUser.get('/auth/groups')).status).toBe(401);
    const other = client(server, (await addUser(admin, 'ada', { groups: ['Admins'] })).authorization);
    expect((await other.get('/auth/groups')).status).toBe(200);
  });

  it('answers "who can" by the ACLs', async () => {
    const resource = encodeURIComponent('arn:lakefs:fs:::repository/sales/object/a.txt');
    const write = await admin.get<Principals>(`/auth/who-can?action=fs:WriteObject&resource=${resource}`);
    expect(write.body.groups).toEqual(['Admins', 'Supers', 'Writers']);
    expect(write.body.users.sort()).toEqual(['ada', 'admin', 'sue']);
  });
});
