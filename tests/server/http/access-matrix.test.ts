// The authorisation matrix: every route the server publishes, called as {no credentials, a Viewers member, a
// Developers member, an Admins member with one custom deny, an Admins member}, each answer checked against the
// access rule its contract declares (`access` in contract(), server/http/contract.ts): 401 `error authenticating
// request` without credentials, 401 `insufficient permissions: ...` naming the missing permission (as lakeFS answers)
// where the caller's effective policies do not allow the call, and otherwise an answer that is neither.
// The contracts are found by the routes' folder convention (server/http/routes/<resource>/routes.ts), so a route whose
// contract is missing from them fails here first.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from '@hono/zod-openapi';
import { createRoute } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, type PolicyRules } from '../../../server/auth/evaluator';
import type { Access, RouteRequest } from '../../../server/http/access';
import { anyone } from '../../../server/http/access';
import { createApi } from '../../../server/http/api';
import { accessOf as declaredAccessOf, contract, failure, jsonContent } from '../../../server/http/contract';
import { getDocument } from '../../../server/http/openapi';
import { createRouter, type AppRouteHandler } from '../../../server/http/router';
import type { PolicyList } from '../../../server/http/wire';
import { addUser, client, setupAdmin, startTestServer, type Client, type TestServer } from './harness';

interface PublishedRoute {
  method: string;
  template: string;
  isPublic: boolean;
  takesJson: boolean;
}

interface Caller {
  name: string;
  userId?: string;
  api?: Client;
  policies: PolicyRules[];
}

/** Every declared contract's rule, by method and path template. */
const declared = new Map<string, Access>();

async function readContracts(): Promise<void> {
  const routesDir = join(import.meta.dirname, '..', '..', '..', 'server', 'http', 'routes');
  const modules: Record<string, unknown>[] = [{ getDocument }];
  for (const resource of readdirSync(routesDir, { withFileTypes: true })) {
    if (resource.isDirectory()) modules.push((await import(join(routesDir, resource.name, 'routes.ts'))) as Record<string, unknown>);
  }
  for (const value of modules.flatMap((m) => Object.values(m))) {
    if (typeof value !== 'object' || value === null || !('method' in value) || !('path' in value) || !('responses' in value)) continue;
    const route = value as Parameters<typeof declaredAccessOf>[0];
    const access = declaredAccessOf(route);
    if (access) declared.set(`${route.method.toUpperCase()} ${route.path}`, access);
  }
}

/** The rule a published route's contract declares. */
const accessOf = (method: string, template: string): Access | undefined => declared.get(`${method} ${template}`);

let server: TestServer;
let admin: Client;
let routes: PublishedRoute[];
let targetKey = '';
let adminKeys: { accessKeyId: string; secret: string };
const callers: Caller[] = [];

const statement = [{ effect: 'allow', action: ['fs:ReadObject'], resource: 'arn:lakefs:fs:::repository/matrix/*' }];

async function ok(answer: Promise<{ status: number; body: unknown }>, what: string): Promise<void> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
}

/** A caller's effective policies, as the server lists them, for the evaluator to judge the table's requirement. */
async function effectivePolicies(userId: string): Promise<PolicyRules[]> {
  const listed = await admin.get<PolicyList>(`/auth/users/${userId}/policies?effective=true&amount=1000`);
  return listed.body.results.map((p) => ({ id: p.id, statement: p.statement }));
}

beforeAll(async () => {
  await readContracts();
  server = await startTestServer();
  adminKeys = await setupAdmin(server);
  admin = client(server, `Basic ${Buffer.from(`${adminKeys.accessKeyId}:${adminKeys.secret}`).toString('base64')}`);
  const doc = (await (await fetch(`${server.api}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, unknown> } }>>;
  };
  routes = Object.entries(doc.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      isPublic: operation.security?.length === 0,
      takesJson: operation.requestBody?.content['application/json'] !== undefined,
    })),
  );

  // The data every route is called on.
  await ok(admin.post('/repositories', { name: 'matrix', storage_namespace: 'local://matrix' }), 'repository');
  await ok(admin.upload('matrix', 'main', 'a.txt', 'a'), 'object');
  await ok(admin.post('/repositories/matrix/branches/main/commits', { message: 'seed' }), 'commit');
  await ok(admin.post('/repositories/matrix/branches', { name: 'dev', source: 'main' }), 'branch');
  await ok(admin.upload('matrix', 'dev', 'b.txt', 'b'), 'object on dev');
  await ok(admin.post('/repositories/matrix/tags', { id: 'v1', ref: 'main' }), 'tag');
  targetKey = (await addUser(admin, 'matrix-target')).accessKeyId;
  await ok(admin.post('/auth/groups', { id: 'matrix-group' }), 'group');
  await ok(admin.post('/auth/policies', { id: 'matrix-policy', statement }), 'policy');
  await ok(admin.put('/auth/groups/matrix-group/members/matrix-target'), 'member');
  await ok(admin.put('/auth/users/matrix-target/policies/matrix-policy'), 'user policy');
  await ok(admin.put('/auth/groups/matrix-group/policies/matrix-policy'), 'group policy');

  // The callers.
  await ok(admin.post('/auth/policies', { id: 'matrix-deny', statement: [{ effect: 'deny', action: ['fs:Delete*', 'auth:Delete*'], resource: '*' }] }), 'deny');
  const viewer = await addUser(admin, 'viewer', { groups: ['Viewers'] });
  const developer = await addUser(admin, 'developer', { groups: ['Developers'] });
  const denied = await addUser(admin, 'denied', { groups: ['Admins'], policies: ['matrix-deny'] });
  callers.push(
    { name: 'no credentials', policies: [] },
    { name: 'a Viewers member', userId: 'viewer', api: client(server, viewer.authorization), policies: await effectivePolicies('viewer') },
    { name: 'a Developers member', userId: 'developer', api: client(server, developer.authorization), policies: await effectivePolicies('developer') },
    { name: 'an Admins member with one custom deny', userId: 'denied', api: client(server, denied.authorization), policies: await effectivePolicies('denied') },
    { name: 'an Admins member', userId: 'admin', api: admin, policies: await effectivePolicies('admin') },
  );
});
afterAll(async () => {
  await server.close();
});

const params: Record<string, string> = {
  repository: 'matrix',
  branch: 'dev',
  destinationBranch: 'main',
  sourceRef: 'dev',
  tag: 'v1',
  ref: 'main',
  leftRef: 'main',
  rightRef: 'dev',
  commitId: 'main',
  run_id: 'none',
  hook_run_id: 'none',
  meta_range: 'none',
  range: 'none',
  type: 'range',
  object_id: 'none',
  id: 'none',
  userId: 'matrix-target',
  groupId: 'matrix-group',
  policyId: 'matrix-policy',
};

const queries: Record<string, Record<string, string>> = {
  'POST /repositories/{repository}/branches/{branch}/objects/copy': { dest_path: 'copy.txt' },
  'POST /repositories/{repository}/refs/{branch}/symlink': { location: 'dir/' },
  'PUT /repositories/{repository}/branches/{branch}/hard_reset': { ref: 'main' },
  'GET /repositories/{repository}/gc/prepare_commits/status': { id: 'none' },
  'GET /repositories/{repository}/dump': { task_id: 'none' },
  'GET /repositories/{repository}/restore': { task_id: 'none' },
  'GET /repositories/{repository}/branches/{branch}/import': { id: 'none' },
  'DELETE /repositories/{repository}/branches/{branch}/import': { id: 'none' },
  'GET /repositories/{repository}/refs/{ref}/objects/find': { q: 'a' },
  'GET /auth/who-can': { action: 'fs:ReadObject', resource: 'arn:lakefs:fs:::repository/matrix/object/a.txt' },
};

/** Bodies that name what the table reads (the repository to create, the object to copy), or that a route needs. */
function bodyOf(key: string): unknown {
  const bodies: Record<string, unknown> = {
    'POST /setup_lakefs': { username: 'another' },
    'POST /setup_comm_prefs': { featureUpdates: false, securityUpdates: false },
    'POST /auth/login': { access_key_id: adminKeys.accessKeyId, secret_access_key: adminKeys.secret },
    'POST /auth/password': { token: 'not-a-token', newPassword: 'long enough' },
    'POST /repositories': { name: 'matrix-new', storage_namespace: 'local://matrix-new' },
    'POST /repositories/{repository}/branches': { name: 'matrix-branch', source: 'main' },
    'POST /repositories/{repository}/tags': { id: 'matrix-tag', ref: 'main' },
    'POST /repositories/{repository}/pulls': { title: 'matrix', source_branch: 'dev', destination_branch: 'main' },
    'POST /repositories/{repository}/branches/{branch}/objects/delete': { paths: ['a.txt', 'b.txt'] },
    'POST /repositories/{repository}/branches/{branch}/objects/copy': { src_path: 'a.txt' },
    'POST /auth/users': { id: 'matrix-new-user' },
    'POST /auth/groups': { id: 'matrix-new-group' },
    'POST /auth/policies': { id: 'matrix-new-policy', statement },
    'PUT /auth/policies/{policyId}': { id: 'matrix-policy', statement },
    'POST /auth/groups/{groupId}/acl': { permission: 'Read' },
    'PUT /repositories/{repository}/settings/branch_protection': [],
    // The server has no import root: whoever may import is told that it is not supported, the others are refused.
    'POST /repositories/{repository}/branches/{branch}/import': {
      paths: [{ path: 'local:///srv/import/data', destination: 'imported/', type: 'common_prefix' }],
      commit: { message: 'import' },
    },
  };
  return bodies[key] ?? {};
}

interface Sample {
  path: string;
  request: RouteRequest;
  init: RequestInit & { headers: Record<string, string> };
}

function sampleOf(route: PublishedRoute): Sample {
  const key = `${route.method} ${route.template}`;
  const routeParams = Object.fromEntries([...route.template.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, name === 'accessKeyId' ? targetKey : (params[name!] ?? 'x')]));
  const query = queries[key] ?? (/objects($|\/stat|\/underlying|\/stage_allowed)/.test(route.template) ? { path: 'a.txt' } : {});
  const search = new URLSearchParams(query).toString();
  const path = route.template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(routeParams[name] ?? '')) + (search ? `?${search}` : '');
  const body = route.takesJson ? bodyOf(key) : undefined;
  const init: Sample['init'] = { method: route.method, headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  } else if (route.method === 'POST' && route.template.endsWith('/objects')) {
    init.body = 'uploaded';
  }
  return { path, init, request: { params: routeParams, query: (name) => query[name], body } };
}

type Expected = 'unauthenticated' | 'refused' | 'allowed';

function expectedFor(caller: Caller, route: PublishedRoute, sample: Sample): Expected {
  const access = accessOf(route.method, route.template);
  if (!access) throw new Error(`no access rule for ${route.method} ${route.template}`);
  if (access.kind === 'public') return 'allowed';
  if (!caller.userId) return 'unauthenticated';
  if (access.kind === 'signed-in') return 'allowed';
  return evaluate(caller.policies, caller.userId, access.requires(sample.request)).verdict === 'allow' ? 'allowed' : 'refused';
}

function answered(status: number, body: unknown): Expected {
  const message = typeof body === 'object' && body !== null ? String((body as { message?: unknown }).message ?? '') : '';
  if (status === 401 && message === 'error authenticating request') return 'unauthenticated';
  if (status === 401 && message.startsWith('insufficient permissions: ')) return 'refused';
  return 'allowed';
}

describe('the access rules', () => {
  it('has a rule for every published route, and none for a route that is not published', () => {
    const missing = routes.filter((r) => !accessOf(r.method, r.template)).map((r) => `${r.method} ${r.template}`);
    expect(missing).toEqual([]);
    const published = new Set(routes.map((r) => `${r.method} ${r.template}`));
    expect([...declared.keys()].filter((key) => !published.has(key))).toEqual([]);
  });

  it('marks public exactly the routes whose contract needs no credentials', () => {
    const disagree = routes.filter((r) => (accessOf(r.method, r.template)?.kind === 'public') !== r.isPublic).map((r) => `${r.method} ${r.template}`);
    expect(disagree).toEqual([]);
  });

  it('refuses a route that declares no rule: its contract and handler do not type-check, and the API does not start', () => {
    const answers = { 200: jsonContent(z.object({ ok: z.boolean() }), 'ok'), default: failure };
    // @ts-expect-error: a contract without its access rule
    expect(() => contract({ method: 'get', path: '/unlisted', responses: answers })).toThrow('no access rule for GET /unlisted');
    // A public rule publishes the route without security.
    expect(contract({ method: 'get', path: '/listed', access: anyone, responses: answers }).security).toEqual([]);
    const router = createRouter();
    const unlisted = createRoute({ method: 'get', path: '/unlisted', responses: answers });
    // @ts-expect-error: a route made without contract() has no handler type
    const handler: AppRouteHandler<typeof unlisted> = (c) => c.json({ ok: true }, 200);
    router.openapi(unlisted, handler);
    const start = () =>
      createApi({
        routers: [router],
        identify: async () => ({ userId: 'admin', accessKeyId: 'AKIAJEXAMPLE' }),
        guard: { require: async () => undefined, allows: async () => true },
        version: 'test',
      });
    expect(start).toThrow('no access rule for GET /unlisted');
  });
});

describe('each caller gets what its policies allow', () => {
  it('answers the spot checks by hand, independently of the evaluator', async () => {
    const [, viewer, developer, denied] = callers as [Caller, Caller, Caller, Caller, Caller];
    const read = await viewer.api!.get('/repositories/matrix/refs/main/objects?path=a.txt');
    expect(read.status).toBe(200);
    expect(await viewer.api!.upload('matrix', 'dev', 'new.txt', 'x')).toMatchObject({
      status: 401,
      body: { message: 'insufficient permissions: not allowed to fs:WriteObject on arn:lakefs:fs:::repository/matrix/object/new.txt' },
    });
    expect((await viewer.api!.get('/auth/users/viewer/credentials')).status).toBe(200);
    expect((await viewer.api!.get('/auth/users/developer/credentials')).status).toBe(401);
    expect((await viewer.api!.get('/auth/users')).body).toEqual({ message: 'insufficient permissions: not allowed to auth:ListUsers on *' });

    expect((await developer.api!.upload('matrix', 'dev', 'new.txt', 'x')).status).toBe(201);
    expect(await developer.api!.post('/repositories', { name: 'mine', storage_namespace: 'local://mine' })).toMatchObject({
      status: 401,
      body: { message: 'insufficient permissions: not allowed to fs:CreateRepository on arn:lakefs:fs:::repository/mine' },
    });
    expect((await developer.api!.get('/repositories/matrix/settings/gc_rules')).status).not.toBe(401);
    expect((await developer.api!.put('/repositories/matrix/settings/gc_rules', { default_retention_days: 1, branches: [] })).status).toBe(401);

    expect(await denied.api!.delete('/repositories/matrix/branches/dev/objects?path=new.txt')).toMatchObject({
      status: 401,
      body: { message: 'insufficient permissions: denied permission to fs:DeleteObject on arn:lakefs:fs:::repository/matrix/object/new.txt' },
    });
    expect((await denied.api!.get('/auth/users')).status).toBe(200);
    expect((await denied.api!.upload('matrix', 'dev', 'new2.txt', 'x')).status).toBe(201);
    expect((await denied.api!.delete('/auth/users/matrix-target')).status).toBe(401);

    expect((await admin.post('/repositories', { name: 'admins-own', storage_namespace: 'local://admins-own' })).status).toBe(201);
    const noOne = await fetch(`${server.api}/repositories`);
    expect(noOne.status).toBe(401);
  });

  it('for every route, as each caller', async () => {
    expect(routes.length).toBeGreaterThan(100);
    // Deletions last, so that what the other calls act on is still there.
    const ordered = [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')].filter((r) => r.method !== 'HEAD');
    const mismatches: string[] = [];
    const tally: Record<string, Record<Expected, number>> = {};
    for (const caller of callers) {
      tally[caller.name] = { unauthenticated: 0, refused: 0, allowed: 0 };
      for (const route of ordered) {
        const sample = sampleOf(route);
        const expected = expectedFor(caller, route, sample);
        const res = caller.api
          ? await caller.api.raw(sample.path, sample.init)
          : await fetch(`${server.api}${sample.path}`, sample.init);
        // A live stream never ends by itself: its status is the answer.
        const streams = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
        const text = streams ? (await res.body?.cancel(), '') : await res.text();
        const body: unknown = (res.headers.get('content-type') ?? '').startsWith('application/json') && text ? JSON.parse(text) : text;
        const got = answered(res.status, body);
        tally[caller.name]![got]++;
        if (got !== expected || res.status === 500) {
          mismatches.push(`${caller.name}: ${route.method} ${route.template} → ${res.status} ${text.slice(0, 160)} (expected ${expected})`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The matrix tells the callers apart: each is refused something the next one is allowed.
    expect(tally['no credentials']!.allowed).toBe(ordered.filter((r) => r.isPublic).length);
    expect(tally['a Viewers member']!.refused).toBeGreaterThan(tally['a Developers member']!.refused);
    expect(tally['a Developers member']!.refused).toBeGreaterThan(tally['an Admins member with one custom deny']!.refused);
    expect(tally['an Admins member with one custom deny']!.refused).toBeGreaterThan(0);
    expect(tally['an Admins member']!.refused).toBe(0);
  });
});
