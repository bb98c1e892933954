import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteKv } from '../../../server/kv/index';
import { killFixtureWhen } from '../kill-fixture';
import { kvConformance } from './conformance';

kvConformance('sqlite', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-kv-'));
  const kv = openSqliteKv({ path: path.join(dir, 'kv.db') });
  return {
    kv,
    cleanup: async () => {
      await kv.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('sqlite kv file', () => {
  it('keeps data across reopen', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-kv-'));
    const file = path.join(dir, 'kv.db');
    const a = openSqliteKv({ path: file });
    await a.set('persist', new Uint8Array([7]));
    await a.close();
    const b = openSqliteKv({ path: file });
    expect(Array.from((await b.get('persist')) ?? [])).toEqual([7]);
    await b.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('sqlite kv durability', () => {
  it('keeps every acknowledged write when the process is killed with SIGKILL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-kv-'));
    const file = path.join(dir, 'kv.db');
    const acknowledged: string[] = [];
    const signal = await killFixtureWhen(path.join(import.meta.dirname, 'fixtures/writer.ts'), [file], (lines) => {
      acknowledged.push(...lines);
      return acknowledged.length >= 500;
    });
    expect(signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(500);
    const kv = openSqliteKv({ path: file });
    for (const key of acknowledged) expect(await kv.get(key), key).toBeDefined();
    await kv.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('sqlite group commit', () => {
  const bytes = (value: string) => new TextEncoder().encode(value);
  const text = (value: Uint8Array | undefined) => (value === undefined ? undefined : Buffer.from(value).toString());

  it('commits the plain writes made together in one transaction, each answered once it is committed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-kv-'));
    const file = path.join(dir, 'kv.db');
    const batches: number[] = [];
    const kv = openSqliteKv({ path: file, onGroupCommit: (writes) => batches.push(writes) });
    const other = openSqliteKv({ path: file });
    try {
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          await kv.set(`k/${i}`, bytes(String(i)));
          // Answered only once another connection can read it.
          expect(text(await other.get(`k/${i}`))).toBe(String(i));
        }),
      );
      expect(batches).toEqual([20]);
    } finally {
      await kv.close();
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('commits what is waiting when it closes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-kv-'));
    const file = path.join(dir, 'kv.db');
    const kv = openSqliteKv({ path: file });
    const written = kv.set('k', bytes('1'));
    await kv.close();
    await written;
    const reopened = openSqliteKv({ path: file });
    expect(text(await reopened.get('k'))).toBe('1');
    await reopened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
