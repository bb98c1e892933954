// The little the auth rules need from the metadata store: JSON records by key, atomic writes of several, and the
// records under a prefix (the auth model is small: users, groups, policies and their links are read whole).
export interface RecordStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  /** Writes every record atomically, only if none of them exists yet; false (and nothing written) otherwise. */
  createAll(records: Array<[key: string, value: unknown]>): Promise<boolean>;
  /** Sets and deletes records in one atomic write. */
  update(sets: Array<[key: string, value: unknown]>, deletes: string[]): Promise<void>;
  /** Every record whose key starts with `prefix`, in key order. */
  list<T>(prefix: string): Promise<Array<[key: string, value: T]>>;
}
