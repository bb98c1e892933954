// Everything Tarn keeps in its data folder is private to the user running it: the folder and every folder below it
// 0700, every file 0600 (the SQLite database and its -wal and -shm files, installation.key, object data, committed
// trees), also when the folder was left with looser modes by an older version or by hand.
import { chmodSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { client, setupAdmin, startTestServer, type TestServer } from './harness';

let server: TestServer | undefined;
afterAll(async () => {
  await server?.close();
});

/** `path: mode` (octal) of the folder and everything under it, folders marked with a trailing slash. */
function modesUnder(root: string): string[] {
  const line = (path: string) => {
    const info = statSync(path);
    return `${relative(root, path) || '.'}${info.isDirectory() ? '/' : ''}: ${(info.mode & 0o777).toString(8)}`;
  };
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? [line(path), ...walk(path)] : [line(path)];
    });
  return [line(root), ...walk(root)];
}

/** The entries whose mode is not 0700 for a folder or 0600 for a file. */
const notPrivate = (lines: string[]) => lines.filter((l) => !(l.endsWith('/: 700') || (!l.includes('/:') && l.endsWith(': 600'))));

async function fillWithData(target: TestServer): Promise<void> {
  const api = client(target, (await setupAdmin(target)).authorization);
  expect((await api.post('/repositories', { name: 'modes', storage_namespace: 'local://modes' })).status).toBe(201);
  expect((await api.upload('modes', 'main', 'a/b.txt', 'private')).status).toBe(201);
  expect((await api.post('/repositories/modes/branches/main/commits', { message: 'm' })).status).toBe(201);
}

describe('data folder modes', () => {
  it('are 0700 for folders and 0600 for files, and looser modes found at start are tightened', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tarn-modes-'));
    chmodSync(dataDir, 0o755);
    server = await startTestServer(dataDir);
    await fillWithData(server);
    const files = modesUnder(dataDir);
    for (const name of ['metadata.db', 'metadata.db-wal', 'metadata.db-shm', 'installation.key', 'blocks/modes/_tarn/dummy']) {
      expect(files).toContain(`${name}: 600`);
    }
    expect(files.filter((line) => line.includes('blocks/modes/data/')).length).toBeGreaterThan(0);
    expect(files.filter((line) => line.includes('blocks/modes/_tarn/ranges/')).length).toBeGreaterThan(0);
    expect(notPrivate(files)).toEqual([]);

    await server.close(true);
    for (const [name, mode] of [['.', 0o755], ['metadata.db', 0o644], ['installation.key', 0o644], ['blocks', 0o755]] as const) {
      chmodSync(join(dataDir, name), mode);
    }
    server = await startTestServer(dataDir);
    expect(notPrivate(modesUnder(dataDir))).toEqual([]);
  });
});
