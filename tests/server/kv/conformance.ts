import { describe, expect, it, beforeEach, afterEach } from 'vitest';
import { exactly, type KvStore } from '../../../server/kv/index';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array | undefined): string | undefined => (b === undefined ? undefined : new TextDecoder().decode(b));

/**
 * The behaviour every kv implementation must share. Call it from a test file with a factory that opens a fresh,
 * empty store (and a cleanup), e.g. `kvConformance('sqlite', async () => ({ kv, cleanup }))`.
 */
export function kvConformance(name: string, open: () => Promise<{ kv: KvStore; cleanup: () => Promise<void> }>): void {
  describe(`kv conformance: ${name}`, () => {
    let kv: KvStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ kv, cleanup } = await open());
    });
    afterEach(async () => {
      await cleanup();
    });

    it('gets what was set and nothing for missing keys', async () => {
      expect(await kv.get('a')).toBeUndefined();
      await kv.set('a', enc('1'));
      expect(dec(await kv.get('a'))).toBe('1');
      await kv.set('a', enc('2'));
      expect(dec(await kv.get('a'))).toBe('2');
      await kv.delete('a');
      expect(await kv.get('a')).toBeUndefined();
      await kv.delete('a');
    });

    it('keeps the order of its writes: any other write waits for the plain writes made before it (group commit)', async () => {
      const first = kv.set('k', enc('1'));
      expect(await kv.setIf('k', enc('2'), enc('1'))).toBe(true);
      await first;
      const again = kv.set('k', enc('3'));
      await kv.delete('k');
      await again;
      expect(await kv.get('k')).toBeUndefined();
      const last = kv.set('p/a', enc('a'));
      await kv.deletePrefix('p/');
      await last;
      expect(await kv.get('p/a')).toBeUndefined();
      const inBatch = kv.set('b', enc('1'));
      expect(await kv.batch([{ op: 'set', key: 'c', value: enc('c') }], [{ key: 'b', expected: enc('1') }])).toBe(true);
      await inBatch;
    });

    it('stores empty and binary values exactly', async () => {
      await kv.set('empty', new Uint8Array());
      await kv.set('bin', new Uint8Array([0, 255, 0, 1]));
      expect(Array.from((await kv.get('empty')) ?? [9])).toEqual([]);
      expect(Array.from((await kv.get('bin')) ?? [])).toEqual([0, 255, 0, 1]);
    });

    it('setIf compares with the previous value or absence', async () => {
      expect(await kv.setIf('k', enc('v1'), 'absent')).toBe(true);
      expect(await kv.setIf('k', enc('v2'), 'absent')).toBe(false);
      expect(await kv.setIf('k', enc('v2'), enc('other'))).toBe(false);
      expect(await kv.setIf('k', enc('v2'), enc('v1'))).toBe(true);
      expect(dec(await kv.get('k'))).toBe('v2');
      expect(await kv.setIf('missing', enc('x'), enc('v1'))).toBe(false);
      expect(await kv.get('missing')).toBeUndefined();
    });

    it('deleteIf deletes only the expected value', async () => {
      await kv.set('k', enc('v1'));
      expect(await kv.deleteIf('k', enc('v0'))).toBe(false);
      expect(dec(await kv.get('k'))).toBe('v1');
      expect(await kv.deleteIf('k', enc('v1'))).toBe(true);
      expect(await kv.get('k')).toBeUndefined();
      expect(await kv.deleteIf('k', enc('v1'))).toBe(false);
    });

    it('scans by prefix in byte order with an exclusive cursor and a limit', async () => {
      // U+FF5E sorts below U+1F600 as bytes, though not as UTF-16 units.
      const keys = ['p/a', 'p/b', 'p/b/c', 'p/\uff5e', 'p/\u{1f600}', 'p/é', 'p0', 'q', 'o'];
      for (const k of keys) await kv.set(k, enc(k));
      const all = (await kv.scan({ prefix: 'p/' })).map((e) => e.key);
      expect(all).toEqual(['p/a', 'p/b', 'p/b/c', 'p/é', 'p/\uff5e', 'p/\u{1f600}']);
      const sorted = [...all].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      expect(all).toEqual(sorted);
      expect((await kv.scan({ prefix: 'p/', after: 'p/b' })).map((e) => e.key)).toEqual(['p/b/c', 'p/é', 'p/\uff5e', 'p/\u{1f600}']);
      expect((await kv.scan({ prefix: 'p/', after: 'p/b', limit: 2 })).map((e) => e.key)).toEqual(['p/b/c', 'p/é']);
      expect((await kv.scan({ prefix: 'p/', from: 'p/b' , limit: 1 })).map((e) => e.key)).toEqual(['p/b']);
      expect((await kv.scan({ prefix: 'p/', after: 'a' })).length).toBe(6);
      expect((await kv.scan({ prefix: 'p/', after: 'z' })).length).toBe(0);
      expect((await kv.scan({})).map((e) => e.key)).toEqual([...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
      expect(dec((await kv.scan({ prefix: 'q' }))[0]?.value)).toBe('q');
    });

    it('pages through a scan without repeating or skipping', async () => {
      const keys = Array.from({ length: 57 }, (_, i) => `page/${String(i).padStart(3, '0')}`);
      for (const k of [...keys].reverse()) await kv.set(k, enc(k));
      const seen: string[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await kv.scan({ prefix: 'page/', after, limit: 10 });
        seen.push(...page.map((e) => e.key));
        if (page.length < 10) break;
        after = page[page.length - 1]?.key;
      }
      expect(seen).toEqual(keys);
    });

    it('counts the keys of a range whose values lie in a range of bytes, in byte order of key and of value', async () => {
      const gone = new Uint8Array([0]);
      for (const k of ['c/a', 'c/b', 'c/é', 'c/\u{1f600}', 'c0']) await kv.set(k, gone);
      await kv.set('c/b/x', enc('kept'));
      await kv.set('c/ba', new Uint8Array([0, 0]));
      await kv.set('c/bb', new Uint8Array([0, 0xff]));
      expect(await kv.countRange('c/', 'c0', exactly(gone))).toEqual({ keys: 7, matching: 4 });
      expect(await kv.countRange('c/b', 'c/é', exactly(gone))).toEqual({ keys: 4, matching: 1 });
      expect(await kv.countRange('c/é', 'c0\u0000', exactly(gone))).toEqual({ keys: 3, matching: 3 });
      expect(await kv.countRange('c/', 'c0', exactly(enc('kept')))).toEqual({ keys: 7, matching: 1 });
      expect(await kv.countRange('d/', 'd0', exactly(gone))).toEqual({ keys: 0, matching: 0 });
      // Every value starting with byte 0, whatever follows it: [0x00, 0x01).
      const zeroFirst = { from: new Uint8Array([0]), to: new Uint8Array([1]) };
      expect(await kv.countRange('c/', 'c0', zeroFirst)).toEqual({ keys: 7, matching: 6 });
      expect(await kv.countRange('c/', 'c0', exactly(new Uint8Array([0, 0xff])))).toEqual({ keys: 7, matching: 1 });
      // One value and the next but one: [0x00, 0x00 0x00 0x00) holds 0x00 and 0x00 0x00, not only the first.
      expect(await kv.countRange('c/', 'c0', { from: gone, to: new Uint8Array([0, 0, 0]) })).toEqual({ keys: 7, matching: 5 });
    });

    it('deletes by prefix only the keys under it', async () => {
      for (const k of ['t/1/a', 't/1/b', 't/10', 't/2', 't/1']) await kv.set(k, enc(k));
      await kv.deletePrefix('t/1/');
      expect((await kv.scan({ prefix: 't/' })).map((e) => e.key)).toEqual(['t/1', 't/10', 't/2']);
    });

    it('applies a batch atomically, and not at all when a condition fails', async () => {
      await kv.set('x', enc('1'));
      const ok = await kv.batch(
        [
          { op: 'set', key: 'y', value: enc('2') },
          { op: 'delete', key: 'x' },
        ],
        [{ key: 'x', expected: enc('1') }, { key: 'y', expected: 'absent' }],
      );
      expect(ok).toBe(true);
      expect(await kv.get('x')).toBeUndefined();
      expect(dec(await kv.get('y'))).toBe('2');
      const failed = await kv.batch(
        [
          { op: 'set', key: 'z', value: enc('3') },
          { op: 'set', key: 'y', value: enc('4') },
        ],
        [{ key: 'y', expected: enc('wrong') }],
      );
      expect(failed).toBe(false);
      expect(await kv.get('z')).toBeUndefined();
      expect(dec(await kv.get('y'))).toBe('2');
    });

    it('lets exactly one of many concurrent compare-and-sets win', async () => {
      await kv.set('counter', enc('0'));
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.setIf('counter', enc(`w${i}`), enc('0'))));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('refuses keys that are not well-formed unicode', async () => {
      await expect(kv.set('bad\ud800', enc('x'))).rejects.toThrow();
    });
  });
}
