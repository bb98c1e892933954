import { createHash } from 'node:crypto';
import { compareKeys } from '../kv/keys';
import { Reader, Writer, readAddress, readEntry, writeEntry } from './codec';
import type { DataAddress, ObjectEntry } from './types';

/** Keys of a range read from a file are decoded this many at a time, when one of them is first asked for. */
const KEY_BLOCK = 64;

/** Where a range file's keys are, for decoding them a block at a time. */
interface KeyBlocks {
  /** Offset of record i in the file: its shared-prefix length, then the rest of its key. */
  recordStarts: Uint32Array;
  /** The first key of each block, decoded while the file was scanned. */
  firsts: string[];
}

/**
 * A range in memory: its entries kept encoded in one buffer, decoded only when a caller needs a value, and its keys
 * decoded a block at a time as they are looked at. A commit or a diff that touches a few records of a large range
 * read from disk so decodes a few blocks of keys instead of all of them. Unchanged records are copied between ranges
 * as bytes, and equal bytes mean equal entries, so commits and diffs rarely decode anything.
 */
export class RangeData {
  /** Keys decoded so far (all of them when the range was built in memory or the file has non-ASCII keys). */
  private readonly decoded: (string | undefined)[];

  constructor(
    keys: string[] | number,
    private readonly buf: Buffer,
    /** Entry i is buf[starts[i]..ends[i]). */
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
    private readonly blocks?: KeyBlocks,
  ) {
    this.decoded = typeof keys === 'number' ? new Array<string | undefined>(keys) : keys;
  }

  get length(): number {
    return this.decoded.length;
  }

  /** Key i (0 <= i < length). */
  key(i: number): string {
    const k = this.decoded[i];
    if (k !== undefined) return k;
    if (i < 0 || i >= this.decoded.length || !this.blocks) throw new RangeError(`no key ${i} in a range of ${this.decoded.length}`);
    this.decodeBlock(this.blocks, Math.floor(i / KEY_BLOCK));
    return this.decoded[i] as string;
  }

  /** Every key, decoding all that are not yet: for walks over the whole file. */
  allKeys(): readonly string[] {
    const { blocks } = this;
    if (blocks) for (let b = 0; b * KEY_BLOCK < this.length; b++) if (this.decoded[b * KEY_BLOCK] === undefined) this.decodeBlock(blocks, b);
    return this.decoded as string[];
  }

  /**
   * The first index in lo..hi whose key is >= `key` (hi when none). The block that holds it is found among the
   * blocks' first keys, so only that block's keys are decoded.
   */
  search(key: string, lo = 0, hi = this.length): number {
    let from = lo;
    let to = hi;
    if (this.blocks) {
      // Blocks before `after` start below `key`: the answer is in block after - 1, or is block after's start.
      const { firsts } = this.blocks;
      let after = 0;
      let end = firsts.length;
      while (after < end) {
        const mid = (after + end) >>> 1;
        if (compareKeys(firsts[mid] as string, key) < 0) after = mid + 1;
        else end = mid;
      }
      if (after === 0) return lo;
      from = Math.max(lo, (after - 1) * KEY_BLOCK);
      to = Math.min(hi, after * KEY_BLOCK);
      if (from >= to) return from >= hi ? hi : lo;
    }
    while (from < to) {
      const mid = (from + to) >>> 1;
      if (compareKeys(this.key(mid), key) < 0) from = mid + 1;
      else to = mid;
    }
    return from;
  }

  private decodeBlock({ recordStarts, firsts }: KeyBlocks, block: number): void {
    const first = block * KEY_BLOCK;
    const end = Math.min(first + KEY_BLOCK, this.decoded.length);
    const r = new Reader(this.buf);
    let prev = firsts[block] as string;
    this.decoded[first] = prev;
    for (let i = first + 1; i < end; i++) {
      r.pos = recordStarts[i] as number;
      prev = readKey(r, prev);
      this.decoded[i] = prev;
    }
  }

  entryBytes(i: number): Uint8Array {
    return this.buf.subarray(this.starts[i], this.ends[i]);
  }

  /** Appends entry i to a writer without an intermediate view. */
  copyEntryTo(i: number, w: Writer): void {
    w.rawFrom(this.buf, this.starts[i] as number, this.ends[i] as number);
  }

  /** Whether entry i here and entry j there have identical bytes. */
  sameBytes(i: number, other: RangeData, j: number): boolean {
    const a0 = this.starts[i] as number;
    const a1 = this.ends[i] as number;
    const b0 = other.starts[j] as number;
    const b1 = other.ends[j] as number;
    const n = a1 - a0;
    if (n !== b1 - b0) return false;
    // Entries are small: a loop beats the cost of calling into native code.
    const x = this.buf;
    const y = other.buf;
    for (let k = 0; k < n; k++) if (x[a0 + k] !== y[b0 + k]) return false;
    return true;
  }

  entry(i: number): ObjectEntry {
    return readEntry(new Reader(this.entryBytes(i)));
  }

  address(i: number): DataAddress {
    return readAddress(new Reader(this.entryBytes(i)));
  }

  /**
   * Memory held, for the cache's budget: the buffer plus the keys as if all were decoded (measured at about 80 bytes
   * each), as a walk over the file decodes them all.
   */
  get weight(): number {
    return this.buf.byteLength + this.length * 80;
  }
}

/** Encoded entries of a range being built: one growing buffer and where each entry ends. */
export class EntryArena {
  readonly keys: string[] = [];
  readonly writer = new Writer(64 * 1024);
  readonly ends: number[] = [];

  get length(): number {
    return this.keys.length;
  }

  add(key: string, entry: ObjectEntry): void {
    this.keys.push(key);
    writeEntry(this.writer, entry);
    this.ends.push(this.writer.length);
  }

  addFrom(key: string, data: RangeData, i: number): void {
    this.keys.push(key);
    data.copyEntryTo(i, this.writer);
    this.ends.push(this.writer.length);
  }
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
/** Metaranges since rows may name runs of files: keys prefix-compressed, as a fragmented tree has many rows. */
const METARANGE_VERSION = 2;
/** A metarange of parts: each names a version-2 file holding a bounded run of the tree's rows. */
const PARTED_VERSION = 3;

/**
 * A part of a large metarange: a version-2 metarange file of at most a few hundred rows, so that a commit rewrites
 * the parts its changes reach and a small index of parts instead of every row of the tree.
 */
export interface PartInfo {
  /** Content id of the part's file (in `_tarn/metaranges/`). */
  id: string;
  /** The first row's minKey and the last row's maxKey. */
  minKey: string;
  maxKey: string;
  /** Rows in the file, and the records and encoded bytes those rows name. */
  rows: number;
  count: number;
  size: number;
}

export function contentId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function header(w: Writer, magic: number, version = VERSION): void {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(magic);
  w.raw(b);
  w.byte(version);
}

/** Returns the file's version, one of `versions`. */
function checkHeader(r: Reader, magic: number, what: string, versions: readonly number[] = [VERSION]): number {
  const b = r.raw(4);
  const version = Buffer.from(b).readUInt32BE() === magic ? r.byte() : -1;
  if (!versions.includes(version)) throw new Error(`not a ${what} file`);
  return version;
}

/** A key as its shared-prefix length with the previous key and the rest. */
function writeKey(w: Writer, prev: string, key: string): void {
  const shared = sharedPrefix(prev, key);
  w.varint(shared);
  w.string(key.slice(shared));
}

function readKey(r: Reader, prev: string): string {
  const shared = r.varint();
  return prev.slice(0, shared) + r.string();
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

/**
 * Record i: varint shared-prefix length with key i-1, the rest of the key, varint entry length, entry bytes.
 * Sorted object paths share long prefixes, so keys cost little.
 */
export function encodeRange(arena: EntryArena): { bytes: Buffer; data: RangeData } {
  const { keys, ends } = arena;
  const entries = arena.writer.finish();
  let keyBytes = 0;
  for (const k of keys) keyBytes += k.length;
  const w = new Writer(64 + entries.length + keyBytes * 3 + keys.length * 8);
  header(w, RANGE_MAGIC);
  w.varint(keys.length);
  const starts = new Uint32Array(keys.length);
  const entryEnds = new Uint32Array(keys.length);
  let prev = '';
  let from = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    writeKey(w, prev, key);
    const to = ends[i] as number;
    w.varint(to - from);
    starts[i] = w.length;
    w.rawFrom(entries, from, to);
    entryEnds[i] = w.length;
    from = to;
    prev = key;
  }
  const bytes = Buffer.from(w.finish());
  return { bytes, data: new RangeData(keys, bytes, starts, entryEnds) };
}

export function decodeRange(bytes: Buffer): RangeData {
  const r = new Reader(bytes);
  checkHeader(r, RANGE_MAGIC, 'range');
  const n = r.varint();
  return scanAsciiKeys(bytes, r.pos, n) ?? decodeAllKeys(bytes, r, n);
}

/**
 * Reads where each record's key and entry are, decoding only the first key of each block, when every key is ASCII
 * (object paths nearly always are): a key is then its bytes, so the keys are followed as bytes in one reused buffer
 * without making a string of each. Undefined at the first byte that is not ASCII.
 */
function scanAsciiKeys(bytes: Buffer, start: number, n: number): RangeData | undefined {
  const recordStarts = new Uint32Array(n);
  const starts = new Uint32Array(n);
  const ends = new Uint32Array(n);
  const firsts: string[] = [];
  let key = Buffer.allocUnsafe(256);
  let keyLength = 0;
  let pos = start;
  const varint = (): number => {
    let result = 0;
    let scale = 1;
    for (;;) {
      if (pos >= bytes.length) throw new RangeError('truncated range');
      const b = bytes[pos++] as number;
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 0x80;
    }
  };
  for (let i = 0; i < n; i++) {
    recordStarts[i] = pos;
    const shared = varint();
    const rest = varint();
    if (shared > keyLength || pos + rest > bytes.length) throw new RangeError('damaged range');
    keyLength = shared + rest;
    if (keyLength > key.length) {
      const longer = Buffer.allocUnsafe(keyLength * 2);
      key.copy(longer, 0, 0, shared);
      key = longer;
    }
    for (let k = 0; k < rest; k++) {
      const b = bytes[pos + k] as number;
      if (b >= 0x80) return undefined;
      key[shared + k] = b;
    }
    pos += rest;
    if (i % KEY_BLOCK === 0) firsts.push(key.toString('latin1', 0, keyLength));
    const len = varint();
    starts[i] = pos;
    pos += len;
    ends[i] = pos;
  }
  if (pos > bytes.length) throw new RangeError('truncated range');
  return new RangeData(n, bytes, starts, ends, { recordStarts, firsts });
}

function decodeAllKeys(bytes: Buffer, r: Reader, n: number): RangeData {
  const keys = new Array<string>(n);
  const starts = new Uint32Array(n);
  const ends = new Uint32Array(n);
  let prev = '';
  for (let i = 0; i < n; i++) {
    const key = readKey(r, prev);
    keys[i] = key;
    const len = r.varint();
    starts[i] = r.pos;
    r.pos += len;
    ends[i] = r.pos;
    prev = key;
  }
  if (r.pos > bytes.length) throw new RangeError('truncated range');
  return new RangeData(keys, bytes, starts, ends);
}

/** Row i: the 32 id bytes, minKey against row i-1's maxKey, maxKey against minKey, count, size. */
export function encodeMetaRange(ranges: readonly RangeInfo[]): Buffer {
  const w = new Writer(64 + ranges.length * 64);
  header(w, METARANGE_MAGIC, METARANGE_VERSION);
  w.varint(ranges.length);
  let prev = '';
  for (const r of ranges) {
    w.hex(r.id);
    writeKey(w, prev, r.minKey);
    writeKey(w, r.minKey, r.maxKey);
    w.varint(r.count);
    w.varint(r.size);
    prev = r.maxKey;
  }
  return w.finish();
}

/** A file of rows (version 1 or 2): a whole small tree, or one part of a large one. */
export function decodeMetaRange(bytes: Uint8Array): RangeInfo[] {
  const r = new Reader(bytes);
  const compressed = checkHeader(r, METARANGE_MAGIC, 'metarange', [VERSION, METARANGE_VERSION]) === METARANGE_VERSION;
  return readRows(r, compressed);
}

function readRows(r: Reader, compressed: boolean): RangeInfo[] {
  const n = r.varint();
  const out: RangeInfo[] = [];
  let prev = '';
  for (let i = 0; i < n; i++) {
    const id = Buffer.from(r.raw(32)).toString('hex');
    const minKey = compressed ? readKey(r, prev) : r.string();
    const maxKey = compressed ? readKey(r, minKey) : r.string();
    const count = r.varint();
    const size = r.varint();
    out.push({ id, minKey, maxKey, count, size });
    prev = maxKey;
  }
  return out;
}

/** Part i: the 32 id bytes, minKey against part i-1's maxKey, maxKey against minKey, rows, count, size. */
export function encodePartedMetaRange(parts: readonly PartInfo[]): Buffer {
  const w = new Writer(64 + parts.length * 64);
  header(w, METARANGE_MAGIC, PARTED_VERSION);
  w.varint(parts.length);
  let prev = '';
  for (const p of parts) {
    w.hex(p.id);
    writeKey(w, prev, p.minKey);
    writeKey(w, p.minKey, p.maxKey);
    w.varint(p.rows);
    w.varint(p.count);
    w.varint(p.size);
    prev = p.maxKey;
  }
  return w.finish();
}

/** Any metarange file: rows (a whole tree of one part, or a part) or the parts of a large tree. */
export function decodeMetaRangeFile(bytes: Uint8Array): { rows: RangeInfo[] } | { parts: PartInfo[] } {
  const r = new Reader(bytes);
  const version = checkHeader(r, METARANGE_MAGIC, 'metarange', [VERSION, METARANGE_VERSION, PARTED_VERSION]);
  if (version !== PARTED_VERSION) return { rows: readRows(r, version === METARANGE_VERSION) };
  const n = r.varint();
  const parts: PartInfo[] = [];
  let prev = '';
  for (let i = 0; i < n; i++) {
    const id = Buffer.from(r.raw(32)).toString('hex');
    const minKey = readKey(r, prev);
    const maxKey = readKey(r, minKey);
    parts.push({ id, minKey, maxKey, rows: r.varint(), count: r.varint(), size: r.varint() });
    prev = maxKey;
  }
  return { parts };
}
