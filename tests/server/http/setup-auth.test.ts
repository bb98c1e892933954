import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../server/http/wire';
import { basicAuth, client, startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.api}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('before setup', () => {
  it('reports not_initialized with the login configuration', async () => {
    const res = await fetch(`${server.api}/setup_lakefs`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      state: 'not_initialized',
      comm_prefs_missing: true,
      login_config: { login_cookie_names: ['internal_auth_session'], logout_url: '/logout', login_url: '/auth/login' },
    });
  });

  it('answers the public calls without credentials', async () => {
    expect((await fetch(`${server.api}/healthcheck`)).status).toBe(204);
    const caps = await fetch(`${server.api}/auth/capabilities`);
    expect(await caps.json()).toEqual({ invite_user: true, forgot_password: false });
  });

  it('refuses other calls with the logged-out message', async () => {
    for (const path of ['/config', '/repositories', '/user']) {
      const res = await fetch(`${server.api}${path}`);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ message: 'error authenticating request' });
    }
  });

  it('refuses communication preferences before setup', async () => {
    const res = await post('/setup_comm_prefs', JSON.stringify({ email: 'a@b.co', featureUpdates: false, securityUpdates: false }));
    expect(res.status).toBe(412);
    expect(await res.json()).toEqual({ message: 'lakeFS is not initialized' });
  });

  it('rejects bad setup bodies with a 400 naming the problem', async () => {
    const empty = await post('/setup_lakefs', JSON.stringify({ username: '  ' }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: 'empty user display name' });
    const broken = await post('/setup_lakefs', '{"username": ');
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toMatch(/JSON/);
    const wrongType = await post('/setup_lakefs', JSON.stringify({ username: 42 }));
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).message).toMatch(/username/);
    const noBody = await post('/setup_lakefs', '');
    expect(noBody.status).toBe(400);
    const badEmail = await post('/setup_lakefs', JSON.stringify({ username: 'x', email: 'not-an-email' }));
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).message).toMatch(/email/);
    // A domain without a top-level domain is no address lakeFS accepts either.
    const noTld = await post('/setup_lakefs', JSON.stringify({ username: 'x', email: 'ops@acme', featureUpdates: true }));
    expect(noTld.status).toBe(400);
    expect(await noTld.json()).toEqual({ message: 'invalid email address' });
    const freeMail = await post('/setup_lakefs', JSON.stringify({ username: 'x', email: 'someone@gmail.com' }));
    expect(freeMail.status).toBe(400);
    expect(await freeMail.json()).toEqual({ message: 'please use a business email address' });
    expect(await (await fetch(`${server.api}/setup_lakefs`)).json()).toMatchObject({ state: 'not_initialized' });
  });
});

describe('setup and sessions', () => {
  let accessKeyId = '';
  let secret = '';

  it('creates the first admin exactly once, even when asked twice at the same time', async () => {
    const answers = await Promise.all([
      post('/setup_lakefs', JSON.stringify({ username: 'admin' })),
      post('/setup_lakefs', JSON.stringify({ username: 'admin' })),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200);
    const loser = answers.find((a) => a.status === 409);
    const creds = await winner!.json();
    expect(creds.access_key_id).toMatch(/^AKIAJ[A-Z2-7]{14}Q$/);
    expect(creds.secret_access_key).toHaveLength(40);
    expect(typeof creds.creation_date).toBe('number');
    expect(await loser!.json()).toEqual({ message: 'lakeFS already initialized' });
    accessKeyId = creds.access_key_id;
    secret = creds.secret_access_key;
    const again = await post('/setup_lakefs', JSON.stringify({ username: 'other' }));
    expect(again.status).toBe(409);
  });

  it('then reports initialized with communication preferences missing, until they are sent once', async () => {
    expect(await (await fetch(`${server.api}/setup_lakefs`)).json()).toMatchObject({ state: 'initialized', comm_prefs_missing: true });
    const badEmail = await post('/setup_comm_prefs', JSON.stringify({ email: 'nope', featureUpdates: true, securityUpdates: false }));
    expect(badEmail.status).toBe(400);
    const missing = await post('/setup_comm_prefs', JSON.stringify({ email: 'a@b.co' }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toMatch(/featureUpdates/);
    for (const email of ['someone@gmail.com', 'Someone@Outlook.COM', 'a.b@proton.me', 'x@163.com']) {
      const freeMail = await post('/setup_comm_prefs', JSON.stringify({ email, featureUpdates: true, securityUpdates: false }));
      expect(freeMail.status, email).toBe(400);
      expect(await freeMail.json()).toEqual({ message: 'please use a business email address' });
    }
    expect(await (await fetch(`${server.api}/setup_lakefs`)).json()).toMatchObject({ comm_prefs_missing: true });
    const ok = await post('/setup_comm_prefs', JSON.stringify({ email: 'admin@example.com', featureUpdates: true, securityUpdates: false }));
    expect(ok.status).toBe(200);
    expect(await (await fetch(`${server.api}/setup_lakefs`)).json()).toMatchObject({ state: 'initialized', comm_prefs_missing: false });
    const twice = await post('/setup_comm_prefs', JSON.stringify({ email: 'admin@example.com', featureUpdates: true, securityUpdates: false }));
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: 'communication preferences already set' });
  });

  it('accepts HTTP Basic with the access key and reports the key in use', async () => {
    const api = client(server, basicAuth(accessKeyId, secret));
    const me = await api.get<{ user: { id: string; accessKeyId: string; creation_date: number } }>('/user');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: 'admin', accessKeyId });
  });

  it('refuses wrong, unknown and malformed credentials', async () => {
    const cases = [
      basicAuth(accessKeyId, `${secret}x`),
      basicAuth(accessKeyId, secret.slice(0, -1)),
      basicAuth('AKIAJAAAAAAAAAAAAAAQ', secret),
      'Basic !!!notbase64',
      'Basic ' + Buffer.from('no-colon').toString('base64'),
      'Bearer not.a.token',
      'Bearer ',
      'Digest abc',
    ];
    for (const authorization of cases) {
      const res = await fetch(`${server.api}/user`, { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(await res.json()).toEqual({ message: 'error authenticating request' });
    }
  });

  it('logs in with a session cookie, accepts it and the bearer token, and logs out', async () => {
    const bad = await post('/auth/login', JSON.stringify({ access_key_id: accessKeyId, secret_access_key: 'wrong' }));
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ message: 'error authenticating request' });
    const missing = await post('/auth/login', JSON.stringify({ access_key_id: accessKeyId }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toMatch(/secret_access_key/);

    const res = await post('/auth/login', JSON.stringify({ access_key_id: accessKeyId, secret_access_key: secret }));
    expect(res.status).toBe(200);
    const { token, token_expiration } = await res.json();
    expect(token_expiration).toBeGreaterThan(Date.now() / 1000);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^internal_auth_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const cookieValue = cookie.split(';')[0]!;

    const byCookie = await fetch(`${server.api}/user`, { headers: { cookie: cookieValue } });
    expect(byCookie.status).toBe(200);
    expect((await byCookie.json()).user).toMatchObject({ id: 'admin', accessKeyId });
    const byBearer = await fetch(`${server.api}/config`, { headers: { authorization: `Bearer ${token}` } });
    expect(byBearer.status).toBe(200);

    const [header, payload, signature] = (token as string).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'mallory' })).toString('base64url');
    const tampered = await fetch(`${server.api}/user`, { headers: { authorization: `Bearer ${header}.${forged}.${signature}` } });
    expect(tampered.status).toBe(401);
    const badCookie = await fetch(`${server.api}/user`, { headers: { cookie: `internal_auth_session=${header}.${forged}.${signature}` } });
    expect(badCookie.status).toBe(401);

    const logout = await fetch(`${server.url}/logout`, { redirect: 'manual', headers: { cookie: cookieValue } });
    expect(logout.status).toBe(307);
    expect(logout.headers.get('location')).toBe('/auth/login');
    expect(logout.headers.get('set-cookie')).toMatch(/internal_auth_session=;.*Max-Age=0/i);
  });

  it('a stale cookie does not block logging in again', async () => {
    const res = await post('/auth/login', JSON.stringify({ access_key_id: accessKeyId, secret_access_key: secret }), {
      cookie: 'internal_auth_session=garbage',
    });
    expect(res.status).toBe(200);
  });

  it('never stores the secret in plain text', () => {
    for (const file of filesUnder(server.dataDir)) {
      expect(readFileSync(file).includes(Buffer.from(secret)), file).toBe(false);
    }
  });

  it('serves the configuration of the local block store', async () => {
    const api = client(server, basicAuth(accessKeyId, secret));
    const res = await api.get<Record<string, Record<string, unknown>>>('/config');
    expect(res.status).toBe(200);
    expect(res.body.storage_config).toMatchObject({
      blockstore_type: 'local',
      blockstore_namespace_ValidityRegex: '^local://',
      blockstore_namespace_example: 'local://example-bucket/',
      default_namespace_prefix: 'local://',
      pre_sign_support: false,
      pre_sign_support_ui: false,
      import_support: false,
    });
    expect(res.body.version_config).toMatchObject({ upgrade_recommended: false });
    expect(typeof res.body.version_config?.version).toBe('string');
  });

  it('accepts statistics and validates them', async () => {
    const api = client(server, basicAuth(accessKeyId, secret));
    expect((await api.post('/statistics', { events: [{ class: 'ui', name: 'x', count: 1 }] })).status).toBe(204);
    const bad = await api.post<ErrorBody>('/statistics', { events: [{ class: 'ui', count: 'one' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/events/);
  });
});

describe('plumbing', () => {
  it('publishes an OpenAPI document of the routes it serves', async () => {
    const res = await fetch(`${server.api}/openapi.json`);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.0.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/setup_lakefs', '/repositories/{repository}/refs/{ref}/objects', '/repositories/{repository}/branches/{branch}/commits']),
    );
    expect(doc.paths['/healthcheck'].get.security).toEqual([]);
    expect(doc.paths['/repositories/{repository}/refs/{ref}/objects'].head).toBeDefined();
    // Request bodies are described by the same schemas that validate them.
    expect(doc.components.schemas.RepositoryCreation.required).toEqual(['name', 'storage_namespace']);
    expect(doc.components.schemas.PathList.properties.paths.maxItems).toBe(1000);
  });

  it('answers unknown API calls with JSON 404', async () => {
    const res = await fetch(`${server.api}/no/such/call`);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toMatch(/no API call/);
  });

  it('serves the console with index.html as the fallback for its routes only', async () => {
    writeFileSync(join(server.consoleDir, 'index.html'), '<!doctype html><title>Tarn</title>');
    writeFileSync(join(server.consoleDir, 'app.js'), 'console.log(1)');
    const deep = await fetch(`${server.url}/repositories/demo/objects?ref=main`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toMatch(/text\/html/);
    expect(deep.headers.get('x-frame-options')).toBe('DENY');
    expect(await deep.text()).toContain('<title>Tarn</title>');
    const asset = await fetch(`${server.url}/app.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/..%2f..%2fetc%2fpasswd.txt`)).status).toBe(404);
  });
});
