// Imports from the server's import root through the real HTTP stack: a nested folder of 1,000 files becomes one
// commit under a destination without its data being copied, reads back whole and by range, replaces what the
// destination held; sources outside the root (by `..`, a link, another path) are refused with a clear message; the
// status is watched while a pre-commit hook holds the import; a read-only repository, a protected or dirty branch
// and a server without an import root refuse it; garbage collection never touches imported data; a cancel stops it.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openBlockStores } from '../../server/block-stores';
import { defaultConfig } from '../../server/config';
import { collectGarbage } from '../../server/gc';
import { createGraveler } from '../../server/graveler';
import type { Commit, ErrorBody, ImportCreationResponse, ImportStatus, ObjectStats, StorageConfig } from '../../server/http/wire';
import { openSqliteKv } from '../../server/kv';
import { startWebhookServer, type WebhookServer } from './actions/webhook-server';
import { client, objectPath, startTestServer, startWithAdmin, type Client, type Page, type TestServer } from './http/harness';

const fileCount = 1000;
const content = (i: number) => `file number ${i}\n${'x'.repeat(i % 37)}`;
/** 10 folders of 10 folders of 10 files: `d3/s4/f0345.txt`. */
const relativePath = (i: number) => `d${i % 10}/s${Math.floor(i / 10) % 10}/f${String(i).padStart(4, '0')}.txt`;

let importRoot: string;
let outside: string;
let server: TestServer;
let api: Client;
let authorization = '';
let receiver: WebhookServer;
let source: string;

function writeTree(dir: string): void {
  for (let i = 0; i < fileCount; i++) {
    const file = join(dir, relativePath(i));
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, content(i));
  }
}

const importPath = (repo: string, branch = 'main') => `/repositories/${repo}/branches/${branch}/import`;

async function startImport(repo: string, body: object, branch = 'main') {
  return api.post<ImportCreationResponse & ErrorBody>(importPath(repo, branch), body);
}

async function status(repo: string, id: string, branch = 'main') {
  return api.get<ImportStatus & ErrorBody>(`${importPath(repo, branch)}?id=${id}`);
}

/** Polls the status, as the console does, until the import has ended. */
async function ended(repo: string, id: string, branch = 'main'): Promise<ImportStatus> {
  return vi.waitFor(
    async () => {
      const s = (await status(repo, id, branch)).body;
      if (!s.completed && !s.error) throw new Error(`still running: ${JSON.stringify(s)}`);
      return s;
    },
    { timeout: 20_000, interval: 50 },
  );
}

async function createRepository(name: string, extra: object = {}) {
  const res = await api.post('/repositories', { name, storage_namespace: `local://${name}`, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function listAll(repo: string, ref: string, prefix = ''): Promise<ObjectStats[]> {
  const out: ObjectStats[] = [];
  let after = '';
  for (;;) {
    const page = await api.get<Page<ObjectStats>>(`/repositories/${repo}/refs/${ref}/objects/ls?prefix=${encodeURIComponent(prefix)}&amount=1000&after=${encodeURIComponent(after)}`);
    expect(page.status).toBe(200);
    out.push(...page.body.results);
    if (!page.body.pagination.has_more) return out;
    after = page.body.pagination.next_offset;
  }
}

beforeAll(async () => {
  importRoot = mkdtempSync(join(tmpdir(), 'tarn-import-root-'));
  outside = mkdtempSync(join(tmpdir(), 'tarn-import-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'not for import');
  source = join(importRoot, 'photos');
  writeTree(source);
  // Neither hidden files nor links are imported; a link may not lead a source out of the root either.
  writeFileSync(join(source, '.hidden'), 'hidden');
  symlinkSync(join(outside, 'secret.txt'), join(source, 'd0', 'link.txt'));
  symlinkSync(outside, join(importRoot, 'escape'));
  writeFileSync(join(importRoot, 'single.csv'), 'a,b\n1,2\n');
  ({ server, api, authorization } = await startWithAdmin({ importRoot }));
  receiver = await startWebhookServer();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
  rmSync(importRoot, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('the storage config', () => {
  it('reports import support and a pattern that accepts the import root only', async () => {
    const config = (await api.get<StorageConfig>('/config/storage')).body;
    expect(config.import_support).toBe(true);
    const pattern = new RegExp(config.import_validity_regex);
    expect(pattern.test(`local://${source}`)).toBe(true);
    expect(pattern.test(`local://${importRoot}`)).toBe(true);
    expect(pattern.test(`local://${importRoot}-other/x`)).toBe(false);
    expect(pattern.test('local://quickstart')).toBe(false);
    expect(pattern.test('s3://bucket/x')).toBe(false);
  });
});

describe('importing a folder', () => {
  let id = '';
  let done: ImportStatus;
  let before: Commit;

  beforeAll(async () => {
    await createRepository('lake');
    // What the destination held is replaced; what lies beside it stays.
    await api.upload('lake', 'main', 'imported/old.txt', 'replaced by the import');
    await api.upload('lake', 'main', 'kept/beside.txt', 'stays');
    before = (await api.post<Commit>('/repositories/lake/branches/main/commits', { message: 'before' })).body;
    const started = await startImport('lake', {
      paths: [{ path: `local://${source}`, destination: 'imported', type: 'common_prefix' }],
      commit: { message: 'import the photos', metadata: { origin: 'camera' } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    id = started.body.id;
    done = await ended('lake', id);
  });

  it('ends completed with its commit, the objects it listed and the imported tree', async () => {
    expect(done).toMatchObject({ completed: true, ingested_objects: fileCount });
    expect(done.error).toBeUndefined();
    expect(done.metarange_id).toMatch(/^[0-9a-f]{64}$/);
    expect(Number.isNaN(Date.parse(done.update_time))).toBe(false);
    expect(done.commit).toMatchObject({
      message: 'import the photos',
      committer: 'admin',
      parents: [before.id],
      metadata: { origin: 'camera', '.lakefs.merge.strategy': 'source-wins' },
    });
    const head = (await api.get<{ commit_id: string }>('/repositories/lake/branches/main')).body.commit_id;
    expect(head).toBe(done.commit?.id);
    const log = await api.get<Page<Commit>>('/repositories/lake/refs/main/commits?amount=5');
    expect(log.body.results.map((c) => c.message)).toEqual(['import the photos', 'before', 'Repository created']);
    expect((await api.get('/repositories/lake/metadata')).body).toEqual({ '.lakefs.last.import.timestamp': String(done.commit?.creation_date) });
  });

  it('lists every file under the destination, pointing at its data where it is, and replaces what was there', async () => {
    const listed = await listAll('lake', 'main', 'imported/');
    const expected = Array.from({ length: fileCount }, (_, i) => `imported/${relativePath(i)}`).sort();
    expect(listed.map((o) => o.path)).toEqual(expected);
    const first = listed.find((o) => o.path === `imported/${relativePath(7)}`);
    expect(first).toMatchObject({ physical_address: `local://${join(source, relativePath(7))}`, size_bytes: Buffer.byteLength(content(7)) });
    expect((await listAll('lake', 'main')).map((o) => o.path).filter((p) => !p.startsWith('imported/'))).toEqual(['kept/beside.txt']);
    // Nothing was copied into the repository's data.
    expect(readdirSync(join(server.dataDir, 'blocks', 'lake', 'data'), { recursive: true }).filter((e) => String(e).includes('/'))).toHaveLength(2);
  });

  it('reads the objects back as they are in the folder, whole and by range', async () => {
    for (const i of [0, 123, 999]) {
      const res = await api.raw(objectPath('lake', 'main', `imported/${relativePath(i)}`));
      expect(res.status).toBe(200);
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(await res.text()).toBe(content(i));
    }
    const path = objectPath('lake', 'main', `imported/${relativePath(999)}`);
    const part = await api.raw(path, { headers: { range: 'bytes=5-10' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 5-10/${Buffer.byteLength(content(999))}`);
    expect(await part.text()).toBe(content(999).slice(5, 11));
    const head = await api.raw(path, { method: 'HEAD', headers: { range: 'bytes=-4' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('4');
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const stat = await api.get<ObjectStats>(`/repositories/lake/refs/main/objects/stat?path=${encodeURIComponent(`imported/${relativePath(999)}`)}`);
    expect(stat.body.checksum).toMatch(/^[0-9a-f]+-[0-9a-f]+$/);
  });

  it('leaves hidden files and links out', async () => {
    const paths = (await listAll('lake', 'main', 'imported/')).map((o) => o.path);
    expect(paths).not.toContain('imported/.hidden');
    expect(paths).not.toContain('imported/d0/link.txt');
  });

  it('imports one object to a path of its own', async () => {
    const started = await startImport('lake', {
      paths: [{ path: `local://${join(importRoot, 'single.csv')}`, destination: 'tables/single.csv', type: 'object' }],
      commit: { message: 'one file' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(await ended('lake', started.body.id)).toMatchObject({ completed: true, ingested_objects: 1 });
    expect(await (await api.raw(objectPath('lake', 'main', 'tables/single.csv'))).text()).toBe('a,b\n1,2\n');
    // The folder import before it is still there: an object replaces only its own path.
    expect(await listAll('lake', 'main', 'imported/')).toHaveLength(fileCount);
  });

  it('keeps its status to be read again, and 404 for an id it does not know or another branch', async () => {
    expect((await status('lake', id)).body).toEqual(done);
    expect((await status('lake', 'nope')).status).toBe(404);
    expect((await api.post('/repositories/lake/branches', { name: 'other', source: 'main' })).status).toBe(201);
    expect((await status('lake', id, 'other')).status).toBe(404);
    expect((await api.get(importPath('lake'))).status).toBe(400);
  });

  it('answers 409 to a cancel once completed', async () => {
    expect(await api.delete(`${importPath('lake')}?id=${id}`)).toMatchObject({ status: 409, body: { message: 'import already completed' } });
  });

  it('leaves the imported data alone when garbage is collected', async () => {
    await api.upload('lake', 'main', 'scratch.txt', 'soon gone');
    const scratch = (await api.get<ObjectStats>('/repositories/lake/refs/main/objects/stat?path=scratch.txt')).body.physical_address;
    await api.post('/repositories/lake/branches/main/commits', { message: 'scratch' });
    const gone = (await api.post('/repositories/lake/branches/main/objects/delete', { paths: ['scratch.txt', `imported/${relativePath(1)}`] })).status;
    expect(gone).toBe(200);
    await api.post('/repositories/lake/branches/main/commits', { message: 'drop them' });
    expect((await api.put('/repositories/lake/settings/gc_rules', { default_retention_days: 1, branches: [] })).status).toBe(204);
    // A second reader of the server's data, as `npm run gc` is, thirty days on.
    const kv = openSqliteKv({ path: join(server.dataDir, 'metadata.db') });
    const { blocks } = openBlockStores(server.dataDir, defaultConfig.blockstore);
    const graveler = createGraveler({ kv, blockstore: blocks });
    try {
      const report = await collectGarbage(graveler, blocks, { repository: 'lake', dryRun: false, gracePeriodSeconds: 0, now: Date.now() / 1000 + 30 * 86_400 });
      const removed = report.removed.map((r) => r.address);
      expect(removed).toContain(scratch);
      expect(removed.filter((a) => a.includes(importRoot))).toEqual([]);
    } finally {
      await graveler.close();
      await kv.close();
    }
    expect(readdirSync(source, { recursive: true }).filter((e) => String(e).endsWith('.txt'))).toHaveLength(fileCount + 1);
    expect(await (await api.raw(objectPath('lake', 'main', `imported/${relativePath(2)}`))).text()).toBe(content(2));
  });
});

describe('sources it refuses', () => {
  beforeAll(async () => {
    await createRepository('refusals');
  });

  async function refused(path: string, type = 'common_prefix', destination = 'x/') {
    const res = await startImport('refusals', { paths: [{ path, destination, type }], commit: { message: 'm' } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.message;
  }

  it('refuses a scheme or a folder outside the pattern, naming the pattern', async () => {
    const pattern = (await api.get<StorageConfig>('/config/storage')).body.import_validity_regex;
    expect(await refused('gs://bucket/x')).toBe(`import source gs://bucket/x does not match the allowed pattern ${pattern}`);
    expect(await refused(`local://${outside}`)).toContain('does not match the allowed pattern');
    expect(await refused('local://refusals')).toContain('does not match the allowed pattern');
  });

  it('refuses `..`, a link out of the root, a missing folder, a file as a folder and a folder as an object', async () => {
    expect(await refused(`local://${importRoot}/../${outside.split('/').pop()}`)).toBe("import source has an empty, '.' or '..' segment");
    expect(await refused(`local://${importRoot}/escape`)).toBe(`import source ${join(importRoot, 'escape')} leads outside the import root`);
    expect(await refused(`local://${importRoot}/escape/secret.txt`, 'object', 'secret.txt')).toContain('leads outside the import root');
    expect(await refused(`local://${importRoot}/missing`)).toBe(`import source ${join(importRoot, 'missing')} does not exist`);
    expect(await refused(`local://${importRoot}/single.csv`)).toBe(`import source ${join(importRoot, 'single.csv')} is not a folder`);
    expect(await refused(`local://${source}`, 'object', 'photos')).toBe(`import source local://${source} is not an object`);
    expect(await refused(`local://${importRoot}/single.csv`, 'object', 'dir/')).toContain('must be an object path, not a folder');
  });

  it('fails an import whose folder holds nothing, rather than emptying the destination', async () => {
    mkdirSync(join(importRoot, 'empty'));
    const started = await startImport('refusals', { paths: [{ path: `local://${importRoot}/empty`, destination: 'x/', type: 'common_prefix' }], commit: { message: 'm' } });
    expect(started.status).toBe(202);
    expect(await ended('refusals', started.body.id)).toMatchObject({ completed: false, error: { message: `import source local://${importRoot}/empty holds no objects` } });
    // A failed import may still be cancelled: nothing changes.
    expect((await api.delete(`${importPath('refusals')}?id=${started.body.id}`)).status).toBe(204);
  });

  it('refuses a read-only repository, a protected branch and a dirty branch', async () => {
    const body = { paths: [{ path: `local://${source}`, destination: 'p/', type: 'common_prefix' }], commit: { message: 'm' } };
    await createRepository('frozen', { read_only: true });
    expect(await startImport('frozen', body)).toMatchObject({ status: 403, body: { message: 'read-only repository' } });
    expect((await api.put('/repositories/refusals/settings/branch_protection', [{ pattern: 'main' }])).status).toBe(204);
    expect(await startImport('refusals', body)).toMatchObject({ status: 403, body: { message: 'cannot commit to protected branch' } });
    expect((await api.put('/repositories/refusals/settings/branch_protection', [])).status).toBe(204);
    await api.upload('refusals', 'main', 'dirty.txt', 'uncommitted');
    expect(await startImport('refusals', body)).toMatchObject({ status: 400, body: { message: 'uncommitted changes (dirty branch)' } });
    expect(await startImport('refusals', body, 'nowhere')).toMatchObject({ status: 404 });
  });

  it('refuses to start on an import root that is missing, the whole file system, or holds or is inside the data folder', async () => {
    await expect(startTestServer(undefined, { importRoot: join(importRoot, 'missing') })).rejects.toThrow(/import root .*missing is not a folder/);
    await expect(startTestServer(undefined, { importRoot: '/' })).rejects.toThrow('import root / must not be the whole file system');
    const data = mkdtempSync(join(tmpdir(), 'tarn-import-data-'));
    mkdirSync(join(data, 'inside'));
    await expect(startTestServer(data, { importRoot: join(data, 'inside') })).rejects.toThrow(/must not be inside Tarn's data folder/);
    rmSync(data, { recursive: true, force: true });
  });

  it('never reads the data folder of a server whose import root holds it', async () => {
    // The test server's data folder is a temporary one, so inside this import root.
    const own = await startWithAdmin({ importRoot: tmpdir() });
    try {
      expect((await own.api.post('/repositories', { name: 'own', storage_namespace: 'local://own' })).status).toBe(201);
      const res = await own.api.post(importPath('own'), {
        paths: [{ path: `local://${own.server.dataDir}/blocks`, destination: 'x/', type: 'common_prefix' }],
        commit: { message: 'm' },
      });
      expect(res).toMatchObject({ status: 400, body: { message: "import source must not be inside Tarn's data folder" } });
    } finally {
      await own.server.close();
    }
  });

  it('is not offered by a server without an import root', async () => {
    const plain = await startWithAdmin();
    try {
      expect((await plain.api.get<StorageConfig>('/config/storage')).body).toMatchObject({ import_support: false });
      expect((await plain.api.post('/repositories', { name: 'plain', storage_namespace: 'local://plain' })).status).toBe(201);
      const res = await plain.api.post(importPath('plain'), { paths: [{ path: `local://${source}`, destination: '', type: 'common_prefix' }], commit: { message: 'm' } });
      expect(res).toMatchObject({ status: 403, body: { message: 'import is not supported for this storage' } });
    } finally {
      await plain.server.close();
    }
  });
});

describe('an import held by its pre-commit hook', () => {
  const hookPath = '/pre-commit';
  const body = () => ({ paths: [{ path: `local://${source}`, destination: 'held/', type: 'common_prefix' }], commit: { message: 'held import' } });

  beforeAll(async () => {
    await createRepository('hooked');
    const action = `name: gate\non:\n  pre-commit:\n    branches: [main]\nhooks:\n  - id: gate\n    type: webhook\n    properties:\n      url: ${receiver.url}${hookPath}\n      timeout: 5m\n`;
    await api.upload('hooked', 'main', '_lakefs_actions/gate.yaml', action);
    expect((await api.post('/repositories/hooked/branches/main/commits', { message: 'gate' })).status).toBe(201);
  });

  it('reports its progress while it waits, then its commit once the hook lets it through', async () => {
    const hold = receiver.hold(hookPath);
    const started = await startImport('hooked', body());
    expect(started.status).toBe(202);
    const call = await hold.arrived;
    expect(call.body).toMatchObject({ event_type: 'pre-commit', branch_id: 'main', commit_message: 'held import' });
    const waiting = (await status('hooked', started.body.id)).body;
    expect(waiting).toMatchObject({ completed: false, ingested_objects: fileCount });
    expect(waiting.error).toBeUndefined();
    expect(waiting.commit).toBeUndefined();
    expect(waiting.metarange_id).toMatch(/^[0-9a-f]{64}$/);
    hold.release(200);
    const done = await ended('hooked', started.body.id);
    expect(done).toMatchObject({ completed: true, ingested_objects: fileCount, metarange_id: waiting.metarange_id, commit: { message: 'held import' } });
    expect(Date.parse(done.update_time)).toBeGreaterThanOrEqual(Date.parse(waiting.update_time));
  });

  it('fails when the hook refuses it, and commits nothing', async () => {
    const headBefore = (await api.get<{ commit_id: string }>('/repositories/hooked/branches/main')).body.commit_id;
    receiver.answer(hookPath, 500);
    const started = await startImport('hooked', { ...body(), paths: [{ path: `local://${source}/d1`, destination: 'refused/', type: 'common_prefix' }] });
    const failed = await ended('hooked', started.body.id);
    expect(failed.completed).toBe(false);
    expect(failed.error?.message).toMatch(/^pre-commit hook aborted/);
    expect((await api.get<{ commit_id: string }>('/repositories/hooked/branches/main')).body.commit_id).toBe(headBefore);
    receiver.answer(hookPath, 200);
  });

  it('is cancelled while it waits: its status says so at once, and the branch never moves', async () => {
    const headBefore = (await api.get<{ commit_id: string }>('/repositories/hooked/branches/main')).body.commit_id;
    const hold = receiver.hold(hookPath);
    const started = await startImport('hooked', { ...body(), paths: [{ path: `local://${source}/d2`, destination: 'cancelled/', type: 'common_prefix' }] });
    await hold.arrived;
    expect((await api.delete(`${importPath('hooked')}?id=${started.body.id}`)).status).toBe(204);
    expect((await status('hooked', started.body.id)).body).toMatchObject({ completed: false, error: { message: 'import cancelled' } });
    hold.release(200);
    // Closing the server waits for the import to stop; its data stays for a second look.
    await server.close(true);
    server = await startTestServer(server.dataDir, { importRoot });
    api = client(server, authorization);
    expect((await api.get<{ commit_id: string }>('/repositories/hooked/branches/main')).body.commit_id).toBe(headBefore);
    expect((await status('hooked', started.body.id)).body).toMatchObject({ completed: false, error: { message: 'import cancelled' } });
    expect(await listAll('hooked', 'main', 'cancelled/')).toEqual([]);
  });
});
