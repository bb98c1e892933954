// The objects a SQL script names as `lakefs://{repo}/{ref}/{path}` string literals: the ones it reads, and the targets
// of its COPY ... TO, which it writes.
import { LAKEFS_SCHEME, parseLakefsAddress, type LakefsAddress } from './lakefs-address';
import { splitStatements, type SqlStatement } from './sql-script';

export interface ObjectFiles {
  /** File name (the literal) → the object DuckDB reads through it. */
  reads: Map<string, LakefsAddress>;
  /** File name → the object a COPY writes. */
  writes: Map<string, LakefsAddress>;
}

/** The `lakefs://` literals of the statements: objects read, and targets of COPY ... TO. */
export function objectFiles(statements: readonly SqlStatement[]): ObjectFiles {
  const files: ObjectFiles = { reads: new Map(), writes: new Map() };
  for (const { literals } of statements) {
    for (const literal of literals) {
      if (!literal.value.startsWith(LAKEFS_SCHEME)) continue;
      const address = parseLakefsAddress(literal.value);
      if (!address) throw new Error(`${literal.value} does not name an object: write lakefs://{repository}/{ref}/{path}.`);
      (literal.copyTarget ? files.writes : files.reads).set(literal.value, address);
    }
  }
  // A literal a script both reads and writes names one file: the one being written.
  for (const name of files.writes.keys()) files.reads.delete(name);
  return files;
}

/** The objects a script writes with COPY ... TO 'lakefs://...': the caller checks it may, before running it. */
export function copyTargets(sql: string): LakefsAddress[] {
  return [...objectFiles(splitStatements(sql)).writes.values()];
}
