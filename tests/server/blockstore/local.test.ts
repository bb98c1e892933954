import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalBlockStore, type BlockStore } from '../../../server/blockstore/index';
import { BlockNotFoundError, InvalidBlockKeyError, InvalidNamespaceError } from '../../../server/errors';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('local blockstore', () => {
  let root: string;
  let store: BlockStore;
  const ns = 'local://repo-one';

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-blocks-'));
    store = openLocalBlockStore({ root });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores a buffer and reports its size and md5', async () => {
    const body = Buffer.from('hello, lake');
    const res = await store.put(ns, 'data/a/b', body);
    expect(res).toEqual({ size: body.length, checksum: createHash('md5').update(body).digest('hex') });
    expect((await store.getBytes(ns, 'data/a/b')).toString()).toBe('hello, lake');
    expect(await text(await store.get(ns, 'data/a/b'))).toBe('hello, lake');
    expect(fs.readFileSync(path.join(root, 'repo-one', 'data', 'a', 'b'), 'utf8')).toBe('hello, lake');
  });

  it('stores a stream', async () => {
    const res = await store.put(ns, 'data/stream', Readable.from([Buffer.from('ab'), Buffer.from('cd')]));
    expect(res.size).toBe(4);
    expect(res.checksum).toBe(createHash('md5').update('abcd').digest('hex'));
    expect((await store.stat(ns, 'data/stream'))?.size).toBe(4);
  });

  it('reads whole objects of every size: empty, small (read on the main thread) and large (read in the pool)', async () => {
    for (const size of [0, 1, 64 * 1024, 64 * 1024 + 1, 3 * 1024 * 1024]) {
      const bytes = Buffer.alloc(size, `${size % 251}`);
      await store.put(ns, `data/size-${size}`, bytes);
      expect((await store.getBytes(ns, `data/size-${size}`)).equals(bytes), `${size} bytes`).toBe(true);
    }
  });

  it('reads byte ranges', async () => {
    await store.put(ns, 'data/range', Buffer.from('0123456789'));
    expect((await store.getBytes(ns, 'data/range', { start: 2, end: 5 })).toString()).toBe('2345');
    expect((await store.getBytes(ns, 'data/range', { start: 7 })).toString()).toBe('789');
    // Past the end: what there is, as S3 answers; a large range of a small file is cut to the file.
    expect((await store.getBytes(ns, 'data/range', { start: 8, end: 8191 })).toString()).toBe('89');
    expect((await store.getBytes(ns, 'data/range', { start: 10, end: 20 })).length).toBe(0);
    expect((await store.getBytes(ns, 'data/range', { start: 5, end: 2 ** 40 })).toString()).toBe('56789');
    await expect(store.getBytes(ns, 'data/none', { start: 0, end: 10 })).rejects.toBeInstanceOf(BlockNotFoundError);
    expect(await text(await store.get(ns, 'data/range', { start: 1, end: 3 }))).toBe('123');
  });

  it('reports missing objects', async () => {
    await expect(store.getBytes(ns, 'data/none')).rejects.toBeInstanceOf(BlockNotFoundError);
    await expect(store.get(ns, 'data/none')).rejects.toBeInstanceOf(BlockNotFoundError);
    expect(await store.stat(ns, 'data/none')).toBeUndefined();
    expect(await store.exists(ns, 'data/none')).toBe(false);
  });

  it('deletes, and deleting twice is fine', async () => {
    await store.put(ns, 'data/gone', Buffer.from('x'));
    expect(await store.exists(ns, 'data/gone')).toBe(true);
    await store.delete(ns, 'data/gone');
    await store.delete(ns, 'data/gone');
    expect(await store.exists(ns, 'data/gone')).toBe(false);
  });

  it('confines keys to their namespace', async () => {
    for (const key of ['../escape', 'data/../../escape', '/etc/passwd', 'a//b', 'nul\0byte', 'a/./b', '', 'back\\slash']) {
      await expect(store.put(ns, key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidBlockKeyError);
      await expect(store.getBytes(ns, key), key).rejects.toBeInstanceOf(InvalidBlockKeyError);
    }
    expect(fs.existsSync(path.join(root, 'escape'))).toBe(false);
  });

  it('confines namespaces to the root', () => {
    for (const bad of ['local://', 'local://../x', 'local://a/../../b', 's3://bucket', 'local:///abs', 'local://.tarn-tmp']) {
      expect(() => store.validateNamespace(bad), bad).toThrow(InvalidNamespaceError);
    }
    store.validateNamespace('local://quickstart');
    store.validateNamespace('local://bucket/prefix/');
  });

  it('refuses names the file system cannot hold: a segment over 255 bytes, a path over its limit', async () => {
    expect(() => store.validateNamespace(`local://${'é'.repeat(128)}`)).toThrow(/segment longer than 255 bytes/);
    store.validateNamespace(`local://${'a'.repeat(255)}`);
    await expect(store.put(ns, `data/${'k'.repeat(256)}`, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBlockKeyError);
    // Each segment fits, but `<root>/<namespace>/_tarn/metaranges/<id>` would not.
    const deep = `local://${'abcdefgh/'.repeat(450)}x`;
    expect(() => store.validateNamespace(deep)).toThrow(/storage namespace is too long/);
    const nearlyFull = `local://${'abcdefgh/'.repeat(Math.floor((3900 - root.length) / 9))}x`;
    store.validateNamespace(nearlyFull);
    await expect(store.put(nearlyFull, `data/${'k/'.repeat(200)}x`, Buffer.from('x'))).rejects.toThrow(/object key is too long/);
  });

  it('never shows a partial object: failed writes leave nothing under the key', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('partial');
      throw new Error('client went away');
    }
    await expect(store.put(ns, 'data/partial', failing())).rejects.toThrow('client went away');
    expect(await store.exists(ns, 'data/partial')).toBe(false);
    expect(fs.readdirSync(path.join(root, '.tarn-tmp'))).toEqual([]);
  });

  it('generates data keys that do not repeat and map to full addresses', () => {
    const a = store.newDataKey();
    const b = store.newDataKey();
    expect(a).toMatch(/^data\/[0-9a-z]+\/[0-9a-z]+$/);
    expect(a).not.toBe(b);
    expect(store.fullAddress('local://quickstart/', a)).toBe(`local://quickstart/${a}`);
  });

  it('lists the objects under a folder with their size and age, never following links out of it', async () => {
    const listing = 'local://listing';
    await store.put(listing, 'data/p1/one', Buffer.from('1'));
    await store.put(listing, 'data/p2/two', Buffer.from('22'));
    await store.put(listing, '_tarn/ranges/r', Buffer.from('r'));
    const outside = path.join(root, 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'secret'), 'no');
    fs.symlinkSync(outside, path.join(root, 'listing', 'data', 'link'));
    fs.symlinkSync(path.join(outside, 'secret'), path.join(root, 'listing', 'data', 'p1', 'file-link'));
    const before = Date.now();
    const listed = [];
    for await (const o of store.list(listing, 'data/')) listed.push(o);
    expect(listed.map(({ key, size }) => ({ key, size })).sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: 'data/p1/one', size: 1 },
      { key: 'data/p2/two', size: 2 },
    ]);
    for (const o of listed) expect(o.mtime).toBeLessThanOrEqual(before + 1000);
    const everything = [];
    for await (const o of store.list(listing, '')) everything.push(o.key);
    expect(everything.sort()).toEqual(['_tarn/ranges/r', 'data/p1/one', 'data/p2/two']);
    const none = [];
    for await (const o of store.list('local://nothing-here', 'data/')) none.push(o);
    expect(none).toEqual([]);
    expect(() => store.list(listing, '../outside/')).toThrow(InvalidBlockKeyError);
  });
  it('tells the age of each object under a folder, judging a folder untouched since the moment by its own time', async () => {
    const ns = 'local://ages';
    await store.put(ns, 'data/old/one', Buffer.from('1'));
    await store.put(ns, 'data/old/two', Buffer.from('2'));
    await store.put(ns, 'data/mixed/three', Buffer.from('3'));
    fs.symlinkSync(path.join(root, 'ages', 'data', 'old'), path.join(root, 'ages', 'data', 'link'));
    const dayAgo = Date.now() / 1000 - 86_400;
    for (const folder of ['old', 'mixed']) {
      const dir = path.join(root, 'ages', 'data', folder);
      for (const name of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, name), dayAgo, dayAgo);
      fs.utimesSync(dir, dayAgo, dayAgo);
    }
    // An object landing in an old folder now: the folder's time moves with it, so its files are looked at one by one.
    await store.put(ns, 'data/mixed/four', Buffer.from('4'));
    const ages = async (notAfterMs: number) => {
      const listed: { key: string; young: boolean }[] = [];
      for await (const batch of store.listAges?.(ns, 'data/', notAfterMs) ?? []) listed.push(...batch);
      return listed.sort((x, y) => x.key.localeCompare(y.key));
    };
    expect(await ages(Date.now() - 3_600_000)).toEqual([
      { key: 'data/mixed/four', young: true },
      { key: 'data/mixed/three', young: false },
      { key: 'data/old/one', young: false },
      { key: 'data/old/two', young: false },
    ]);
    expect((await ages(Date.now() + 60_000)).every((a) => !a.young)).toBe(true);
    expect(await (async () => {
      const none = [];
      for await (const batch of store.listAges?.('local://nothing-here', 'data/', Date.now()) ?? []) none.push(...batch);
      return none;
    })()).toEqual([]);
    expect(() => store.listAges?.(ns, '../outside/', Date.now())).toThrow(InvalidBlockKeyError);
  });
});
