// JSON records over the metadata store, for the auth rules.
import { scanAll, type KvStore } from '../kv';
import type { RecordStore } from './record-store';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const encode = (value: unknown) => encoder.encode(JSON.stringify(value));
const decode = <T>(bytes: Uint8Array) => JSON.parse(decoder.decode(bytes)) as T;

export function kvRecords(kv: KvStore): RecordStore {
  return {
    async get<T>(key: string) {
      const bytes = await kv.get(key);
      return bytes === undefined ? undefined : decode<T>(bytes);
    },
    set: (key, value) => kv.set(key, encode(value)),
    delete: (key) => kv.delete(key),
    createAll: (records) =>
      kv.batch(
        records.map(([key, value]) => ({ op: 'set', key, value: encode(value) })),
        records.map(([key]) => ({ key, expected: 'absent' })),
      ),
    async update(sets, deletes) {
      await kv.batch([
        ...sets.map(([key, value]) => ({ op: 'set' as const, key, value: encode(value) })),
        ...deletes.map((key) => ({ op: 'delete' as const, key })),
      ]);
    },
    async list<T>(prefix: string) {
      const found: Array<[string, T]> = [];
      for await (const entry of scanAll(kv, { prefix })) found.push([entry.key, decode<T>(entry.value)]);
      return found;
    },
  };
}
