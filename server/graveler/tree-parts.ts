import { keyHash } from './key-hash';
import type { PartInfo, RangeInfo } from './range-codec';

/**
 * A large metarange is cut into parts of about 320 rows, each its own file, at content-defined places: after a
 * row whose last key hashes to 0 modulo PART_MODULUS (once the part has MIN_PART_ROWS rows), or at MAX_PART_ROWS.
 * So where parts end depends on the rows alone, an edit re-cuts only the parts around it, and equal rows always
 * give equal parts and equal ids. The size weighs a clustered commit, which rewrites one part and the index,
 * against a commit of changes spread over the tree, which rewrites every part: each file written costs about as
 * much as encoding several hundred rows (a local file is four system calls, an S3 object a request), so 1M objects
 * (1,600 rows when fragmented) are some five parts.
 */
const PART_MODULUS = 256;
const MIN_PART_ROWS = 64;
export const MAX_PART_ROWS = 1024;
/** Independent of the range boundaries, which every canonical row's last key is. */
const PART_SEED = 0x9e3779b9;

/** Whether a part of `rows` rows ending with a row whose last key is `maxKey` ends there. */
function endsPart(rows: number, maxKey: string): boolean {
  return rows >= MAX_PART_ROWS || (rows >= MIN_PART_ROWS && keyHash(maxKey, PART_SEED) % PART_MODULUS === 0);
}

/** A part of a committed tree as read. */
export interface TreePart extends PartInfo {
  /**
   * Whether the part's rows are cut as writing cuts them. Only a metarange written before parts existed (one file of
   * any number of rows, read as one part) may not be; such a part is never kept whole in a new tree.
   */
  canonical: boolean;
}

/** A committed tree as the ordered list of its parts; a tree of one part is that part's file. The empty tree has none. */
export type Tree = readonly TreePart[];

/** What a tree is written from, in key order: rows, and whole parts of an older tree kept by reference. */
export type TreeItem = RangeInfo | { part: TreePart };

export const isKeptPart = (item: TreeItem): item is { part: TreePart } => 'part' in item;

/** The part a file of rows makes. */
export function partOf(id: string, rows: readonly RangeInfo[]): TreePart {
  let count = 0;
  let size = 0;
  let canonical = rows.length > 0 && rows.length <= MAX_PART_ROWS;
  rows.forEach((row, i) => {
    count += row.count;
    size += row.size;
    if (i < rows.length - 1 && endsPart(i + 1, row.maxKey)) canonical = false;
  });
  const first = rows[0];
  const last = rows[rows.length - 1];
  return { id, minKey: first?.minKey ?? '', maxKey: last?.maxKey ?? '', rows: rows.length, count, size, canonical };
}

export interface PartFiles {
  rows(part: TreePart): Promise<readonly RangeInfo[]>;
  write(rows: RangeInfo[]): Promise<TreePart>;
}

/**
 * Cuts a tree's items into parts, writing the parts that changed. A kept part is reused by reference when the
 * cut before it falls where it starts and it ends at a cut of its own (or the tree ends with it); otherwise its rows
 * are read and cut again with their neighbours, which realigns with the old cuts within a part or two. The parts are
 * therefore those a write of the same rows from scratch makes.
 */
export async function cutParts(items: readonly TreeItem[], files: PartFiles): Promise<TreePart[]> {
  const parts: (TreePart | Promise<TreePart>)[] = [];
  let pending: RangeInfo[] = [];
  const add = (row: RangeInfo): void => {
    pending.push(row);
    if (!endsPart(pending.length, row.maxKey)) return;
    parts.push(files.write(pending));
    pending = [];
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as TreeItem;
    if (!isKeptPart(item)) {
      add(item);
      continue;
    }
    const { part } = item;
    const endsHere = endsPart(part.rows, part.maxKey) || i === items.length - 1;
    if (pending.length === 0 && part.canonical && endsHere) parts.push(part);
    else for (const row of await files.rows(part)) add(row);
  }
  if (pending.length > 0) parts.push(files.write(pending));
  return Promise.all(parts);
}
