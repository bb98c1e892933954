// The metadata store: its interface, the embedded SQLite and the shared PostgreSQL implementations, and the key
// order both follow.
export type { ChangeVersion, KvCondition, KvCount, KvEntry, KvExpected, KvPoolStats, KvScanOptions, KvStore, KvWrite, ValueBounds } from './kv-store';
export { exactly } from './kv-store';
export { openSqliteKv, type SqliteKvOptions } from './sqlite';
export { openPostgresKv, type PostgresKvOptions } from './postgres';
export { startReadPeriod, withRecordCache, type RecordCacheOptions } from './record-cache';
export { compareKeys, isWellFormedKey, prefixEnd, scanAll } from './keys';
