// An import running when its server stops: killed (SIGKILL) or stopped (SIGTERM) while a pre-commit hook holds the
// import, the server is started again on the same data. The import is reported failed, the branch is where it was,
// and the same import then runs to its end.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImportStatus } from '../../server/http/wire';
import { startWebhookServer, type WebhookServer } from './actions/webhook-server';
import { spawnServer, type ChildServer } from './http/child-server';
import { basicAuth } from './http/harness';

const dataDir = mkdtempSync(join(tmpdir(), 'tarn-import-restart-'));
const importRoot = mkdtempSync(join(tmpdir(), 'tarn-import-restart-root-'));
const hookPath = '/gate';
let receiver: WebhookServer;
let live: ChildServer | undefined;
let authorization = '';

async function call<T>(method: string, path: string, body?: object): Promise<{ status: number; body: T }> {
  if (!live) throw new Error('no server');
  const res = await fetch(`${live.api}${path}`, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const start = () => spawnServer(dataDir, ['--import-root', importRoot]);
const head = async () => (await call<{ commit_id: string }>('GET', '/repositories/lake/branches/main')).body.commit_id;
const importBody = { paths: [{ path: `local://${importRoot}/data`, destination: 'data/', type: 'common_prefix' }], commit: { message: 'import' } };

async function stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  live?.child.kill(signal);
  await live?.exited;
  live = undefined;
}

beforeAll(async () => {
  mkdirSync(join(importRoot, 'data', 'nested'), { recursive: true });
  for (let i = 0; i < 50; i++) writeFileSync(join(importRoot, 'data', i % 2 ? 'nested' : '', `f${i}.txt`), `file ${i}`);
  receiver = await startWebhookServer();
  live = await start();
  const setup = await fetch(`${live.api}/setup_lakefs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin' }) });
  const keys = (await setup.json()) as { access_key_id: string; secret_access_key: string };
  authorization = basicAuth(keys.access_key_id, keys.secret_access_key);
  expect((await call('POST', '/repositories', { name: 'lake', storage_namespace: 'local://lake' })).status).toBe(201);
  const action = `name: gate\non:\n  pre-commit:\nhooks:\n  - id: gate\n    type: webhook\n    properties:\n      url: ${receiver.url}${hookPath}\n      timeout: 5m\n`;
  const upload = await fetch(`${live.api}/repositories/lake/branches/main/objects?path=_lakefs_actions/gate.yaml`, { method: 'POST', headers: { authorization }, body: action });
  expect(upload.status).toBe(201);
  expect((await call('POST', '/repositories/lake/branches/main/commits', { message: 'gate' })).status).toBe(201);
});
afterAll(async () => {
  if (live) await stop('SIGKILL');
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(importRoot, { recursive: true, force: true });
});

describe('an import when its server stops', () => {
  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    it(`is reported interrupted after a restart (${signal}), and the branch never moved`, async () => {
      const before = await head();
      const hold = receiver.hold(hookPath);
      const started = await call<{ id: string }>('POST', '/repositories/lake/branches/main/import', importBody);
      expect(started.status).toBe(202);
      await hold.arrived;
      expect((await call<ImportStatus>('GET', `/repositories/lake/branches/main/import?id=${started.body.id}`)).body).toMatchObject({ completed: false, ingested_objects: 50 });
      await stop(signal);
      hold.release(200);
      live = await start();
      const after = await call<ImportStatus>('GET', `/repositories/lake/branches/main/import?id=${started.body.id}`);
      expect(after.body).toMatchObject({ completed: false, ingested_objects: 50, error: { message: 'import interrupted by a server restart' } });
      expect(after.body.commit).toBeUndefined();
      expect(await head()).toBe(before);
      const listed = await call<{ results: unknown[] }>('GET', '/repositories/lake/refs/main/objects/ls?prefix=data/');
      expect(listed.body.results).toEqual([]);
    });
  }

  it('runs to its end when started again', async () => {
    const started = await call<{ id: string }>('POST', '/repositories/lake/branches/main/import', importBody);
    expect(started.status).toBe(202);
    const done = await vi.waitFor(
      async () => {
        const s = (await call<ImportStatus>('GET', `/repositories/lake/branches/main/import?id=${started.body.id}`)).body;
        if (!s.completed) throw new Error(`not completed: ${JSON.stringify(s)}`);
        return s;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(done).toMatchObject({ completed: true, ingested_objects: 50, commit: { message: 'import' } });
    expect(await head()).toBe(done.commit?.id);
  });
});
