// Defect 4 of the security review: logout only cleared the browser's cookie, so a copied cookie or token kept
// working for its full 7 days. Logout now ends the session on the server, the end survives a restart, and the
// session lifetime is configurable.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthService } from '../../../server/auth/service';
import { deriveKeys } from '../../../server/auth/crypto';
import { kvRecords } from '../../../server/auth/kv-records';
import { ConfigError, parseCommandLine } from '../../../server/config';
import { openSqliteKv } from '../../../server/kv';
import type { ErrorBody } from '../../../server/http/wire';
import { captureLog, setupAdmin, signIn, startTestServer, type Credentials, type TestServer } from './harness';

const running: TestServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

async function start(dataDir?: string, options: Parameters<typeof startTestServer>[1] = {}): Promise<TestServer> {
  const server = await startTestServer(dataDir, options);
  running.push(server);
  return server;
}

function userStatus(server: TestServer, headers: Record<string, string>): Promise<number> {
  return fetch(`${server.api}/user`, { headers }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });
}

function logout(server: TestServer, cookie: string): Promise<Response> {
  return fetch(`${server.url}/logout`, { redirect: 'manual', headers: { cookie } });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('defect 4: logout ends the session on the server', () => {
  let admin: Credentials;

  it('the cookie and the bearer token of a logged-out session are refused; other sessions go on', async () => {
    const { logger, lines: log } = captureLog();
    const server = await start(undefined, { quiet: false, logger });
    admin = await setupAdmin(server);
    const ended = await signIn(server, admin);
    const other = await signIn(server, admin);
    expect(await userStatus(server, { cookie: ended.cookie })).toBe(200);

    const res = await logout(server, ended.cookie);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/auth/login');
    expect(res.headers.get('set-cookie')).toMatch(/internal_auth_session=;.*Max-Age=0/i);

    expect(await userStatus(server, { cookie: ended.cookie })).toBe(401);
    expect(await userStatus(server, { authorization: `Bearer ${ended.token}` })).toBe(401);
    const refused = await ended.api.get<ErrorBody>('/user');
    expect(refused.body).toEqual({ message: 'error authenticating request' });
    expect(await userStatus(server, { cookie: other.cookie })).toBe(200);

    // Neither the log nor the stored data holds a token.
    expect(log.length).toBeGreaterThan(0);
    for (const entry of log) expect(entry).not.toContain(ended.token);
    for (const file of filesUnder(server.dataDir)) {
      const bytes = readFileSync(file);
      expect(bytes.includes(Buffer.from(ended.token)), file).toBe(false);
      expect(bytes.includes(Buffer.from(other.token)), file).toBe(false);
    }
  });

  it('a logged-out session stays ended after a restart, and an open one stays open', async () => {
    const first = await start();
    admin = await setupAdmin(first);
    const ended = await signIn(first, admin);
    const open = await signIn(first, admin);
    await (await logout(first, ended.cookie)).arrayBuffer();
    running.splice(running.indexOf(first), 1);
    await first.close(true);

    const again = await start(first.dataDir);
    expect(await userStatus(again, { cookie: ended.cookie })).toBe(401);
    expect(await userStatus(again, { authorization: `Bearer ${ended.token}` })).toBe(401);
    expect(await userStatus(again, { cookie: open.cookie })).toBe(200);
  });

  it('logging out without a session, or with a garbled one, still clears the cookie', async () => {
    const server = await start();
    for (const cookie of ['', 'internal_auth_session=garbage']) {
      const res = await logout(server, cookie);
      expect(res.status).toBe(307);
      expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/i);
    }
  });
});

describe('defect 4: the session lifetime is configurable', () => {
  it('a login lasts the configured time, in its token and its cookie', async () => {
    const server = await start(undefined, { sessionTtlSeconds: 3600 });
    const admin = await setupAdmin(server);
    const before = Math.floor(Date.now() / 1000);
    const res = await fetch(`${server.api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_key_id: admin.accessKeyId, secret_access_key: admin.secret }),
    });
    const { token_expiration: expiration } = (await res.json()) as { token_expiration: number };
    expect(expiration).toBeGreaterThanOrEqual(before + 3600);
    expect(expiration).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=3600/);
  });

  it('is read from --session-ttl, TARN_SESSION_TTL or the config file, as seconds or a duration', () => {
    expect(parseCommandLine([], {}).config.sessionTtlSeconds).toBe(7 * 24 * 3600);
    expect(parseCommandLine(['--session-ttl', '900'], {}).config.sessionTtlSeconds).toBe(900);
    expect(parseCommandLine(['--session-ttl=12h'], {}).config.sessionTtlSeconds).toBe(12 * 3600);
    expect(parseCommandLine([], { TARN_SESSION_TTL: '1d12h' }).config.sessionTtlSeconds).toBe(36 * 3600);
    expect(parseCommandLine(['--session-ttl', '30m'], { TARN_SESSION_TTL: '2d' }).config.sessionTtlSeconds).toBe(1800);
    for (const bad of ['0', '-5', '1w', '12 h', 'soon', '401d']) {
      expect(() => parseCommandLine(['--session-ttl', bad], {}), bad).toThrow(ConfigError);
    }
    expect(() => parseCommandLine([], { TARN_SESSION_TTL: 'forever' })).toThrow(/TARN_SESSION_TTL: session lifetime/);
  });

  it('expired session records are swept at a later login', async () => {
    const kv = openSqliteKv({ path: ':memory:' });
    let clock = Date.UTC(2030, 0, 1);
    const records = kvRecords(kv);
    const auth = new AuthService(records, deriveKeys(Buffer.alloc(32, 4)), { sessionTtlSeconds: 60, now: () => clock });
    const creds = await auth.setup({ username: 'admin' });
    const principal = (await auth.authenticateKey(creds.access_key_id, creds.secret_access_key))!;
    const early = await auth.sessions.open(principal);
    clock += 2 * 3600_000;
    expect(await auth.sessions.authenticate(early.token)).toBeUndefined();
    await auth.sessions.open(principal);
    expect(await records.list('auth/sessions/')).toHaveLength(1);
    await kv.close();
  });
});
