// The little the auth rules need from the metadata store: JSON records by key, an atomic create of several.
export interface RecordStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /** Writes every record atomically, only if none of them exists yet; false (and nothing written) otherwise. */
  createAll(records: Array<[key: string, value: unknown]>): Promise<boolean>;
}
