// lakeFS's calls that need an external authenticator (external principals, STS login, the OIDC callback), over the
// real HTTP stack: Tarn has none, so each answers 501 as lakeFS's open-source server does without one, after the
// checks lakeFS makes first (authentication for the principal calls, the request's own schema), and never 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../server/http/wire';
import { addUser, client, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let admin: Client;
let nobody: Client;
let anonymous: Client;

const notImplemented = { status: 501, body: { message: 'not implemented: Tarn has no external authenticator' } };

beforeAll(async () => {
  ({ server, api: admin } = await startWithAdmin());
  // A user with no group and no policy: lakeFS answers 501 before it checks any permission.
  nobody = client(server, (await addUser(admin, 'nobody')).authorization);
  anonymous = client(server, '');
});
afterAll(async () => {
  await server.close();
});

describe('logins through an external authenticator', () => {
  it('answer 501 to anyone, credentials or not', async () => {
    for (const api of [anonymous, admin]) {
      expect(await api.post('/auth/external/principal/login', { identityRequest: { method: 'POST' } })).toMatchObject(notImplemented);
      expect(await api.post('/sts/login', { code: 'c', state: 's', redirect_uri: 'https://example.com/cb' })).toMatchObject(notImplemented);
      expect(await api.get('/oidc/callback?code=c&state=s')).toMatchObject(notImplemented);
    }
    // The external login's body is optional, as in lakeFS.
    expect((await anonymous.raw('/auth/external/principal/login', { method: 'POST' })).status).toBe(501);
  });

  it('check the request body first, as lakeFS does', async () => {
    const sts = await anonymous.post<ErrorBody>('/sts/login', { code: 'c', state: 's' });
    expect(sts).toMatchObject({ status: 400, body: { message: 'invalid request body: redirect_uri: redirect_uri is required' } });
    expect((await anonymous.post('/auth/external/principal/login', { identityRequest: 'not an object' })).status).toBe(400);
  });
});

describe('external principals of users', () => {
  const calls: Array<[method: string, path: string]> = [
    ['POST', '/auth/users/nobody/external/principals?principalId=arn:aws:iam::1:role/r'],
    ['DELETE', '/auth/users/nobody/external/principals?principalId=arn:aws:iam::1:role/r'],
    ['GET', '/auth/users/nobody/external/principals/ls'],
    ['GET', '/auth/external/principals?principalId=arn:aws:iam::1:role/r'],
  ];

  it('answer 501 to any signed-in user, whatever the permissions, and 401 without credentials', async () => {
    for (const [method, path] of calls) {
      for (const api of [admin, nobody]) {
        const res = await api.raw(path, { method });
        expect(res.status, `${method} ${path}`).toBe(501);
        expect(await res.json()).toEqual(notImplemented.body);
      }
      expect((await anonymous.raw(path, { method })).status, `${method} ${path} without credentials`).toBe(401);
    }
  });

  it('need the principal id lakeFS requires', async () => {
    const missing = await admin.get<ErrorBody>('/auth/external/principals');
    expect(missing).toMatchObject({ status: 400, body: { message: 'parameter "principalId" in query has an error: value is required but missing' } });
    expect((await admin.raw('/auth/users/nobody/external/principals', { method: 'DELETE' })).status).toBe(400);
  });
});
