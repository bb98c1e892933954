// The import root store: files listed in the byte order of their keys (a folder sorts as its name and `/`), read
// whole and by range, nothing written, nothing reached outside the root; and its place beside the data folder's store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRootPattern, openImportRootStore, openLocalBlockStore, routeBlockStores, type BlockStore } from '../../../server/blockstore';
import { ForbiddenError, InvalidNamespaceError, ValidationError } from '../../../server/errors';

let root: string;
let data: string;
let store: BlockStore;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-import-store-'));
  data = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-import-store-data-'));
  fs.mkdirSync(path.join(root, 'src', 'a', 'deep'), { recursive: true });
  for (const file of ['a-b', 'a.txt', 'a/x', 'a/deep/y', 'z', 'é', '\u{1F600}', '\uFF5E']) fs.writeFileSync(path.join(root, 'src', file), `content of ${file}`);
  store = openImportRootStore({ root, excluded: [data] });
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(data, { recursive: true, force: true });
});

async function keys(prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for await (const o of store.listSorted?.(`local://${root}/src`, prefix) ?? []) out.push(o.key);
  return out;
}

describe('the import root store', () => {
  it('lists files in the byte order of their keys, as Tarn orders keys everywhere', async () => {
    const listed = await keys();
    expect(listed).toEqual(['a-b', 'a.txt', 'a/deep/y', 'a/x', 'z', 'é', '\uFF5E', '\u{1F600}']);
    expect([...listed].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)))).toEqual(listed);
    expect(await keys('a')).toEqual(['a/deep/y', 'a/x']);
  });

  it('reads files whole and by range, with their size, time and an ETag made of both', async () => {
    const ns = `local://${root}/src/a`;
    expect((await store.getBytes(ns, 'x')).toString()).toBe('content of a/x');
    expect((await store.getBytes(ns, 'x', { start: 3, end: 6 })).toString()).toBe('tent');
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get(ns, 'x', { start: 11 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('a/x');
    const stat = await store.stat(ns, 'x');
    expect(stat).toMatchObject({ size: 14, etag: `${Math.floor(stat?.mtime ?? 0).toString(16)}-e` });
    expect(await store.stat(ns, 'missing')).toBeUndefined();
  });

  it('writes nothing, holds no repository, and reaches nothing outside the root or inside the data folder', async () => {
    await expect(store.put(`local://${root}/src`, 'new', Buffer.from('x'))).rejects.toBeInstanceOf(ForbiddenError);
    await expect(store.delete(`local://${root}/src`, 'z')).rejects.toBeInstanceOf(ForbiddenError);
    expect(() => store.validateNamespace(`local://${root}/src`)).toThrow(InvalidNamespaceError);
    await expect(store.stat('local:///etc', 'passwd')).rejects.toThrow(`import source must be inside the import root ${root}`);
    await expect(store.stat(`local://${root}/src/../..`, 'etc')).rejects.toBeInstanceOf(ValidationError);
    expect(() => store.listSorted?.(`local://${root}-other`, '')).toThrow(ValidationError);
    const inside = openImportRootStore({ root: os.tmpdir(), excluded: [data] });
    fs.writeFileSync(path.join(data, 'metadata.db'), 'private');
    await expect(inside.getBytes(`local://${data}`, 'metadata.db')).rejects.toThrow("import source must not be inside Tarn's data folder");
  });

  it('takes the addresses with an absolute path beside the data folder, which keeps the relative ones', async () => {
    const routed = routeBlockStores([openLocalBlockStore({ root: data }), store]);
    expect((await routed.getBytes(`local://${root}/src`, 'z')).toString()).toBe('content of z');
    await routed.put('local://repo', 'data/k', Buffer.from('in the data folder'));
    expect(fs.readFileSync(path.join(data, 'repo', 'data', 'k'), 'utf8')).toBe('in the data folder');
    expect(() => routed.validateNamespace('gs://x')).toThrow('storage namespace must start with local://');
    expect(new RegExp(importRootPattern(root)).test(`local://${root}/src`)).toBe(true);
    expect(new RegExp(importRootPattern(root)).test(`local://${root}x`)).toBe(false);
  });
});
