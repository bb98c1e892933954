import { createHash } from 'node:crypto';
import { Reader, Writer, readEntry, writeEntry } from './codec';
import type { ObjectEntry } from './types';

/** A decoded range: parallel arrays, sorted by key in byte order. */
export interface RangeData {
  keys: string[];
  entries: ObjectEntry[];
}

/** A metarange row: where one range sits in the key space. */
export interface RangeInfo {
  id: string;
  minKey: string;
  maxKey: string;
  count: number;
  /** Encoded size in bytes. */
  size: number;
}

const RANGE_MAGIC = 0x54524e52; // "TRNR"
const METARANGE_MAGIC = 0x54524e4d; // "TRNM"
const VERSION = 1;

export function contentId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function header(w: Writer, magic: number): void {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(magic);
  w.raw(b);
  w.byte(VERSION);
}

function checkHeader(r: Reader, magic: number, what: string): void {
  const b = r.raw(4);
  if (Buffer.from(b).readUInt32BE() !== magic || r.byte() !== VERSION) throw new Error(`not a ${what} file`);
}

/** Length of the shared prefix in UTF-16 units, never splitting a surrogate pair. */
function sharedPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i > 0) {
    const c = a.charCodeAt(i - 1);
    if (c >= 0xd800 && c <= 0xdbff) i--;
  }
  return i;
}

/** Keys are prefix-compressed against their predecessor: sorted object paths share long prefixes. */
export function encodeRange(keys: readonly string[], entries: readonly ObjectEntry[]): Buffer {
  const w = new Writer(64 + keys.length * 96);
  header(w, RANGE_MAGIC);
  w.varint(keys.length);
  let prev = '';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const shared = sharedPrefix(prev, key);
    w.varint(shared);
    w.string(key.slice(shared));
    writeEntry(w, entries[i] as ObjectEntry);
    prev = key;
  }
  return w.finish();
}

export function decodeRange(bytes: Uint8Array): RangeData {
  const r = new Reader(bytes);
  checkHeader(r, RANGE_MAGIC, 'range');
  const n = r.varint();
  const keys = new Array<string>(n);
  const entries = new Array<ObjectEntry>(n);
  let prev = '';
  for (let i = 0; i < n; i++) {
    const shared = r.varint();
    const key = prev.slice(0, shared) + r.string();
    keys[i] = key;
    entries[i] = readEntry(r);
    prev = key;
  }
  return { keys, entries };
}

export function encodeMetaRange(ranges: readonly RangeInfo[]): Buffer {
  const w = new Writer(64 + ranges.length * 128);
  header(w, METARANGE_MAGIC);
  w.varint(ranges.length);
  for (const r of ranges) {
    w.raw(Buffer.from(r.id, 'hex'));
    w.string(r.minKey);
    w.string(r.maxKey);
    w.varint(r.count);
    w.varint(r.size);
  }
  return w.finish();
}

export function decodeMetaRange(bytes: Uint8Array): RangeInfo[] {
  const r = new Reader(bytes);
  checkHeader(r, METARANGE_MAGIC, 'metarange');
  const n = r.varint();
  const out: RangeInfo[] = [];
  for (let i = 0; i < n; i++) {
    const id = Buffer.from(r.raw(32)).toString('hex');
    const minKey = r.string();
    const maxKey = r.string();
    const count = r.varint();
    const size = r.varint();
    out.push({ id, minKey, maxKey, count, size });
  }
  return out;
}
