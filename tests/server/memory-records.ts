// The auth rules' record store in memory, for tests of the rules without a metadata store.
import type { RecordStore } from '../../server/auth/record-store';

export function memoryRecords(): RecordStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    async get<T>(key: string) {
      const raw = data.get(key);
      return raw === undefined ? undefined : (JSON.parse(raw) as T);
    },
    async set(key, value) {
      data.set(key, JSON.stringify(value));
    },
    async delete(key) {
      data.delete(key);
    },
    async createAll(records) {
      if (records.some(([key]) => data.has(key))) return false;
      for (const [key, value] of records) data.set(key, JSON.stringify(value));
      return true;
    },
    async update(sets, deletes) {
      for (const [key, value] of sets) data.set(key, JSON.stringify(value));
      for (const key of deletes) data.delete(key);
    },
    async list<T>(prefix: string) {
      return [...data.entries()]
        .filter(([key]) => key.startsWith(prefix))
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, raw]): [string, T] => [key, JSON.parse(raw) as T]);
    },
  };
}
