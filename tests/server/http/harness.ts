// Starts the real server on a fresh data folder and talks to it over real HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthenticationToken, CredentialsWithSecret } from '../../../server/http/wire';
import { createLogger, type LogLevel, type Logger } from '../../../server/logging';
import { startServer, type StartOptions } from '../../../server/main';

export type { Page } from '../../../server/http/wire';

export interface TestServer {
  url: string;
  api: string;
  dataDir: string;
  consoleDir: string;
  /** Resolves once the background work requests started (post-event hooks) is done. */
  idle(): Promise<void>;
  /** Stops the server; the data folder is removed unless `keepData`. */
  close(keepData?: boolean): Promise<void>;
}

/**
 * Server options a test may set: its logger (silent by default, so tests print nothing; see captureLog), metrics
 * token, session lifetime,
 * login settings (RBAC mode), mail server and public address, block store (S3 on tests/server/s3-server.ts), import root,
 * the file finder's time budget.
 */
export type TestServerOptions = Pick<StartOptions, 'quiet' | 'databaseUrl' | 'logger' | 'metricsToken' | 'sessionTtlSeconds' | 'auditRetentionSeconds' | 'login' | 'smtpUrl' | 'publicUrl' | 'blockstore' | 'importRoot' | 'findBudgetMs'>;

const silent = createLogger({ level: 'silent' });

/** A log whose lines a test reads: each JSON line as written, and parsed. */
export interface CapturedLog {
  logger: Logger;
  /** Every line written, as text. */
  lines: string[];
  /** The lines parsed. */
  entries(): Record<string, unknown>[];
}

export function captureLog(level: LogLevel = 'info'): CapturedLog {
  const lines: string[] = [];
  const logger = createLogger({ level, pretty: false, destination: { write: (line: string) => void lines.push(line.trimEnd()) } });
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** Starts on a fresh data folder, or on `dataDir` to restart over existing data. */
export async function startTestServer(
  dataDir = mkdtempSync(join(tmpdir(), 'tarn-http-')),
  options: TestServerOptions = {},
): Promise<TestServer> {
  const consoleDir = mkdtempSync(join(tmpdir(), 'tarn-console-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, consoleDir, quiet: true, logger: silent, ...options });
  return {
    url: server.url,
    api: `${server.url}/api/v1`,
    dataDir,
    consoleDir,
    idle: () => server.idle(),
    async close(keepData = false) {
      await server.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
      rmSync(consoleDir, { recursive: true, force: true });
    },
  };
}

export interface Credentials {
  accessKeyId: string;
  secret: string;
  authorization: string;
}

export function basicAuth(accessKeyId: string, secret: string): string {
  return `Basic ${Buffer.from(`${accessKeyId}:${secret}`).toString('base64')}`;
}

export async function setupAdmin(server: Pick<TestServer, 'api'>, username = 'admin'): Promise<Credentials> {
  const res = await fetch(`${server.api}/setup_lakefs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as CredentialsWithSecret;
  return {
    accessKeyId: body.access_key_id,
    secret: body.secret_access_key,
    authorization: basicAuth(body.access_key_id, body.secret_access_key),
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A client that sends the given Authorization header on every call, or, given an object, those headers (a session
 * cookie and the Origin a browser adds, see `signIn`).
 */
export function client(server: Pick<TestServer, 'api'>, credentials: string | Record<string, string>) {
  const sent = typeof credentials === 'string' ? { authorization: credentials } : credentials;
  async function call<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { ...sent, ...headers } };
    if (body !== undefined) {
      if (typeof body === 'string' || body instanceof Uint8Array || body instanceof FormData) init.body = body as BodyInit;
      else {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
    }
    const res = await fetch(`${server.api}${path}`, init);
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.startsWith('application/json') ? await res.json() : await res.text();
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    /** The headers sent with every call (its credentials). */
    headers: sent,
    get: <T = unknown>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    head: (path: string, headers?: Record<string, string>) => call('HEAD', path, undefined, headers),
    post: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, body, headers),
    put: <T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('PUT', path, body, headers),
    delete: <T = unknown>(path: string, headers?: Record<string, string>) => call<T>('DELETE', path, undefined, headers),
    /** Uploads raw bytes to a branch path. */
    upload: <T = unknown>(repo: string, branch: string, path: string, content: string | Uint8Array, headers?: Record<string, string>) =>
      call<T>('POST', `/repositories/${repo}/branches/${branch}/objects?path=${encodeURIComponent(path)}`, content, headers),
    raw: (path: string, init: RequestInit = {}) =>
      fetch(`${server.api}${path}`, { ...init, headers: { ...sent, ...(init.headers as Record<string, string> | undefined) } }),
  };
}

export type Client = ReturnType<typeof client>;

export interface Session {
  /** Sends the session cookie, and the same-origin Origin a browser sends with it on every write. */
  api: Client;
  /** `internal_auth_session=...`, as a Cookie header. */
  cookie: string;
  token: string;
  tokenExpiration: number;
}

/** Logs in as the console does (POST /auth/login) and returns a client that calls like the console in a browser. */
export async function signIn(server: Pick<TestServer, 'api' | 'url'>, credentials: Pick<Credentials, 'accessKeyId' | 'secret'>): Promise<Session> {
  const res = await fetch(`${server.api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ access_key_id: credentials.accessKeyId, secret_access_key: credentials.secret }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  // Our server always sends the expiry lakeFS's schema leaves optional.
  const body = (await res.json()) as Required<AuthenticationToken>;
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { api: client(server, { cookie, origin: server.url }), cookie, token: body.token, tokenExpiration: body.token_expiration };
}

/** A fresh server whose admin is set up, with a client signed in as that admin. */
export async function startWithAdmin(options: TestServerOptions = {}): Promise<{ server: TestServer; authorization: string; api: Client }> {
  const server = await startTestServer(undefined, options);
  const { authorization } = await setupAdmin(server);
  return { server, authorization, api: client(server, authorization) };
}

/** Creates a user with one access key, in the given groups and with the given policies attached directly. */
export async function addUser(
  admin: Client,
  id: string,
  { groups = [], policies = [] }: { groups?: string[]; policies?: string[] } = {},
): Promise<Credentials> {
  const created = await admin.post('/auth/users', { id });
  if (created.status !== 201) throw new Error(`creating user ${id} failed: ${created.status} ${JSON.stringify(created.body)}`);
  for (const group of groups) {
    const added = await admin.put(`/auth/groups/${group}/members/${encodeURIComponent(id)}`);
    if (added.status !== 201) throw new Error(`adding ${id} to ${group} failed: ${added.status}`);
  }
  for (const policy of policies) {
    const attached = await admin.put(`/auth/users/${encodeURIComponent(id)}/policies/${policy}`);
    if (attached.status !== 201) throw new Error(`attaching ${policy} to ${id} failed: ${attached.status}`);
  }
  const key = await admin.post<CredentialsWithSecret>(`/auth/users/${encodeURIComponent(id)}/credentials`);
  if (key.status !== 201) throw new Error(`creating a key for ${id} failed: ${key.status}`);
  return {
    accessKeyId: key.body.access_key_id,
    secret: key.body.secret_access_key,
    authorization: basicAuth(key.body.access_key_id, key.body.secret_access_key),
  };
}

export const objectPath = (repo: string, ref: string, path: string) =>
  `/repositories/${repo}/refs/${encodeURIComponent(ref)}/objects?path=${encodeURIComponent(path)}`;
