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
