// The little the auth rules need from the metadata store: JSON records by key, one conditional create, a scan.
export interface RecordStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /** Creates the record only when the key is free; false when it already existed. */
  setIfAbsent(key: string, value: unknown): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Records whose key starts with `prefix`, in byte order of key. */
  scan<T>(prefix: string): AsyncIterable<{ key: string; value: T }>;
}
