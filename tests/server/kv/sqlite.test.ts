import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openSqliteKv } from '../../../server/kv/index';
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
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/writer.ts'), file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // Never leave the child running, whatever happens to this test.
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const acknowledged: string[] = [];
    let buffered = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve) => {
      // A child that dies on its own ends the wait too, and fails the signal check below.
      void exited.then(() => resolve());
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        acknowledged.push(...lines);
        if (acknowledged.length >= 500 && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    expect(await exited).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(500);
    const kv = openSqliteKv({ path: file });
    for (const key of acknowledged) expect(await kv.get(key), key).toBeDefined();
    await kv.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
