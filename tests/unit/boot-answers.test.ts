// The page's answers to its first reads (src/api/boot-answers.ts, server/http/console-boot.ts): the session and a
// folder's loaders get them in place of their requests on the first load, and ask the server for everything after.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createActor, waitFor } from 'xstate';
import { pageReads, userPoliciesRead, type BootAnswers } from '../../server/http/console-boot';
import { setBootAnswers } from '../../src/api/boot-answers';
import type { Config, CurrentUser, ObjectStats, Page, Policy, Ref, Repository, SetupState } from '../../src/api/types';
import { loadObjectsPage, startObjectsPage } from '../../src/loaders/objects';
import { loadRepositoryPage, startRepositoryPage } from '../../src/loaders/repository';
import { loadObject } from '../../src/routes/repositories/$repoId/-load-object';
import { checkedSession, liveSessionMachine, type SessionSnapshot } from '../../src/machines/session';

const user: CurrentUser = { user: { id: 'ada', creation_date: 1 } };
const config = { storage_config: { blockstore_type: 'local' }, version_config: { version: '1.0.0' } } as Config;
const setupState: SetupState = { state: 'initialized', login_config: { RBAC: 'simplified' } } as SetupState;
const repository: Repository = { id: 'lake', default_branch: 'main', storage_namespace: 'local://lake', creation_date: 1 };
const branch: Ref = { id: 'main', commit_id: 'c1' };
const listing: Page<ObjectStats> = {
  results: [{ path: 'docs/a.txt', path_type: 'object', size_bytes: 1, physical_address: 'p', checksum: 'x', mtime: 1 }],
  pagination: { has_more: false, next_offset: '', results: 1, max_per_page: 100 },
};
const policies: Page<Policy> = {
  results: [{ id: 'FSReadAll', creation_date: 1, statement: [{ effect: 'allow', action: ['fs:Read*'], resource: '*' }] }],
  pagination: { has_more: false, next_offset: '', results: 1, max_per_page: 1000 },
};

/** What the server writes in a page of `lake`'s `docs/` folder for ada, at the addresses it computes. */
const page: BootAnswers = {
  '/api/v1/user': { status: 200, body: user },
  '/api/v1/config': { status: 200, body: config },
  '/api/v1/setup_lakefs': { status: 200, body: setupState },
  '/api/v1/auth/capabilities': { status: 200, body: { invite_user: false, forgot_password: false } },
  [userPoliciesRead('ada')]: { status: 200, body: policies },
  [pageReads.repository('lake')]: { status: 200, body: repository },
  [pageReads.branch('lake', 'main')]: { status: 200, body: branch },
  [pageReads.branchProtection('lake')]: { status: 200, body: [] },
  [pageReads.listing('lake', 'main', 'docs/', undefined)]: { status: 200, body: listing },
};

const asked: string[] = [];
const server = setupServer(
  http.get('*/api/v1/*', ({ request }) => {
    const url = new URL(request.url);
    asked.push(url.pathname + url.search);
    const answer = page[url.pathname + url.search];
    return answer ? HttpResponse.json(answer.body as object, { status: answer.status }) : HttpResponse.json({ message: 'not found' }, { status: 404 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  asked.length = 0;
  setBootAnswers('');
});
afterAll(() => server.close());

function startSession() {
  return createActor(liveSessionMachine.provide({ actions: { goToLogin: () => undefined, leave: () => undefined } })).start();
}

const ready = (s: SessionSnapshot) => s.matches({ settings: 'loaded', permissions: 'known' });

/** Opens `docs/` as the router does: the match starts the reads, the loaders run once they are answered. */
async function openFolder() {
  const read = startRepositoryPage('lake', 'main');
  const request = { ref: 'main', path: 'docs/', after: undefined, search: '' };
  startObjectsPage(read, 'lake', request);
  await read.current();
  const signal = new AbortController().signal;
  return Promise.all([loadRepositoryPage(read, 'lake', 'main', signal), loadObjectsPage(read, 'lake', request, { signal, preload: true })]);
}

describe('the page’s answers to its first reads', () => {
  it('start the session and open the folder without a request', async () => {
    setBootAnswers(JSON.stringify(page));
    const session = startSession();
    await expect(checkedSession(session)).resolves.toEqual({ status: 'signedIn', user: user.user });
    const { context } = await waitFor(session, ready, { timeout: 5000 });
    expect(context).toMatchObject({ config, loginConfig: { RBAC: 'simplified' } });
    expect(context.permissions?.('fs:ReadObject', 'arn:lakefs:fs:::repository/lake/object/docs/a.txt')).toBe(true);
    const [layout, folder] = await openFolder();
    expect(layout.resolvedRef).toEqual({ name: 'main', ref: { kind: 'branch', id: 'main', commitId: 'c1' } });
    expect(folder.firstPage?.results.map((entry) => entry.path)).toEqual(['docs/a.txt']);
    expect(asked).toEqual([]);
    session.stop();
  });

  it('give an object page its stat without a request, at the address the object route reads', async () => {
    const stat: ObjectStats = { path: 'docs/a b.txt', path_type: 'object', size_bytes: 3, physical_address: 'p', checksum: 'x', mtime: 1 };
    setBootAnswers(JSON.stringify({ ...page, [pageReads.objectStat('lake', 'main', 'docs/a b.txt')]: { status: 200, body: stat } }));
    const loaded = await loadObject('lake', 'main', 'docs/a b.txt', new AbortController().signal);
    expect(loaded).toMatchObject({ status: 'found', stats: { path: 'docs/a b.txt', size_bytes: 3 } });
    expect(asked.filter((address) => address.includes('/objects/stat'))).toEqual([]);
  });

  it('answer only the first load: after it every read asks the server', async () => {
    setBootAnswers(JSON.stringify(page));
    const first = startSession();
    await waitFor(first, ready, { timeout: 5000 });
    setBootAnswers('');
    const again = startSession();
    await waitFor(again, ready, { timeout: 5000 });
    await openFolder();
    expect(asked).toEqual(expect.arrayContaining(['/api/v1/user', '/api/v1/config', pageReads.listing('lake', 'main', 'docs/', undefined)]));
    first.stop();
    again.stop();
  });

  it('leave every read to the server when the page has none (the dev server)', async () => {
    setBootAnswers('');
    const session = startSession();
    await waitFor(session, ready, { timeout: 5000 });
    await openFolder();
    expect(asked).toEqual(expect.arrayContaining(['/api/v1/user', userPoliciesRead('ada'), pageReads.repository('lake')]));
    session.stop();
  });
});
