import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AuthenticationError,
  AuthorizationError,
  MergeConflictError,
  NotFoundError,
  onSessionLost,
} from '../../src/api/client';
import { getCurrentUser, login } from '../../src/api/auth';
import { createBranch } from '../../src/api/branches';
import { getRepository, listRepositories } from '../../src/api/repositories';
import { merge, previewMerge, resolveRef } from '../../src/api/refs';
import { objectUrl, stageAllowed } from '../../src/api/objects';
import { resetBranch } from '../../src/api/branches';
import { getCommit, logCommits } from '../../src/api/commits';
import { listGroups, listPolicies, listUsers } from '../../src/api/access-control';
import { getBranch, listBranches } from '../../src/api/branches';
import { getTag, listTags } from '../../src/api/tags';
import { branchProtectionSetAllowed, gcRulesSetAllowed, getGcRules } from '../../src/api/settings';
import { listActionRuns } from '../../src/api/actions';
import type { ErrorBody } from '../../server/http/wire';

const base = 'http://localhost/api/v1';
const server = setupServer();
const lostSession = () => HttpResponse.json({ message: 'error authenticating request' }, { status: 401 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let redirects: string[];
let uninstall: () => void = () => undefined;
beforeEach(() => {
  redirects = [];
  uninstall = onSessionLost((next) => redirects.push(next));
});
afterEach(() => uninstall());

describe('api client', () => {
  it('sends JSON accept and the client header under /api/v1', async () => {
    let seen: Headers | undefined;
    let url: URL | undefined;
    server.use(
      http.get(`${base}/repositories`, ({ request }) => {
        seen = request.headers;
        url = new URL(request.url);
        return HttpResponse.json({ results: [], pagination: { has_more: false, next_offset: '', results: 0, max_per_page: 1000 } });
      }),
    );
    await listRepositories({ prefix: 'a', amount: 10 });
    expect(seen?.get('accept')).toBe('application/json');
    expect(seen?.get('x-lakefs-client')).toMatch(/^tarn-console\//);
    expect(url?.searchParams.get('prefix')).toBe('a');
    expect(url?.searchParams.get('amount')).toBe('10');
    expect(url?.searchParams.has('after')).toBe(false);
  });

  it('throws typed errors with the server message, JSON or plain text', async () => {
    server.use(
      http.get(`${base}/repositories/missing`, () => HttpResponse.json({ message: 'repository not found' }, { status: 404 })),
      http.get(`${base}/repositories/texty`, () => new HttpResponse('plain words', { status: 500, headers: { 'content-type': 'text/plain' } })),
    );
    const missing = await getRepository('missing').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).message).toBe('could not find repository missing');
    const texty = await getRepository('texty').catch((e: unknown) => e);
    expect((texty as Error).message).toBe('could not get repository: plain words');
  });
});

describe('failures name the action (docs/behaviour.md, Conventions)', () => {
  const refuse = (path: string, status: number, message: string) =>
    server.use(http.get(`${base}${path}`, () => HttpResponse.json<ErrorBody>({ message }, { status })));
  const failure = (call: Promise<unknown>) => call.then(() => 'no failure', (e: unknown) => (e as Error).message);

  it("reads 'could not <action>: <server message>' for the lists and reads of every screen", async () => {
    refuse('/auth/users', 500, 'store unavailable');
    refuse('/auth/groups', 500, 'store unavailable');
    refuse('/auth/policies', 401, 'insufficient permissions: not allowed to auth:ListPolicies');
    refuse('/repositories/lake/branches', 500, 'store unavailable');
    refuse('/repositories/lake/tags', 500, 'store unavailable');
    refuse('/repositories/lake/settings/gc_rules', 500, 'store unavailable');
    refuse('/repositories/lake/actions/runs', 500, 'store unavailable');
    expect(
      await Promise.all([
        failure(listUsers()),
        failure(listGroups()),
        failure(listPolicies()),
        failure(listBranches('lake')),
        failure(listTags('lake')),
        failure(getGcRules('lake')),
        failure(listActionRuns('lake')),
      ]),
    ).toEqual([
      'could not list users: store unavailable',
      'could not list groups: store unavailable',
      'could not list policies: insufficient permissions: not allowed to auth:ListPolicies',
      'could not list branches: store unavailable',
      'could not list tags: store unavailable',
      'could not get gc policy: store unavailable',
      'could not list action runs: store unavailable',
    ]);
  });

  it("uses the catalogue's own words for a missing branch, tag, commit or repository and a bad branch request", async () => {
    refuse('/repositories/lake/branches/gone', 404, 'not found');
    refuse('/repositories/lake/branches/bad%20name', 400, 'branch name: invalid');
    refuse('/repositories/lake/branches/broken', 500, 'store unavailable');
    refuse('/repositories/lake/tags/gone', 404, 'not found');
    refuse('/repositories/lake/commits/gone', 404, 'not found');
    refuse('/repositories/gone', 404, 'not found');
    refuse('/repositories/old', 410, 'repository in deletion');
    const errors = await Promise.all([
      getBranch('lake', 'gone').catch((e: unknown) => e),
      getBranch('lake', 'bad name').catch((e: unknown) => e),
      getBranch('lake', 'broken').catch((e: unknown) => e),
      getTag('lake', 'gone').catch((e: unknown) => e),
      getCommit('lake', 'gone').catch((e: unknown) => e),
      getRepository('gone').catch((e: unknown) => e),
      getRepository('old').catch((e: unknown) => e),
    ]);
    expect(errors.map((e) => (e as Error).message)).toEqual([
      'could not find branch gone',
      'invalid get branch request',
      'could not get branch: store unavailable',
      'could not find tag',
      'could not find commit',
      'could not find repository gone',
      'Repository in deletion',
    ]);
    // The wording changes the message, not the kind of failure callers tell apart.
    expect(errors.map((e) => (e as Error).name)).toEqual([
      'NotFoundError',
      'ApiError',
      'ApiError',
      'NotFoundError',
      'NotFoundError',
      'NotFoundError',
      'GoneError',
    ]);
  });
});

describe('the 401 rule', () => {
  it('reports a lost session to the listener with the current path', async () => {
    server.use(http.get(`${base}/repositories/r`, lostSession));
    await expect(getRepository('r')).rejects.toBeInstanceOf(AuthenticationError);
    expect(redirects).toEqual(['/']);
  });

  it('treats any other 401 as an authorization error and keeps the session', async () => {
    server.use(
      http.get(`${base}/repositories/r`, () => HttpResponse.json({ message: 'insufficient permissions' }, { status: 401 })),
    );
    await expect(getRepository('r')).rejects.toBeInstanceOf(AuthorizationError);
    expect(redirects).toEqual([]);
  });

  it('without a listener, navigates to /auth/login?redirected=true&next=<path> unless already there', async () => {
    uninstall();
    server.use(http.get(`${base}/repositories/r`, lostSession));
    const assign = vi.fn();
    const location = { pathname: '/repositories/r/objects', search: '?ref=main', assign };
    vi.stubGlobal('window', { location });
    try {
      await getRepository('r').catch(() => undefined);
      expect(assign).toHaveBeenCalledWith('/auth/login?redirected=true&next=%2Frepositories%2Fr%2Fobjects%3Fref%3Dmain');
      location.pathname = '/auth/login';
      await getRepository('r').catch(() => undefined);
      expect(assign).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('lets getCurrentUser fail without redirecting, so the route guard decides', async () => {
    server.use(http.get(`${base}/user`, lostSession));
    await expect(getCurrentUser()).rejects.toBeInstanceOf(AuthenticationError);
    expect(redirects).toEqual([]);
  });
});

describe('auth calls', () => {
  it('logs in, then loads the user', async () => {
    let body: unknown;
    server.use(
      http.post(`${base}/auth/login`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 't' });
      }),
      http.get(`${base}/user`, () => HttpResponse.json({ user: { id: 'admin', creation_date: 1 } })),
    );
    const user = await login('AKIA', 'secret');
    expect(body).toEqual({ access_key_id: 'AKIA', secret_access_key: 'secret' });
    expect(user.id).toBe('admin');
  });

  it('rejects bad credentials with a 401 error and does not redirect from the login page', async () => {
    server.use(http.post(`${base}/auth/login`, lostSession));
    const error = await login('AKIA', 'wrong').catch((e: unknown) => e);
    expect((error as AuthenticationError).status).toBe(401);
    expect(redirects).toEqual([]);
  });
});

describe('resource calls', () => {
  it('reads the text answer of create branch', async () => {
    server.use(http.post(`${base}/repositories/r/branches`, () => new HttpResponse('c0ffee\n', { status: 201, headers: { 'content-type': 'text/html' } })));
    expect(await createBranch('r', { name: 'dev', source: 'main' })).toBe('c0ffee');
  });

  it('raises MergeConflictError on 409, with the conflicts when the server lists them', async () => {
    server.use(
      http.post(`${base}/repositories/r/refs/dev/merge/main`, () =>
        HttpResponse.json({ message: 'conflict found', reference: '', conflicts: [{ path: 'a.csv', source: null, dest: null }] }, { status: 409 }),
      ),
      http.post(`${base}/repositories/r/refs/x/merge/main`, () => HttpResponse.json({ reference: '' }, { status: 409 })),
    );
    const listed = await merge('r', 'dev', 'main').catch((e: unknown) => e);
    expect(listed).toBeInstanceOf(MergeConflictError);
    expect((listed as MergeConflictError).conflicts).toEqual([{ path: 'a.csv', source: null, dest: null }]);
    const bare = await merge('r', 'x', 'main').catch((e: unknown) => e);
    expect(bare).toBeInstanceOf(MergeConflictError);
    expect((bare as MergeConflictError).conflicts).toEqual([]);
  });

  it('sends the merge body with the default strategy as an empty string', async () => {
    let body: unknown;
    server.use(
      http.post(`${base}/repositories/r/refs/dev/merge/main`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ reference: 'abc' });
      }),
    );
    expect(await merge('r', 'dev', 'main', { message: 'm' })).toEqual({ reference: 'abc' });
    expect(body).toEqual({ strategy: '', message: 'm', metadata: {} });
    await merge('r', 'dev', 'main', { conflictResolutions: { 'a.csv': 'source', 'b.csv': 'dest' } });
    expect(body).toEqual({ strategy: '', message: '', metadata: {}, conflict_resolutions: { 'a.csv': 'source', 'b.csv': 'dest' } });
  });

  it('reads the merge preview of a source into a branch, names in the path escaped, and its 404 as NotFoundError', async () => {
    const answer = {
      source_commit_id: 's',
      destination_commit_id: 'd',
      base_commit_id: 'b',
      changes: 2,
      fast_forward: false,
      nothing_to_merge: false,
      conflicts: [{ path: 'a.csv', source: null, dest: { size_bytes: 1, mtime: 2, checksum: 'c', content_type: 'text/csv' } }],
      conflicts_truncated: false,
      destination_dirty: true,
      destination_protected: false,
      read_only: false,
    };
    server.use(
      http.get(`${base}/repositories/r/refs/feat%2Fx/merge/main/preview`, () => HttpResponse.json(answer)),
      http.get(`${base}/repositories/r/refs/dev/merge/gone/preview`, () => HttpResponse.json({ message: 'branch not found' }, { status: 404 })),
    );
    expect(await previewMerge('r', 'feat/x', 'main')).toEqual(answer);
    const missing = await previewMerge('r', 'dev', 'gone').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as Error).message).toBe('could not preview merge: branch not found');
  });

  it('resolves refs as branch, then tag, then commit, else ref not found', async () => {
    const nf = () => HttpResponse.json({ message: 'not found' }, { status: 404 });
    server.use(
      http.get(`${base}/repositories/r/branches/main`, () => HttpResponse.json({ id: 'main', commit_id: 'c1' })),
      http.get(`${base}/repositories/r/branches/:b`, nf),
      http.get(`${base}/repositories/r/tags/v1`, () => HttpResponse.json({ id: 'v1', commit_id: 'c2' })),
      http.get(`${base}/repositories/r/tags/:t`, nf),
      http.get(`${base}/repositories/r/commits/abc`, () => HttpResponse.json({ id: 'abcdef', parents: [], committer: '', message: '', creation_date: 0, meta_range_id: '' })),
      http.get(`${base}/repositories/r/commits/:c`, nf),
    );
    expect(await resolveRef('r', 'main')).toEqual({ kind: 'branch', id: 'main', commitId: 'c1' });
    expect(await resolveRef('r', 'v1')).toEqual({ kind: 'tag', id: 'v1', commitId: 'c2' });
    expect(await resolveRef('r', 'abc')).toEqual({ kind: 'commit', id: 'abc', commitId: 'abcdef' });
    const missing = await resolveRef('r', 'nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as Error).message).toBe('ref not found');
  });

  it('answers the upload preflight: 204 allowed, 401 not allowed', async () => {
    server.use(
      http.get(`${base}/repositories/r/branches/main/objects/stage_allowed`, ({ request }) =>
        new URL(request.url).searchParams.get('path') === 'ok.txt'
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json({ message: 'insufficient permissions' }, { status: 401 }),
      ),
    );
    expect(await stageAllowed('r', 'main', 'ok.txt')).toBe(true);
    expect(await stageAllowed('r', 'main', 'no.txt')).toBe(false);
  });

  it("reads the preflights: 204 allowed, a refused permission's 401 not allowed (the session stays), a lost session's 401 logs out", async () => {
    const refusal = (action: string) => HttpResponse.json({ message: `insufficient permissions: not allowed to ${action} on arn:lakefs:fs:::repository/r` }, { status: 401 });
    server.use(
      http.get(`${base}/repositories/r/branches/main/objects/stage_allowed`, () => refusal('fs:WriteObject')),
      http.get(`${base}/repositories/r/gc/rules/set_allowed`, () => refusal('retention:SetGarbageCollectionRules')),
      http.get(`${base}/repositories/r/branch_protection/set_allowed`, () => refusal('branches:SetBranchProtectionRules')),
      http.get(`${base}/repositories/ok/gc/rules/set_allowed`, () => new HttpResponse(null, { status: 204 })),
      http.get(`${base}/repositories/ok/branch_protection/set_allowed`, () => new HttpResponse(null, { status: 204 })),
      http.get(`${base}/repositories/gone/gc/rules/set_allowed`, lostSession),
      http.get(`${base}/repositories/gone/branch_protection/set_allowed`, lostSession),
    );
    expect(await Promise.all([stageAllowed('r', 'main', 'a.txt'), gcRulesSetAllowed('r'), branchProtectionSetAllowed('r')])).toEqual([false, false, false]);
    expect(await Promise.all([gcRulesSetAllowed('ok'), branchProtectionSetAllowed('ok')])).toEqual([true, true]);
    expect(redirects).toEqual([]);
    await expect(gcRulesSetAllowed('gone')).rejects.toBeInstanceOf(AuthenticationError);
    await expect(branchProtectionSetAllowed('gone')).rejects.toBeInstanceOf(AuthenticationError);
    expect(redirects).toEqual(['/', '/']);
  });

  it('repeats objects and prefixes in the log query, and builds same-origin object URLs', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${base}/repositories/r/refs/main/commits`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ results: [], pagination: { has_more: false, next_offset: '', results: 0, max_per_page: 1000 } });
      }),
    );
    await logCommits('r', 'main', { amount: 1, objects: ['a b.csv', 'c'] });
    expect(url?.searchParams.getAll('objects')).toEqual(['a b.csv', 'c']);
    expect(objectUrl('my repo', 'main', 'dir/a b.csv')).toBe('/api/v1/repositories/my%20repo/refs/main/objects?path=dir%2Fa+b.csv');
  });

  it('resets a branch with the type and path given', async () => {
    let body: unknown;
    server.use(
      http.put(`${base}/repositories/r/branches/dev`, async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await resetBranch('r', 'dev', { type: 'object', path: 'a.csv' });
    expect(body).toEqual({ type: 'object', path: 'a.csv' });
  });
});
