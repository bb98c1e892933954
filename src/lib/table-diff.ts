// What changed in a table between two refs, from its description on each (docs: README, Tables): the versions the
// newer side has that the older lacks, its columns added, removed or retyped, and its data files added and removed.
import type { TableColumn, TableDetail, TableVersion } from '../api/types';

export interface ColumnChange {
  name: string;
  change: 'added' | 'removed' | 'retyped';
  /** Type on the old side (removed, retyped) and on the new side (added, retyped). */
  before?: string;
  after?: string;
}

export interface TableDiff {
  /** Versions of the new side that the old side does not have, newest first. */
  versions: TableVersion[];
  columns: ColumnChange[];
  filesAdded: string[];
  filesRemoved: string[];
}

/** The diff from `before` (the table on the older ref, or undefined where it does not exist) to `after`. */
export function tableDiff(before: TableDetail | undefined, after: TableDetail): TableDiff {
  const known = new Set(before?.history.map((v) => v.version) ?? []);
  const beforeFiles = new Set(before?.data_files.map((f) => f.path) ?? []);
  const afterFiles = new Set(after.data_files.map((f) => f.path));
  return {
    versions: after.history.filter((v) => !known.has(v.version)),
    columns: columnChanges(before?.schema ?? [], after.schema),
    filesAdded: [...afterFiles].filter((p) => !beforeFiles.has(p)),
    filesRemoved: [...beforeFiles].filter((p) => !afterFiles.has(p)),
  };
}

function columnChanges(before: readonly TableColumn[], after: readonly TableColumn[]): ColumnChange[] {
  const old = new Map(before.map((c) => [c.name, c]));
  const now = new Map(after.map((c) => [c.name, c]));
  const changes: ColumnChange[] = [];
  for (const c of after) {
    const was = old.get(c.name);
    if (!was) changes.push({ name: c.name, change: 'added', after: c.type });
    else if (was.type !== c.type) changes.push({ name: c.name, change: 'retyped', before: was.type, after: c.type });
  }
  for (const c of before) if (!now.has(c.name)) changes.push({ name: c.name, change: 'removed', before: c.type });
  return changes;
}
