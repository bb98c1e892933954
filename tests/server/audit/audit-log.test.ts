// The audit log on both metadata stores, a real SQLite file and a real PostgreSQL database: records written in
// batches survive a reopen, read newest first (two of the same millisecond too), filter and page, and those older
// than the retention period are removed while newer ones stay.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog, type AuditRecord } from '../../../server/audit';
import { openPostgresKv, openSqliteKv, type KvStore } from '../../../server/kv';
import { startPgCluster, type PgCluster } from '../pg-cluster';

const day = 86_400_000;
const now = Date.UTC(2026, 10, 30, 12);

const record = (time: number, path: string, extra: Partial<AuditRecord> = {}): AuditRecord => ({
  time,
  operation: 'uploadObject',
  method: 'POST',
  path,
  status: 201,
  ...extra,
});

let cluster: PgCluster;
let databases = 0;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

/** A store to test on: `open` opens the same store again after a close. */
interface Place {
  open(): Promise<KvStore>;
  remove(): void;
}

const stores: Record<string, () => Promise<Place>> = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tarn-audit-'));
    return { open: async () => openSqliteKv({ path: join(dir, 'metadata.db') }), remove: () => rmSync(dir, { recursive: true, force: true }) };
  },
  postgres: async () => {
    const url = await cluster.createDatabase(`audit_${++databases}`);
    return { open: () => openPostgresKv({ url }), remove: () => undefined };
  },
};

describe.each(Object.keys(stores))('audit log on %s', (storeName) => {
  let place: Place;
  let kv: KvStore;
  let log: AuditLog;

  async function open(): Promise<void> {
    kv = await place.open();
    log = new AuditLog(kv, { retentionSeconds: 90 * 86_400, now: () => now });
  }

  beforeEach(async () => {
    place = await stores[storeName]!();
    await open();
  });
  afterEach(async () => {
    await log.close();
    await kv.close();
    place.remove();
  });

  it('writes what is queued at close, and reads it back newest first after a reopen', async () => {
    log.record(record(now - 2000, '/a'));
    log.record(record(now, '/b'));
    log.record(record(now, '/c'));
    await log.close();
    await kv.close();
    await open();
    const page = await log.list({}, 10);
    expect(page.records.map((r) => r.path)).toEqual(['/c', '/b', '/a']);
    expect(page.hasMore).toBe(false);
  });

  it('removes records older than the retention period and keeps the rest', async () => {
    log.record(record(now - 91 * day, '/expired'));
    log.record(record(now - 90 * day - 1, '/just-expired'));
    log.record(record(now - 89 * day, '/kept'));
    log.record(record(now, '/new'));
    await log.flush();
    expect(await log.prune()).toBe(2);
    expect((await log.list({}, 10)).records.map((r) => r.path)).toEqual(['/new', '/kept']);
  });

  it('bounds a listing by time and filters by user, action and repository', async () => {
    log.record(record(now - 3 * day, '/old', { user: 'ann', action: 'fs:WriteObject', repository: 'lake' }));
    log.record(record(now - day, '/mid', { user: 'bob', action: 'fs:CreateBranch', repository: 'lake' }));
    log.record(record(now, '/new', { accessKeyId: 'AKIAX', operation: 'login', status: 401 }));
    const paths = async (filter: Parameters<AuditLog['list']>[0]) => (await log.list(filter, 10)).records.map((r) => r.path);
    expect(await paths({ from: now - 2 * day, to: now - 1 })).toEqual(['/mid']);
    expect(await paths({ from: now - day, to: now - day })).toEqual(['/mid']);
    expect(await paths({ user: 'AKIAX' })).toEqual(['/new']);
    expect(await paths({ action: 'login' })).toEqual(['/new']);
    expect(await paths({ action: 'fs:WriteObject' })).toEqual(['/old']);
    expect(await paths({ repository: 'lake', to: now - 2 * day })).toEqual(['/old']);
  });

  it('pages with a cursor that continues where the page before stopped', async () => {
    for (let i = 0; i < 5; i++) log.record(record(now - i * 1000, `/${i}`));
    const first = await log.list({}, 2);
    expect(first).toMatchObject({ hasMore: true });
    const second = await log.list({}, 2, first.nextOffset);
    const third = await log.list({}, 2, second.nextOffset);
    expect([...first.records, ...second.records, ...third.records].map((r) => r.path)).toEqual(['/0', '/1', '/2', '/3', '/4']);
    expect(third).toMatchObject({ hasMore: false, nextOffset: '' });
  });
});
