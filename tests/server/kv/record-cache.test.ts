// The record cache in front of SQLite: reads of a cacheable key are answered from memory until anything changes
// it, whether this connection writes it or another connection (another process on the same file) commits anything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteKv, startReadPeriod, withRecordCache, type KvStore } from '../../../server/kv/index';

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : Buffer.from(bytes).toString());
const bytes = (value: string) => new TextEncoder().encode(value);

let dir: string;
let other: KvStore;
let cached: KvStore;
let lookups: boolean[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarn-record-cache-'));
  const file = path.join(dir, 'kv.db');
  other = openSqliteKv({ path: file });
  lookups = [];
  cached = withRecordCache(openSqliteKv({ path: file }), { cacheable: (key) => key.startsWith('r/'), onLookup: (hit) => lookups.push(hit) });
});
afterEach(async () => {
  await cached.close();
  await other.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the record cache', () => {
  it('answers repeated reads from memory, absent keys included, and never other keys', async () => {
    await other.set('r/a', bytes('1'));
    expect(text(await cached.get('r/a'))).toBe('1');
    expect(text(await cached.get('r/a'))).toBe('1');
    expect(await cached.get('r/none')).toBeUndefined();
    expect(await cached.get('r/none')).toBeUndefined();
    await cached.get('s/x');
    expect(lookups).toEqual([false, true, false, true]);
  });

  it('sees what another connection committed in the next request', async () => {
    await other.set('r/a', bytes('1'));
    expect(text(await cached.get('r/a'))).toBe('1');
    await other.set('r/a', bytes('2'));
    startReadPeriod();
    expect(text(await cached.get('r/a'))).toBe('2');
    // Any commit of the other connection counts, even to a key the cache never keeps.
    expect(text(await cached.get('r/a'))).toBe('2');
    await other.batch([{ op: 'set', key: 'r/b', value: bytes('b') }]);
    startReadPeriod();
    expect(text(await cached.get('r/b'))).toBe('b');
    await other.delete('r/a');
    startReadPeriod();
    expect(await cached.get('r/a')).toBeUndefined();
  });

  it('looks at the store again for a read after a write of its own, within one turn of the event loop', async () => {
    await other.set('r/a', bytes('1'));
    startReadPeriod();
    expect(text(await cached.get('r/a'))).toBe('1');
    // Conditional writes commit at once, so all of this happens in one turn, which would otherwise keep one look.
    expect(await other.setIf('r/a', bytes('2'), bytes('1'))).toBe(true);
    expect(await cached.setIf('r/own', bytes('x'), 'absent')).toBe(true);
    expect(text(await cached.get('r/a'))).toBe('2');
  });

  it('drops the keys its own writes touch, whichever way they write', async () => {
    await cached.set('r/a', bytes('1'));
    expect(text(await cached.get('r/a'))).toBe('1');
    expect(await cached.setIf('r/a', bytes('2'), bytes('1'))).toBe(true);
    expect(text(await cached.get('r/a'))).toBe('2');
    await cached.batch([{ op: 'set', key: 'r/a', value: bytes('3') }]);
    expect(text(await cached.get('r/a'))).toBe('3');
    await cached.deletePrefix('r/');
    expect(await cached.get('r/a')).toBeUndefined();
    await cached.set('r/a', bytes('4'));
    expect(await cached.deleteIf('r/a', bytes('4'))).toBe(true);
    expect(await cached.get('r/a')).toBeUndefined();
  });

  it('keeps nothing from a read that a write of this connection overtook', async () => {
    await cached.set('r/a', bytes('1'));
    const reading = cached.get('r/a');
    await cached.set('r/a', bytes('2'));
    expect(text(await reading)).toBe('1');
    expect(text(await cached.get('r/a'))).toBe('2');
  });

  it('is not put in front of a store that cannot tell of other connections’ changes', () => {
    const { changeVersion: _dropped, ...blind } = other;
    expect(withRecordCache(blind, { cacheable: () => true })).toBe(blind);
  });

  it('asks the store for its version once per request or turn of the event loop', async () => {
    const store = openSqliteKv({ path: path.join(dir, 'kv.db') });
    let looks = 0;
    const counted: KvStore = { ...store, changeVersion: () => (looks++, store.changeVersion?.() ?? 0) };
    const cache = withRecordCache(counted, { cacheable: (key) => key.startsWith('r/') });
    await other.set('r/a', bytes('1'));
    startReadPeriod();
    looks = 0;
    // One request's reads: one look, however many awaits they span.
    await cache.get('r/a');
    await Promise.all([cache.get('r/a'), cache.get('r/b')]);
    expect(looks).toBe(1);
    // The next request looks again, and sees what the other connection committed meanwhile.
    await other.set('r/a', bytes('2'));
    startReadPeriod();
    expect(text(await cache.get('r/a'))).toBe('2');
    expect(looks).toBe(2);
    // So does the next turn of the event loop.
    await other.set('r/a', bytes('3'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(text(await cache.get('r/a'))).toBe('3');
    expect(looks).toBe(3);
    await store.close();
  });
});
