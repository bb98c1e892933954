// A page of the console carries the answers to its first reads (server/http/console-boot.ts): asked of the API with
// the page request's cookie, so a page shows a user only what the API would answer that user, and never a secret.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageReads, LIST_ALL_PAGE_SIZE, LISTING_PAGE_SIZE, userPoliciesRead, type BootAnswers } from '../../../server/http/console-boot';
import { LIST_ALL_PAGE_SIZE as CONSOLE_LIST_ALL_PAGE_SIZE, PAGE_SIZE } from '../../../src/lib/page-sizes';
import { addUser, captureLog, signIn, startTestServer, startWithAdmin, type Client, type Session, type TestServer } from './harness';

let server: TestServer;
let admin: Client;
let adminSession: Session;
let stranger: Session;

const built = '<!doctype html><html><head><title>Tarn</title><script type="module" src="/app.js"></script></head><body></body></html>';

beforeAll(async () => {
  ({ server, api: admin } = await startWithAdmin());
  writeFileSync(join(server.consoleDir, 'index.html'), built);
  expect((await admin.post('/repositories', { name: 'lake', storage_namespace: 'local://lake' })).status).toBe(201);
  expect((await admin.upload('lake', 'main', 'docs/a.txt', 'a')).status).toBe(201);
  expect((await admin.upload('lake', 'main', 'docs/<b>.txt', 'b')).status).toBe(201);
  const adminKey = await addUser(admin, 'ada', { groups: ['Admins'] });
  adminSession = await signIn(server, adminKey);
  stranger = await signIn(server, await addUser(admin, 'stranger'));
}, 60_000);
afterAll(async () => {
  await server.close();
});

async function page(path: string, cookie?: string): Promise<{ res: Response; html: string; answers: BootAnswers }> {
  const res = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  const block = /<script type="application\/json" id="tarn-boot">([\s\S]*?)<\/script>/.exec(html);
  return { res, html, answers: JSON.parse(block?.[1] ?? 'null') as BootAnswers };
}

const listing = pageReads.listing('lake', 'main', 'docs/', undefined);

describe('a console page answers its first reads', () => {
  it('gives a signed-in user the session and the folder’s repository, branch and first page', async () => {
    const { res, answers } = await page('/repositories/lake/objects?ref=main&path=docs%2F', adminSession.cookie);
    expect(res.status).toBe(200);
    expect(answers['/api/v1/user']).toMatchObject({ status: 200, body: { user: { id: 'ada' } } });
    expect(answers['/api/v1/config']?.status).toBe(200);
    expect(answers['/api/v1/setup_lakefs']?.status).toBe(200);
    expect(answers['/api/v1/auth/capabilities']?.status).toBe(200);
    expect(userPoliciesRead('ada')).toBe('/api/v1/auth/users/ada/policies?effective=true&amount=1000');
    const policies = answers[userPoliciesRead('ada')] as { status: number; body: { results: { id: string }[] } };
    expect(policies.status).toBe(200);
    expect(policies.body.results.map((policy) => policy.id)).toContain('AuthFullAccess');
    expect(answers['/api/v1/repositories/lake']).toMatchObject({ status: 200, body: { id: 'lake', default_branch: 'main' } });
    expect(answers['/api/v1/repositories/lake/branches/main']).toMatchObject({ status: 200, body: { id: 'main' } });
    expect(answers['/api/v1/repositories/lake/settings/branch_protection']?.status).toBe(200);
    expect(listing).toBe('/api/v1/repositories/lake/refs/main/objects/ls?prefix=docs%2F&amount=100&delimiter=%2F');
    const first = answers[listing]?.body as { results: { path: string }[] };
    expect(first.results.map((entry) => entry.path)).toEqual(['docs/<b>.txt', 'docs/a.txt']);
  });

  it('gives a signed-in user an object page’s repository, branch and the object’s stat', async () => {
    const stat = pageReads.objectStat('lake', 'main', 'docs/<b>.txt');
    expect(stat).toBe('/api/v1/repositories/lake/refs/main/objects/stat?path=docs%2F%3Cb%3E.txt');
    const { answers } = await page('/repositories/lake/object?ref=main&path=docs%2F%3Cb%3E.txt', adminSession.cookie);
    expect(answers['/api/v1/repositories/lake/branches/main']).toMatchObject({ status: 200, body: { id: 'main' } });
    expect(answers[stat]).toMatchObject({ status: 200, body: { path: 'docs/<b>.txt', size_bytes: 1 } });
    expect(Object.keys(answers).some((address) => address.includes('/objects/ls'))).toBe(false);
  });

  it('gives a user who may not read the object its refusal, not its stat', async () => {
    const { answers, html } = await page('/repositories/lake/object?ref=main&path=docs%2Fa.txt', stranger.cookie);
    expect(answers[pageReads.objectStat('lake', 'main', 'docs/a.txt')]?.status).toBe(401);
    expect(html).not.toMatch(/local:\/\/lake|physical_address/);
  });

  it('reads the default branch’s listing when the address names no ref', async () => {
    const { answers } = await page('/repositories/lake/objects', adminSession.cookie);
    expect(answers[pageReads.listing('lake', 'main', '', undefined)]?.status).toBe(200);
  });

  it('keeps the data a block: no answer can close it, no cache may keep it, and no script of it runs', async () => {
    const { res, html } = await page('/repositories/lake/objects?ref=main&path=docs%2F', adminSession.cookie);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<b>');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Only the built page's scripts are allowed: it has no inline one, so no hash at all.
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
  });

  it('never carries a secret or the session itself', async () => {
    const { html } = await page('/repositories/lake/objects?ref=main&path=docs%2F', adminSession.cookie);
    expect(html).not.toMatch(/secret_access_key|token/i);
    expect(html).not.toContain(adminSession.cookie.split('=')[1]);
    expect(html).not.toContain(adminSession.token);
  });

  it('gives an anonymous visitor no user, no configuration and no repository', async () => {
    const { answers, html } = await page('/repositories/lake/objects?ref=main&path=docs%2F');
    expect(answers['/api/v1/user']?.status).toBe(401);
    expect(answers['/api/v1/config']?.status).toBe(401);
    expect(Object.keys(answers).filter((address) => address.startsWith('/api/v1/repositories'))).toEqual([]);
    expect(html).not.toMatch(/ada|docs\/a\.txt|local:\/\/lake/);
  });

  it('gives a user only what the API lets that user read', async () => {
    const { answers, html } = await page('/repositories/lake/objects?ref=main&path=docs%2F', stranger.cookie);
    expect(answers['/api/v1/user']).toMatchObject({ status: 200, body: { user: { id: 'stranger' } } });
    expect(answers['/api/v1/repositories/lake']?.status).toBe(401);
    expect(answers[listing]?.status).toBe(401);
    expect(html).not.toMatch(/docs\/a\.txt|local:\/\/lake/);
  });

  it('asks for the page size the console lists with', () => {
    expect(LISTING_PAGE_SIZE).toBe(PAGE_SIZE);
    expect(LIST_ALL_PAGE_SIZE).toBe(CONSOLE_LIST_ALL_PAGE_SIZE);
  });
});

describe('the reads a page answers', () => {
  it('are logged under the page’s request id', async () => {
    const log = captureLog();
    const logged = await startTestServer(undefined, { quiet: false, logger: log.logger });
    try {
      writeFileSync(join(logged.consoleDir, 'index.html'), built);
      await (await fetch(`${logged.url}/repositories`, { headers: { 'x-request-id': 'page-1' } })).arrayBuffer();
      const paths = log.entries().filter((entry) => entry.msg === 'request' && entry.reqId === 'page-1').map((entry) => entry.path);
      expect(paths).toEqual(expect.arrayContaining(['/repositories', '/api/v1/user', '/api/v1/setup_lakefs']));
    } finally {
      await logged.close();
    }
  });
});
