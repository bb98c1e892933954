import { AVERAGE_PART_ROWS, MAX_PART_ROWS, isKeptPart, type TreeItem, type TreePart } from './tree-parts';
import type { RangeInfo } from './range-codec';

/**
 * A commit that changes a few rows spread over a large tree reaches most of its parts, and cutting the new rows into
 * canonical parts rewrites all of them: at ten million objects some 6,000 rows, for 100 changes. Laid out as
 * fragments instead, the new tree's index names runs of the old parts' files around the changed rows, and the
 * changed rows go into one fresh part file of their own: the commit writes about three rows per change and the
 * index. Each such commit lengthens the index, so the layout is taken only while it costs well less than the canonical
 * cut (worthFragmenting) and the index stays within MAX_INDEX_ENTRIES; a commit past that cuts the tree canonically again (which keeps
 * every canonical part no change reached), so fragmentation stays bounded.
 */

/** Writing a file costs about as much as encoding this many rows (see tree-parts.ts). */
export const FILE_ROWS = 300;
/** The most entries a fragmented tree's index holds: beyond it, a commit cuts the tree canonically. */
export const MAX_INDEX_ENTRIES = 1024;

/** Where a row read from a metarange file stands in that file. */
export interface RowHome {
  namespace: string;
  /** The file's id, all of its rows, and the row's index among them. */
  id: string;
  rows: readonly RangeInfo[];
  index: number;
}

/** An entry of a fragmented index: of an existing file, or (`id` undefined) of the commit's fresh part file. */
export type FragmentEntry = Omit<TreePart, 'id' | 'canonical'> & { id: string | undefined };

export interface Fragments {
  entries: FragmentEntry[];
  /** The rows of the fresh part file, in key order. */
  fresh: RangeInfo[];
}

/**
 * The fragmented layout of a tree's items, or undefined when it does not apply: a row whose file is known (read from
 * a part of at most MAX_PART_ROWS rows, in this namespace) is named where it is, and runs of consecutive rows of one
 * file make one entry; any other row goes to the fresh file.
 */
export function fragmentLayout(
  namespace: string,
  items: readonly TreeItem[],
  homeOf: (row: RangeInfo) => RowHome | undefined,
): Fragments | undefined {
  const entries: FragmentEntry[] = [];
  const fresh: RangeInfo[] = [];
  for (const item of items) {
    if (isKeptPart(item)) {
      const { canonical: _canonical, ...entry } = item.part;
      entries.push(entry);
      continue;
    }
    const row = item;
    const last = entries[entries.length - 1];
    const home = homeOf(row);
    const known = home !== undefined && home.namespace === namespace && home.rows.length <= MAX_PART_ROWS && home.rows[home.index] === row;
    if (known ? last?.id === home.id && last.offset + last.rows === home.index : last !== undefined && last.id === undefined) {
      extend(last as FragmentEntry, row);
    } else {
      entries.push({
        id: known ? home.id : undefined,
        offset: known ? home.index : fresh.length,
        rows: 1,
        count: row.count,
        size: row.size,
        minKey: row.minKey,
        maxKey: row.maxKey,
        run: true,
      });
    }
    if (!known) {
      fresh.push(row);
      if (fresh.length > MAX_PART_ROWS) return undefined;
    }
  }
  if (entries.length < 2 || entries.length > MAX_INDEX_ENTRIES) return undefined;
  return { entries, fresh };
}

function extend(entry: FragmentEntry, row: RangeInfo): void {
  entry.rows++;
  entry.count += row.count;
  entry.size += row.size;
  entry.maxKey = row.maxKey;
}

/** What writing the fragmented layout costs, in rows encoded (a file counted as FILE_ROWS). */
function fragmentsCost({ entries, fresh }: Fragments): number {
  return (fresh.length > 0 ? fresh.length + FILE_ROWS : 0) + entries.length + FILE_ROWS;
}

/**
 * About what a canonical cut of the items costs, without cutting: the rows it would write (new rows, and those of
 * kept parts that are not canonical, which it cuts again), a file per ~AVERAGE_PART_ROWS of them, and the index.
 * Cutting hashes every such row's key, which for a fragmented tree of a million objects costs more than the commit.
 */
function canonicalCost(items: readonly TreeItem[]): number {
  let rows = 0;
  for (const item of items) {
    if (!isKeptPart(item)) rows++;
    else if (!item.part.canonical) rows += item.part.rows;
  }
  const files = Math.ceil(rows / AVERAGE_PART_ROWS);
  return rows + files * FILE_ROWS + items.length + FILE_ROWS;
}

/**
 * Whether to write the fragments rather than the canonical cut: only when they cost less than half as much, since
 * every fragment lengthens the index that later commits write and readers search. So a clustered commit on a
 * canonical tree, which rewrites a part or two, stays canonical; changes spread over a large tree do not.
 */
export function worthFragmenting(fragments: Fragments, items: readonly TreeItem[]): boolean {
  return 2 * fragmentsCost(fragments) < canonicalCost(items);
}
