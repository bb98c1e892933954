// Where the server and the gc command keep metadata: PostgreSQL when a database address is given (several
// servers share it), else the SQLite file in the data folder.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPostgresKv, openSqliteKv, type KvStore } from './kv';

export interface MetadataLocation {
  dataDir: string;
  databaseUrl?: string;
  /** Told about a pooled PostgreSQL connection that broke while idle. */
  onIdleError?: (err: Error) => void;
  /** Told how many writes each group commit joined. */
  onGroupCommit?: (writes: number) => void;
}

export const sqliteFileName = 'metadata.db';

/**
 * Makes the data folder when missing. Only this user may enter it; one made by hand or by an older version with a
 * looser mode is tightened. The modules that write into it make their own files 0600 and folders 0700 as well.
 */
export function makePrivateDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

export function openMetadataStore(location: MetadataLocation): Promise<KvStore> {
  if (location.databaseUrl !== undefined) {
    return openPostgresKv({
      url: location.databaseUrl,
      ...(location.onIdleError ? { onIdleError: location.onIdleError } : {}),
      ...(location.onGroupCommit ? { onGroupCommit: location.onGroupCommit } : {}),
    });
  }
  return Promise.resolve(
    openSqliteKv({ path: join(location.dataDir, sqliteFileName), ...(location.onGroupCommit ? { onGroupCommit: location.onGroupCommit } : {}) }),
  );
}

/** Whether there is metadata to open without creating it: a database always is, a SQLite file may be missing. */
export function metadataExists(location: MetadataLocation): boolean {
  return location.databaseUrl !== undefined || existsSync(join(location.dataDir, sqliteFileName));
}
