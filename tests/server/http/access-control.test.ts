// The /auth calls over real HTTP: users, groups and members, policies and attachments, effective policies,
// credentials (own and others'), paging, the deletion rules, lakeFS's messages for bad names, and "who can".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialsList, CredentialsWithSecret, GroupList, Policy, PolicyList, Principals, User, UserList } from '../../../server/http/wire';
import { addUser, client, signIn, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  ({ server, api: admin } = await startWithAdmin());
});
afterAll(async () => {
  await server.close();
});

const ids = (list: { results: Array<{ id: string }> }) => list.results.map((r) => r.id);

describe('setup', () => {
  it("creates lakeFS's built-in groups and policies, with the admin in Admins", async () => {
    expect(ids((await admin.get<GroupList>('/auth/groups')).body)).toEqual(['Admins', 'Developers', 'SuperUsers', 'Viewers']);
    expect(ids((await admin.get<PolicyList>('/auth/policies')).body)).toEqual([
      'AuthFullAccess',
      'AuthManageOwnCredentials',
      'CatalogReadAll',
      'CatalogReadWriteAll',
      'FSFullAccess',
      'FSReadAll',
      'FSReadWriteAll',
      'PRReadWriteAll',
      'RepoManagementFullAccess',
      'RepoManagementReadAll',
    ]);
    expect(ids((await admin.get<UserList>('/auth/groups/Admins/members')).body)).toEqual(['admin']);
    expect(ids((await admin.get<PolicyList>('/auth/groups/Developers/policies')).body)).toEqual([
      'AuthManageOwnCredentials',
      'CatalogReadWriteAll',
      'FSReadWriteAll',
      'PRReadWriteAll',
      'RepoManagementReadAll',
    ]);
    const readWrite = (await admin.get<Policy>('/auth/policies/FSReadWriteAll')).body;
    expect(readWrite.statement).toEqual([
      {
        effect: 'allow',
        resource: '*',
        action: ['fs:Read*', 'fs:List*', 'fs:WriteObject', 'fs:DeleteObject', 'fs:RevertBranch', 'fs:CreateBranch', 'fs:CreateTag', 'fs:DeleteBranch', 'fs:DeleteTag', 'fs:CreateCommit'],
      },
    ]);
    expect((await admin.get<Policy>('/auth/policies/AuthManageOwnCredentials')).body.statement[0]?.resource).toBe('arn:lakefs:auth:::user/${user}');
  });
});

describe('users', () => {
  it('creates, lists with prefix and paging, gets and refuses duplicates and % names', async () => {
    for (const id of ['u-a', 'u-b', 'u-c']) expect((await admin.post<User>('/auth/users', { id })).status).toBe(201);
    expect(await admin.post('/auth/users', { id: 'u-a' })).toMatchObject({ status: 409, body: { message: 'user already exists' } });
    expect(await admin.post('/auth/users', { id: 'a%b' })).toMatchObject({ status: 400, body: { message: 'User name cannot include the % sign' } });
    expect((await admin.post('/auth/users', {})).status).toBe(400);
    const first = await admin.get<UserList>('/auth/users?prefix=u-&amount=2');
    expect(ids(first.body)).toEqual(['u-a', 'u-b']);
    expect(first.body.pagination).toEqual({ has_more: true, next_offset: 'u-b', results: 2, max_per_page: 1000 });
    const second = await admin.get<UserList>('/auth/users?prefix=u-&amount=2&after=u-b');
    expect(ids(second.body)).toEqual(['u-c']);
    expect(second.body.pagination.has_more).toBe(false);
    const one = await admin.get<User>('/auth/users/u-a');
    expect(one.body).toEqual({ id: 'u-a', creation_date: expect.any(Number) });
    expect(await admin.get('/auth/users/nobody')).toMatchObject({ status: 404, body: { message: 'user not found' } });
  });

  it('deletes a user with their keys, memberships, policies and sessions', async () => {
    const gone = await addUser(admin, 'leaving', { groups: ['Developers'], policies: ['FSReadAll'] });
    const session = await signIn(server, gone);
    expect((await session.api.get('/user')).status).toBe(200);
    expect((await admin.delete('/auth/users/leaving')).status).toBe(204);
    expect((await client(server, gone.authorization).get('/user')).status).toBe(401);
    expect((await session.api.get('/user')).status).toBe(401);
    expect(ids((await admin.get<UserList>('/auth/groups/Developers/members')).body)).not.toContain('leaving');
    // A new user of the same name starts with nothing of the old one.
    expect((await admin.post('/auth/users', { id: 'leaving' })).status).toBe(201);
    expect((await admin.get<GroupList>('/auth/users/leaving/groups')).body.results).toEqual([]);
    expect((await admin.get<PolicyList>('/auth/users/leaving/policies')).body.results).toEqual([]);
    expect((await admin.get<CredentialsList>('/auth/users/leaving/credentials')).body.results).toEqual([]);
    expect((await admin.delete('/auth/users/leaving')).status).toBe(204);
    expect((await admin.delete('/auth/users/leaving')).status).toBe(404);
  });

  it('never lets users delete themselves, nor removes the last member of Admins', async () => {
    expect(await admin.delete('/auth/users/admin')).toMatchObject({ status: 403, body: { message: 'cannot delete yourself' } });
    expect(await admin.delete('/auth/groups/Admins/members/admin')).toMatchObject({
      status: 403,
      body: { message: 'cannot remove the last member of Admins' },
    });
    const second = await addUser(admin, 'second-admin', { groups: ['Admins'] });
    const other = client(server, second.authorization);
    // With two admins, one may go; the last one left stays, even for another admin.
    expect((await other.delete('/auth/groups/Admins/members/admin')).status).toBe(204);
    expect((await client(server, second.authorization).delete('/auth/groups/Admins/members/second-admin')).status).toBe(403);
    expect(await other.delete('/auth/groups/Admins')).toMatchObject({ status: 403, body: { message: 'cannot delete the Admins group' } });
    expect((await other.put('/auth/groups/Admins/members/admin')).status).toBe(201);
    expect((await admin.delete('/auth/users/second-admin')).status).toBe(204);
    expect(await admin.delete('/auth/groups/Admins/members/admin')).toMatchObject({ status: 403 });
  });
});

describe('groups and policies', () => {
  it('creates groups, adds and removes members, and refuses % names and duplicates', async () => {
    expect(await admin.post('/auth/groups', { id: 'Data%Team' })).toMatchObject({ status: 400, body: { message: 'Group name cannot include the % sign' } });
    const created = await admin.post('/auth/groups', { id: 'DataTeam', description: 'the data team' });
    expect(created).toMatchObject({ status: 201, body: { id: 'DataTeam', name: 'DataTeam', description: 'the data team' } });
    expect((await admin.post('/auth/groups', { id: 'DataTeam' })).status).toBe(409);
    await addUser(admin, 'dana');
    expect((await admin.put('/auth/groups/DataTeam/members/dana')).status).toBe(201);
    expect((await admin.put('/auth/groups/DataTeam/members/dana')).status).toBe(409);
    expect((await admin.put('/auth/groups/DataTeam/members/nobody')).status).toBe(404);
    expect(ids((await admin.get<UserList>('/auth/groups/DataTeam/members')).body)).toEqual(['dana']);
    expect(ids((await admin.get<GroupList>('/auth/users/dana/groups')).body)).toEqual(['DataTeam']);
    expect((await admin.delete('/auth/groups/DataTeam/members/dana')).status).toBe(204);
    expect((await admin.delete('/auth/groups/DataTeam/members/dana')).status).toBe(404);
    expect((await admin.get<UserList>('/auth/groups/DataTeam/members')).body.results).toEqual([]);
  });

  it('validates policies as lakeFS does, and updates and deletes them', async () => {
    const statement = [{ effect: 'allow', action: ['fs:Read*'], resource: 'arn:lakefs:fs:::repository/sales/*' }];
    expect(await admin.post('/auth/policies', { id: 'Sales%Read', statement })).toMatchObject({ status: 400, body: { message: 'Policy ID cannot include the % sign' } });
    expect((await admin.post('/auth/policies', { id: 'Bad', statement: [{ ...statement[0], action: ['fs:Fly'] }] })).body).toEqual({
      message: 'invalid policy: action "fs:Fly" is not a known action',
    });
    expect((await admin.post('/auth/policies', { id: 'Bad', statement: [{ ...statement[0], resource: 'sales' }] })).status).toBe(400);
    expect((await admin.post('/auth/policies', { id: 'Bad', statement: [{ ...statement[0], effect: 'maybe' }] })).status).toBe(400);
    const created = await admin.post<Policy>('/auth/policies', { id: 'SalesRead', statement });
    expect(created).toMatchObject({ status: 201, body: { id: 'SalesRead', statement, creation_date: expect.any(Number) } });
    expect((await admin.post('/auth/policies', { id: 'SalesRead', statement })).status).toBe(409);
    const edited = [...statement, { effect: 'deny', action: ['fs:ReadObject'], resource: 'arn:lakefs:fs:::repository/sales/object/secret/*' }];
    expect((await admin.put<Policy>('/auth/policies/SalesRead', { id: 'SalesRead', statement: edited })).body.statement).toEqual(edited);
    expect((await admin.get<Policy>('/auth/policies/SalesRead')).body.statement).toEqual(edited);
    expect((await admin.put('/auth/policies/Nothing', { id: 'Nothing', statement })).status).toBe(404);
  });

  it("lists a user's own and effective policies, through groups, and detaches them", async () => {
    await addUser(admin, 'erin');
    await admin.post('/auth/groups', { id: 'Analysts' });
    await admin.put('/auth/groups/Analysts/members/erin');
    expect((await admin.put('/auth/groups/Analysts/policies/SalesRead')).status).toBe(201);
    expect((await admin.put('/auth/groups/Analysts/policies/SalesRead')).status).toBe(409);
    expect((await admin.put('/auth/users/erin/policies/FSReadAll')).status).toBe(201);
    expect((await admin.put('/auth/users/erin/policies/NoSuchPolicy')).status).toBe(404);
    expect(ids((await admin.get<PolicyList>('/auth/users/erin/policies')).body)).toEqual(['FSReadAll']);
    expect(ids((await admin.get<PolicyList>('/auth/users/erin/policies?effective=true')).body)).toEqual(['FSReadAll', 'SalesRead']);
    expect(ids((await admin.get<PolicyList>('/auth/groups/Analysts/policies')).body)).toEqual(['SalesRead']);
    // Deleting a policy detaches it everywhere.
    expect((await admin.delete('/auth/policies/SalesRead')).status).toBe(204);
    expect(ids((await admin.get<PolicyList>('/auth/users/erin/policies?effective=true')).body)).toEqual(['FSReadAll']);
    expect((await admin.delete('/auth/users/erin/policies/FSReadAll')).status).toBe(204);
    expect((await admin.delete('/auth/users/erin/policies/FSReadAll')).status).toBe(404);
    // Deleting a group ends its memberships.
    expect((await admin.delete('/auth/groups/Analysts')).status).toBe(204);
    expect((await admin.get<GroupList>('/auth/users/erin/groups')).body.results).toEqual([]);
  });

  it('lists only the repositories the caller may read', async () => {
    await admin.post('/repositories', { name: 'visible', storage_namespace: 'local://visible' });
    await admin.post('/repositories', { name: 'hidden', storage_namespace: 'local://hidden' });
    const statement = [
      { effect: 'allow', action: ['fs:ListRepositories'], resource: '*' },
      { effect: 'allow', action: ['fs:ReadRepository'], resource: 'arn:lakefs:fs:::repository/visible' },
    ];
    await admin.post('/auth/policies', { id: 'SeeVisible', statement });
    const seer = client(server, (await addUser(admin, 'seer', { policies: ['SeeVisible'] })).authorization);
    const listed = await seer.get<{ results: Array<{ id: string }>; pagination: { results: number } }>('/repositories');
    expect(listed.body.results.map((r) => r.id)).toEqual(['visible']);
    expect(listed.body.pagination.results).toBe(1);
    expect((await admin.get<{ results: Array<{ id: string }> }>('/repositories')).body.results.map((r) => r.id)).toEqual(
      expect.arrayContaining(['visible', 'hidden']),
    );
  });

  it('enforces an edited policy at once', async () => {
    await admin.post('/repositories', { name: 'sales', storage_namespace: 'local://sales' });
    await admin.upload('sales', 'main', 'secret/plan.txt', 'plan');
    const statement = [{ effect: 'allow', action: ['fs:ReadObject'], resource: 'arn:lakefs:fs:::repository/sales/*' }];
    await admin.post('/auth/policies', { id: 'SalesObjects', statement });
    const reader = client(server, (await addUser(admin, 'rita', { policies: ['SalesObjects'] })).authorization);
    expect((await reader.get('/repositories/sales/refs/main/objects?path=secret/plan.txt')).status).toBe(200);
    const denySecret = { effect: 'deny', action: ['fs:*'], resource: 'arn:lakefs:fs:::repository/sales/object/secret/*' };
    await admin.put('/auth/policies/SalesObjects', { id: 'SalesObjects', statement: [...statement, denySecret] });
    expect(await reader.get('/repositories/sales/refs/main/objects?path=secret/plan.txt')).toMatchObject({
      status: 401,
      body: { message: 'insufficient permissions: denied permission to fs:ReadObject on arn:lakefs:fs:::repository/sales/object/secret/plan.txt' },
    });
  });
});

describe('credentials', () => {
  it('lets users manage their own keys but not those of others', async () => {
    const viewer = await addUser(admin, 'vic', { groups: ['Viewers'] });
    const vic = client(server, viewer.authorization);
    const created = await vic.post<CredentialsWithSecret>('/auth/users/vic/credentials');
    expect(created.status).toBe(201);
    expect(created.body.secret_access_key).toHaveLength(40);
    const listed = await vic.get<CredentialsList>('/auth/users/vic/credentials');
    expect(listed.body.results.map((c) => c.access_key_id).sort()).toEqual([viewer.accessKeyId, created.body.access_key_id].sort());
    expect(listed.body.results[0]).toEqual({ access_key_id: expect.any(String), creation_date: expect.any(Number) });
    expect((await vic.get(`/auth/users/vic/credentials/${created.body.access_key_id}`)).status).toBe(200);
    expect((await vic.get(`/auth/users/admin/credentials`)).status).toBe(401);
    expect((await vic.post(`/auth/users/admin/credentials`)).status).toBe(401);
    // The new key works at once; once revoked, neither it nor a session opened with it does.
    const second = client(server, `Basic ${Buffer.from(`${created.body.access_key_id}:${created.body.secret_access_key}`).toString('base64')}`);
    expect((await second.get('/user')).status).toBe(200);
    const session = await signIn(server, { accessKeyId: created.body.access_key_id, secret: created.body.secret_access_key });
    expect((await vic.delete(`/auth/users/vic/credentials/${created.body.access_key_id}`)).status).toBe(204);
    expect((await second.get('/user')).status).toBe(401);
    expect((await session.api.get('/user')).status).toBe(401);
    expect((await vic.delete(`/auth/users/vic/credentials/${created.body.access_key_id}`)).status).toBe(404);
    // A key is found only under its own user.
    expect((await admin.get(`/auth/users/admin/credentials/${viewer.accessKeyId}`)).status).toBe(404);
  });
});

describe('who can do this', () => {
  it('lists the users and groups whose effective policies allow, not deny, an action on a resource', async () => {
    await admin.post('/repositories', { name: 'wc', storage_namespace: 'local://wc' });
    await admin.post('/auth/policies', { id: 'NoWc', statement: [{ effect: 'deny', action: ['fs:*'], resource: 'arn:lakefs:fs:::repository/wc*' }] });
    await addUser(admin, 'wc-dev', { groups: ['Developers'] });
    await addUser(admin, 'wc-blocked', { groups: ['Developers'], policies: ['NoWc'] });
    const resource = encodeURIComponent('arn:lakefs:fs:::repository/wc/object/a.csv');
    const write = await admin.get<Principals>(`/auth/who-can?action=fs:WriteObject&resource=${resource}`);
    expect(write.status).toBe(200);
    expect(write.body.users).toContain('wc-dev');
    expect(write.body.users).toContain('admin');
    expect(write.body.users).not.toContain('wc-blocked');
    expect(write.body.users).not.toContain('vic');
    expect(write.body.groups.sort()).toEqual(['Admins', 'Developers', 'SuperUsers']);
    const read = await admin.get<Principals>(`/auth/who-can?action=fs:ReadObject&resource=${resource}`);
    expect(read.body.users).toContain('vic');
    expect(read.body.groups).toContain('Viewers');
    expect((await admin.get('/auth/who-can?action=fs:ReadObject')).status).toBe(400);
    const dev = client(server, (await addUser(admin, 'wc-nosy', { groups: ['Developers'] })).authorization);
    expect((await dev.get(`/auth/who-can?action=fs:ReadObject&resource=${resource}`)).status).toBe(401);
  });
});
