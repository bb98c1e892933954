// What an operator sees of a running server: Prometheus metrics at /metrics (open on loopback, elsewhere only with
// the metrics token), one JSON log line per request under an X-Request-ID the answer echoes, no credential ever in
// the log, and /_ready naming the store that cannot be reached.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalBlockStore } from '../../../server/blockstore';
import { metricsAllowed, metricsRefusal, ServerMetrics } from '../../../server/http/metrics';
import { requestIdFrom } from '../../../server/http/observe';
import { unreachable } from '../../../server/http/readiness';
import { instrumentKv, readinessChecks } from '../../../server/instrument';
import { openSqliteKv } from '../../../server/kv';
import { basicAuth, captureLog, client, setupAdmin, signIn, startTestServer, startWithAdmin, type Client, type TestServer } from './harness';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /metrics', () => {
  let server: TestServer;
  let api: Client;
  beforeAll(async () => {
    ({ server, api } = await startWithAdmin());
  });
  afterAll(async () => {
    await server.close();
  });

  it("counts requests by the route's operationId and status, with latency histograms", async () => {
    expect((await api.get('/repositories')).status).toBe(200);
    expect((await fetch(`${server.api}/repositories/nope/branches`)).status).toBe(401);
    await (await fetch(`${server.url}/some/console/page`)).arrayBuffer();
    await (await fetch(`${server.api}/no/such/call`)).arrayBuffer();
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE tarn_http_requests_total counter');
    expect(text).toMatch(/^tarn_http_requests_total\{operation="listRepositories",status="200"\} 1$/m);
    expect(text).toMatch(/^tarn_http_requests_total\{operation="listBranches",status="401"\} 1$/m);
    expect(text).toMatch(/^tarn_http_requests_total\{operation="setup",status="200"\} 1$/m);
    // Never a raw path: the console's files and unknown calls each have one fixed label.
    expect(text).toMatch(/^tarn_http_requests_total\{operation="console",status="\d+"\} 1$/m);
    expect(text).toMatch(/^tarn_http_requests_total\{operation="unknown",status="404"\} 1$/m);
    expect(text).not.toContain('nope');
    expect(text).not.toContain('/some/console');
    expect(text).toContain('# TYPE tarn_http_request_duration_seconds histogram');
    expect(text).toMatch(/^tarn_http_request_duration_seconds_bucket\{le="\+Inf",operation="listRepositories"\} 1$/m);
    expect(text).toMatch(/^tarn_http_request_duration_seconds_count\{operation="listRepositories"\} 1$/m);
    // The stores' calls, and the series registered before anything feeds them.
    expect(text).toMatch(/^tarn_kv_operation_duration_seconds_count\{operation="get"\} [1-9]\d*$/m);
    expect(text).toContain('# TYPE tarn_blockstore_operation_duration_seconds histogram');
    expect(text).toMatch(/^tarn_cache_hits_total\{cache="access_key"\} 0$/m);
    expect(text).toMatch(/^tarn_cache_misses_total\{cache="session_token"\} 0$/m);
    expect(text).toContain('# TYPE tarn_group_commit_batch_size histogram');
    // SQLite has no pool to report; the process's own figures are there.
    expect(text).not.toContain('tarn_pg_pool');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('times object store calls, and counts S3 gateway requests by their S3 operation', async () => {
    expect((await api.post('/repositories', { name: 'metered', storage_namespace: 'local://metered' })).status).toBe(201);
    expect((await api.upload('metered', 'main', 'a.txt', 'hello')).status).toBe(201);
    const s3 = new S3Client({
      endpoint: server.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: await credentialsOf(api),
      maxAttempts: 1,
    });
    const got = await s3.send(new GetObjectCommand({ Bucket: 'metered', Key: 'main/a.txt' }));
    expect(await got.Body?.transformToString()).toBe('hello');
    s3.destroy();
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/^tarn_http_requests_total\{operation="s3:getObject",status="200"\} 1$/m);
    expect(text).toMatch(/^tarn_blockstore_operation_duration_seconds_count\{operation="put"\} [1-9]\d*$/m);
  });

  it('refuses a forwarded request without the token, saying how to allow it', async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: metricsRefusal });
    expect(metricsRefusal).toContain('--metrics-token');
    expect(metricsRefusal).toContain('TARN_METRICS_TOKEN');
  });
});

/** A fresh access key of the admin's, for the S3 client. */
async function credentialsOf(api: Client): Promise<{ accessKeyId: string; secretAccessKey: string }> {
  const created = await api.post<{ access_key_id: string; secret_access_key: string }>('/auth/users/admin/credentials');
  expect(created.status).toBe(201);
  return { accessKeyId: created.body.access_key_id, secretAccessKey: created.body.secret_access_key };
}

describe('who may read the metrics', () => {
  const none = new Headers();
  const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });

  it('any loopback connection, IPv4, IPv6 or mapped', () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) expect(metricsAllowed({}, address, none), address).toBe(true);
  });

  it('no other address without a configured token, whatever it sends', () => {
    for (const address of ['10.0.0.5', '192.168.1.2', '::ffff:10.0.0.5', '2001:db8::1', undefined]) {
      expect(metricsAllowed({}, address, none), String(address)).toBe(false);
      expect(metricsAllowed({}, address, bearer('anything')), String(address)).toBe(false);
    }
  });

  it('another address with the configured token as a bearer token, and only that token', () => {
    const access = { token: 's3cret-metrics' };
    expect(metricsAllowed(access, '10.0.0.5', bearer('s3cret-metrics'))).toBe(true);
    expect(metricsAllowed(access, '10.0.0.5', bearer('s3cret-metric'))).toBe(false);
    expect(metricsAllowed(access, '10.0.0.5', new Headers({ authorization: 'Basic czNjcmV0LW1ldHJpY3M=' }))).toBe(false);
    expect(metricsAllowed(access, '10.0.0.5', none)).toBe(false);
  });

  it('a loopback connection a proxy forwarded counts as the remote caller it is', () => {
    const forwarded = new Headers({ 'x-forwarded-for': '203.0.113.7' });
    expect(metricsAllowed({}, '127.0.0.1', forwarded)).toBe(false);
    expect(metricsAllowed({}, '::1', new Headers({ forwarded: 'for=203.0.113.7' }))).toBe(false);
    forwarded.set('authorization', 'Bearer t0ken');
    expect(metricsAllowed({ token: 't0ken' }, '127.0.0.1', forwarded)).toBe(true);
  });

  it('over HTTP, the token set on the server opens a forwarded request', async () => {
    const server = await startTestServer(undefined, { metricsToken: 'scrape-me' });
    try {
      const forwarded = { 'x-forwarded-for': '203.0.113.7' };
      expect((await fetch(`${server.url}/metrics`, { headers: forwarded })).status).toBe(403);
      expect((await fetch(`${server.url}/metrics`, { headers: { ...forwarded, authorization: 'Bearer wrong' } })).status).toBe(403);
      const res = await fetch(`${server.url}/metrics`, { headers: { ...forwarded, authorization: 'Bearer scrape-me' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('tarn_http_requests_total');
    } finally {
      await server.close();
    }
  });
});

describe('X-Request-ID', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("is the caller's when it is well-formed", async () => {
    for (const id of ['abc-123', '4bf92f3577b34da6a3ce929d0e0e4736', 'req.7:a_b+c=/d']) {
      const res = await fetch(`${server.api}/healthcheck`, { headers: { 'x-request-id': id } });
      expect(res.headers.get('x-request-id')).toBe(id);
    }
  });

  it('is generated when absent, on every kind of answer', async () => {
    const answers = await Promise.all(
      [`${server.api}/healthcheck`, `${server.api}/repositories`, `${server.api}/no/such/call`, `${server.url}/metrics`, `${server.url}/_ready`].map((url) => fetch(url)),
    );
    const ids = answers.map((res) => res.headers.get('x-request-id') ?? '');
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('replaces one too long or with unsafe characters', async () => {
    for (const id of ['x'.repeat(129), 'has space', 'quote"d', 'semi;colon', '<script>', 'per%cent']) {
      const res = await fetch(`${server.api}/healthcheck`, { headers: { 'x-request-id': id } });
      expect(res.headers.get('x-request-id'), id).toMatch(uuid);
    }
    expect(requestIdFrom('x'.repeat(128))).toBe('x'.repeat(128));
    expect(requestIdFrom('x'.repeat(129))).toMatch(uuid);
    expect(requestIdFrom('a\nb')).toMatch(uuid);
    expect(requestIdFrom('')).toMatch(uuid);
    expect(requestIdFrom(null)).toMatch(uuid);
  });
});

describe('the liveness probe', () => {
  it('answers 204 signed in or not, with the headers and metrics of any answer; a signed S3 request is the gateway\'s', async () => {
    const server = await startTestServer();
    try {
      const variants: Record<string, string>[] = [{}, { authorization: basicAuth('AKIANOSUCHKEY', 'secret') }, { authorization: 'Bearer token' }];
      for (const headers of variants) {
        const res = await fetch(`${server.api}/healthcheck`, { headers });
        expect(res.status).toBe(204);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('x-request-id')).toMatch(uuid);
      }
      expect((await fetch(`${server.api}/healthcheck`, { method: 'HEAD' })).status).toBe(204);
      const signed = await fetch(`${server.api}/healthcheck`, {
        headers: { authorization: 'AWS4-HMAC-SHA256 Credential=AKIANOSUCHKEY/20250101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=00' },
      });
      expect(signed.status).not.toBe(204);
      expect(signed.headers.get('content-type')).toMatch(/xml/);
      const text = await (await fetch(`${server.url}/metrics`)).text();
      expect(text).toMatch(/^tarn_http_requests_total\{operation="healthCheck",status="204"\} 4$/m);
    } finally {
      await server.close();
    }
  });
});

describe('the request log', () => {
  it('writes one JSON line per request with its method, path, operation, status, duration and id', async () => {
    const log = captureLog();
    const server = await startTestServer(undefined, { quiet: false, logger: log.logger });
    try {
      await (await fetch(`${server.api}/repositories?after=secret-ish`, { headers: { 'x-request-id': 'trace-1' } })).arrayBuffer();
      await (await fetch(`${server.api}/healthcheck`, { headers: { 'x-request-id': 'trace-2' } })).arrayBuffer();
      for (const line of log.lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
      const lines = log.entries().filter((entry) => entry.msg === 'request');
      const first = lines.find((entry) => entry.reqId === 'trace-1');
      expect(first).toMatchObject({ level: 30, method: 'GET', path: '/api/v1/repositories', operation: 'listRepositories', status: 401 });
      expect(typeof first?.durationMs).toBe('number');
      expect(typeof first?.time).toBe('number');
      expect(lines.find((entry) => entry.reqId === 'trace-2')).toMatchObject({ operation: 'healthCheck', status: 204 });
      // The failure has its own line under the same id.
      expect(log.entries().find((entry) => entry.reqId === 'trace-1' && entry.msg !== 'request')).toMatchObject({
        status: 401,
        msg: 'GET /api/v1/repositories -> 401 error authenticating request',
      });
      expect(log.lines.join('\n')).not.toContain('secret-ish');
      // The start, as a line too.
      expect(log.entries().some((entry) => typeof entry.msg === 'string' && entry.msg.startsWith(`Tarn is listening on ${server.url}`))).toBe(true);
    } finally {
      await server.close();
    }
    expect(log.entries().at(-1)).toMatchObject({ msg: 'Tarn stopped' });
  });

  it('keeps request lines at debug when quiet, so the default log holds only the start and faults', async () => {
    const log = captureLog('info');
    const server = await startTestServer(undefined, { quiet: true, logger: log.logger });
    try {
      await (await fetch(`${server.api}/repositories`)).arrayBuffer();
      expect(log.entries().filter((entry) => entry.msg === 'request' || entry.status !== undefined)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('holds no secret, token, cookie, password, signature or body of any call', async () => {
    const log = captureLog('trace');
    const server = await startTestServer(undefined, { quiet: false, logger: log.logger });
    try {
      const admin = await setupAdmin(server);
      const api = client(server, admin.authorization);
      expect((await api.post('/repositories', { name: 'hush', storage_namespace: 'local://hush' })).status).toBe(201);
      expect((await api.upload('hush', 'main', 'private.txt', 'body-payload-7f3a')).status).toBe(201);
      // Basic auth with the secret, right and wrong.
      expect((await api.get('/repositories/hush')).status).toBe(200);
      const wrongSecret = 'wrong-secret-5d1c9e';
      expect((await client(server, basicAuth(admin.accessKeyId, wrongSecret)).get('/user')).status).toBe(401);
      // A login body with the secret as its password, a failed one, and calls with the session cookie and token.
      const session = await signIn(server, admin);
      const wrongPassword = 'wrong-password-9b2e71';
      const failed = await fetch(`${server.api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ access_key_id: admin.accessKeyId, secret_access_key: wrongPassword }),
      });
      expect(failed.status).toBe(401);
      expect((await session.api.get('/user')).status).toBe(200);
      expect((await session.api.get('/repositories/none')).status).toBe(404);
      expect((await client(server, `Bearer ${session.token}`).get('/user')).status).toBe(200);
      // A presigned S3 URL, with its signature in the query, and the same URL tampered with (refused and logged).
      const s3 = new S3Client({
        endpoint: server.url,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: admin.accessKeyId, secretAccessKey: admin.secret },
        maxAttempts: 1,
      });
      const presigned = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'hush', Key: 'main/private.txt' }), { expiresIn: 60 });
      s3.destroy();
      const signature = new URL(presigned).searchParams.get('X-Amz-Signature') ?? '';
      expect(signature).toMatch(/^[0-9a-f]{64}$/);
      const read = await fetch(presigned);
      expect(read.status).toBe(200);
      expect(await read.text()).toBe('body-payload-7f3a');
      const tampered = presigned.replace(signature, `${signature.slice(0, -4)}0000`);
      const refused = await fetch(tampered);
      await refused.arrayBuffer();
      expect(refused.status).toBe(403);
      await (await fetch(`${server.url}/logout`, { redirect: 'manual', headers: { cookie: session.cookie } })).arrayBuffer();

      const text = log.lines.join('\n');
      expect(log.entries().filter((entry) => entry.msg === 'request').length).toBeGreaterThan(10);
      const secrets = {
        secret: admin.secret,
        'basic credentials': admin.authorization.slice('Basic '.length),
        'wrong secret': wrongSecret,
        'wrong password': wrongPassword,
        'session token': session.token,
        cookie: session.cookie,
        signature,
        'tampered signature': `${signature.slice(0, -4)}0000`,
        'presigned query': 'X-Amz-Credential',
        body: 'body-payload-7f3a',
      };
      for (const [name, value] of Object.entries(secrets)) expect(text.includes(value), name).toBe(false);
      // The gateway's refusal is logged, by its path only.
      expect(text).toContain('/hush/main/private.txt');
    } finally {
      await server.close();
    }
  });
});

describe('GET /_ready', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 200 when both stores answer, to anyone, and the healthcheck stays a plain liveness answer', async () => {
    const res = await fetch(`${server.url}/_ready`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true });
    expect((await fetch(`${server.api}/healthcheck`)).status).toBe(204);
  });

  it('answers 503 naming the object store while its folder is gone, and 200 again once it is back', async () => {
    const blocks = join(server.dataDir, 'blocks');
    rmSync(blocks, { recursive: true, force: true });
    const res = await fetch(`${server.url}/_ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ready: false, message: 'not ready: unreachable object store', unreachable: ['object store'] });
    expect((await fetch(`${server.api}/healthcheck`)).status).toBe(204);
    mkdirSync(blocks, { mode: 0o700 });
    expect((await fetch(`${server.url}/_ready`)).status).toBe(200);
  });

  it('answers 503 while a file stands where the object store folder should be', async () => {
    const blocks = join(server.dataDir, 'blocks');
    rmSync(blocks, { recursive: true, force: true });
    writeFileSync(blocks, 'not a folder');
    try {
      const res = await fetch(`${server.url}/_ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ unreachable: ['object store'] });
    } finally {
      rmSync(blocks, { force: true });
      mkdirSync(blocks, { mode: 0o700 });
    }
    expect((await fetch(`${server.url}/_ready`)).status).toBe(200);
  });

  it('names the metadata store once its database is closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tarn-ready-'));
    const log = captureLog('warn');
    try {
      const store = openSqliteKv({ path: join(dir, 'metadata.db') });
      const blocks = openLocalBlockStore({ root: join(dir, 'blocks') });
      const checks = readinessChecks(instrumentKv(store, new ServerMetrics()), blocks);
      expect(await unreachable(checks, log.logger)).toEqual([]);
      await store.close();
      expect(await unreachable(checks, log.logger)).toEqual(['metadata store']);
      rmSync(join(dir, 'blocks'), { recursive: true });
      expect(await unreachable(checks, log.logger)).toEqual(['metadata store', 'object store']);
      // Why goes to the log only.
      expect(log.entries().map((entry) => entry.check)).toEqual(['metadata store', 'metadata store', 'object store']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives up on a check that does not answer in time', async () => {
    const log = captureLog('silent');
    const hanging = { name: 'slow store', check: () => new Promise<void>(() => undefined) };
    const started = Date.now();
    expect(await unreachable([hanging], log.logger, 50)).toEqual(['slow store']);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
