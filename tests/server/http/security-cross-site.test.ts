// Defect 3 of the security review: another site could make a signed-in browser change data. JSON calls took
// text/plain bodies (which any site may post without asking), and a cross-origin multipart upload carrying the
// session cookie was stored. Now a cookie-signed write must come from our origin, and JSON calls take only JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originMatchesHost } from '../../../server/http/same-origin';
import { client, setupAdmin, signIn, startTestServer, type Client, type Credentials, type Session, type TestServer } from './harness';

let server: TestServer;
let admin: Credentials;
let basic: Client;
let session: Session;

const crossOriginMessage = 'cross-origin request refused: a change made with the session cookie must come from the same origin';
const notJsonMessage = 'unsupported content type: the request body must be application/json';

beforeAll(async () => {
  server = await startTestServer();
  admin = await setupAdmin(server);
  basic = client(server, admin.authorization);
  session = await signIn(server, admin);
  expect((await basic.post('/repositories', { name: 'site', storage_namespace: 'local://site' })).status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

/** The cookie alone, with whatever a browser (or another site's page) would add. */
function withCookie(headers: Record<string, string>): Client {
  return client(server, { cookie: session.cookie, ...headers });
}

async function exists(path: string): Promise<boolean> {
  const res = await basic.get(`/repositories/site/refs/main/objects/stat?path=${encodeURIComponent(path)}`);
  return res.status === 200;
}

describe('defect 3: cookie-signed writes must come from the same origin', () => {
  it('the console itself (same-origin Origin) can write with the cookie', async () => {
    const res = await session.api.post('/repositories/site/branches', { name: 'mine', source: 'main' });
    expect(res.status).toBe(201);
  });

  it('a cross-origin multipart upload carrying the cookie is refused and stores nothing', async () => {
    const form = new FormData();
    form.append('content', new Blob(['planted']), 'x.txt');
    const res = await withCookie({ origin: 'http://evil.example' }).post('/repositories/site/branches/main/objects?path=planted.txt', form);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: crossOriginMessage });
    expect(await exists('planted.txt')).toBe(false);
  });

  it('refuses every kind of cookie-signed write from elsewhere', async () => {
    const attempts: Array<[string, Record<string, string>]> = [
      ['another origin', { origin: 'http://evil.example' }],
      ['another port of the same host', { origin: server.url.replace(/:\d+$/, ':1') }],
      ['an opaque origin', { origin: 'null' }],
      ['neither Origin nor Sec-Fetch-Site', {}],
      ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: server.url }],
      ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ];
    for (const [label, headers] of attempts) {
      const api = withCookie(headers);
      const created = await api.post('/repositories/site/branches', { name: 'theirs', source: 'main' });
      expect(created.status, label).toBe(403);
      expect(created.body, label).toEqual({ message: crossOriginMessage });
      expect((await api.put('/repositories/site/branches/main', { type: 'reset' })).status, label).toBe(403);
      expect((await api.delete('/repositories/site/branches/mine')).status, label).toBe(403);
    }
    expect((await basic.get('/repositories/site/branches/theirs')).status).toBe(404);
    expect((await basic.get('/repositories/site/branches/mine')).status).toBe(200);
  });

  it('Sec-Fetch-Site same-origin is enough without an Origin', async () => {
    const res = await withCookie({ 'sec-fetch-site': 'same-origin' }).upload('site', 'main', 'fetched.txt', 'ok');
    expect(res.status).toBe(201);
  });

  it('reads with the cookie are not affected', async () => {
    expect((await withCookie({ origin: 'http://evil.example' }).get('/repositories/site')).status).toBe(200);
  });

  it('basic and bearer credentials are not subject to the origin rule', async () => {
    const fromElsewhere = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await basic.upload('site', 'main', 'basic.txt', 'b', fromElsewhere)).status).toBe(201);
    const bearer = client(server, { authorization: `Bearer ${session.token}`, ...fromElsewhere });
    expect((await bearer.upload('site', 'main', 'bearer.txt', 'b')).status).toBe(201);
  });

  it('compares the Origin with the Host the request was sent to', () => {
    expect(originMatchesHost('http://127.0.0.1:8000', '127.0.0.1:8000')).toBe(true);
    expect(originMatchesHost('https://tarn.example', 'tarn.example')).toBe(true);
    expect(originMatchesHost('https://tarn.example', 'tarn.example:443')).toBe(true);
    expect(originMatchesHost('http://TARN.example', 'tarn.example')).toBe(true);
    expect(originMatchesHost('http://tarn.example:8080', 'tarn.example')).toBe(false);
    expect(originMatchesHost('http://tarn.example.evil', 'tarn.example')).toBe(false);
    expect(originMatchesHost('null', 'tarn.example')).toBe(false);
    expect(originMatchesHost('file://', 'tarn.example')).toBe(false);
  });
});

describe('defect 3: JSON calls require an application/json body, whatever the credentials', () => {
  const body = JSON.stringify({ name: 'plain', source: 'main' });
  const wrongTypes = ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=iso-8859-1', 'application/jsonp'];

  it('refuses other content types with 415 for basic, bearer and cookie callers', async () => {
    const callers: Array<[string, Client]> = [
      ['basic', basic],
      ['bearer', client(server, `Bearer ${session.token}`)],
      ['cookie', session.api],
    ];
    for (const [who, api] of callers) {
      for (const type of wrongTypes) {
        const res = await api.post('/repositories/site/branches', body, { 'content-type': type });
        expect(res.status, `${who} with ${type}`).toBe(415);
        expect(res.body, `${who} with ${type}`).toEqual({ message: notJsonMessage });
      }
      const untyped = await api.raw('/repositories/site/branches', { method: 'POST', body: new Blob([body]) });
      expect(untyped.status, `${who} without a content type`).toBe(415);
      await untyped.arrayBuffer();
    }
    expect((await basic.get('/repositories/site/branches/plain')).status).toBe(404);
  });

  it('refuses a text/plain login (a cross-site form could otherwise sign a browser in)', async () => {
    const res = await fetch(`${server.api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ access_key_id: admin.accessKeyId, secret_access_key: admin.secret }),
    });
    expect(res.status).toBe(415);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('accepts application/json with a UTF-8 charset', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"']) {
      const res = await basic.post('/repositories/site/tags', JSON.stringify({ id: `t-${type.length}`, ref: 'main' }), { 'content-type': type });
      expect(res.status, type).toBe(201);
    }
  });

  it('an optional body may be left out entirely, but not sent as text', async () => {
    await basic.upload('site', 'mine', 'merge-me.txt', 'm');
    expect((await basic.post('/repositories/site/branches/mine/commits', { message: 'to merge' })).status).toBe(201);
    // Earlier tests left uploads on main; a merge needs it clean.
    expect((await basic.post('/repositories/site/branches/main/commits', { message: 'uploads so far' })).status).toBe(201);
    const asText = await basic.post('/repositories/site/refs/mine/merge/main', '', { 'content-type': 'text/plain' });
    expect(asText.status).toBe(415);
    const empty = await basic.raw('/repositories/site/refs/mine/merge/main', { method: 'POST' });
    expect(empty.status).toBe(200);
    await empty.arrayBuffer();
  });
});
