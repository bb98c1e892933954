import { createHash } from 'node:crypto';
import { compareKeys } from '../kv/keys';
import { Reader, Writer, readAddress, readEntry, readSize, writeEntry } from './codec';
import type { DataAddress, ObjectEntry } from './types';

/**
 * Records of a range are read a block of this many at a time: a range file of version 2 is written in blocks, each
 * with its own hash; in an older file, keys are decoded this many at a time.
 */
const BLOCK = 64;

/** A block of a version-2 range file: where its bytes are and what they must hash to (its first key is in `firsts`). */
interface FileBlock {
  start: number;
  end: number;
  hash: Uint8Array;
}

/** A range file opened by its index: where its blocks are read from when they are needed. */
export interface RangeSource {
  /** Bytes start..end (exclusive) of the file. */
  read(start: number, end: number): Promise<Buffer>;
  /** Told after blocks are added to memory, so that a cache can count what the range now holds. */
  grew(): void;
}

/**
 * How a range's records are found. `built`: all known (a range encoded in memory, or a file with keys that are not
 * ASCII). `scanned`: an older file whose entries were located at read and whose keys are decoded a block at a time
 * from where each record starts. `blocked`: a version-2 file whose blocks are checked and decoded when first used;
 * `pages[b]` holds block b's bytes once they are in memory (entry offsets are then within the page), and `source`
 * gives the blocks of a file of which only the index was read.
 */
type BlockedLayout = { kind: 'blocked'; blocks: FileBlock[]; pages: (Buffer | undefined)[]; source: RangeSource | undefined };
type Layout = { kind: 'built' } | { kind: 'scanned'; recordStarts: Uint32Array } | BlockedLayout;

/** A file's content must match its id: a damaged file is an error, never silently wrong data. */
export class DamagedFileError extends Error {
  constructor(id: string) {
    super(`committed tree file ${id} is damaged`);
  }
}

/**
 * A range in memory: its entries kept encoded, decoded only when a caller needs a value, and its records read a
 * block at a time as they are looked at. A commit or a diff that touches a few records of a large range so checks
 * and decodes a block or two instead of the whole file; a commit reads from disk only the file's index and the
 * blocks its changes reach (`loadFor`, `load`). Unchanged records are copied between ranges as bytes, and equal
 * bytes mean equal entries, so commits and diffs rarely decode anything.
 *
 * The synchronous accessors need the blocks they touch in memory: always so for a range read whole, and after
 * `load`, `loadFor` or `loadAll` for one opened by its index; touching a block not loaded is a programming error.
 */
export class RangeData {
  /** Keys decoded so far (in a version-2 file, each block's first key from the start). */
  private readonly decoded: (string | undefined)[];
  /** Whether each block's entries are located (starts and ends filled in). */
  private readonly located: Uint8Array;
  /** Reads of blocks under way, by block. */
  private readonly fetching = new Map<number, Promise<void>>();

  constructor(
    /** The file's content id: what its name must be. */
    readonly id: string,
    keys: string[] | number,
    /** The whole file, or (a file opened by its index) only its header and index. */
    private readonly buf: Buffer,
    /** Entry i is buf[starts[i]..ends[i]), or in a version-2 file the same span of its block's page. */
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
    /** The first key of each block (every key when built), for finding a block without reading it. */
    private readonly firsts: readonly string[],
    private readonly layout: Layout,
  ) {
    this.decoded = typeof keys === 'number' ? new Array<string | undefined>(keys) : keys;
    this.located = new Uint8Array(Math.ceil(this.decoded.length / BLOCK)).fill(layout.kind === 'blocked' ? 0 : 1);
    if (layout.kind === 'blocked') firsts.forEach((k, b) => (this.decoded[b * BLOCK] = k));
  }

  get length(): number {
    return this.decoded.length;
  }

  /** The layout of a file opened by its index, whose blocks may not all be in memory; undefined for any other. */
  private get opened(): (BlockedLayout & { source: RangeSource }) | undefined {
    const { layout } = this;
    return layout.kind === 'blocked' && layout.source !== undefined ? (layout as BlockedLayout & { source: RangeSource }) : undefined;
  }

  /** Whether every block is in memory, so that any accessor may be used. */
  get complete(): boolean {
    return this.opened?.pages.every((p) => p !== undefined) ?? true;
  }

  /** Reads into memory the blocks that hold entries lo..hi-1. */
  async load(lo: number, hi: number): Promise<void> {
    if (hi > lo) await this.loadBlocks(Math.floor(lo / BLOCK), Math.floor((hi - 1) / BLOCK));
  }

  /** Whether entry i's block is in memory, so that its key and entry can be read without loading anything. */
  inMemory(i: number): boolean {
    const opened = this.opened;
    return opened === undefined || opened.pages[Math.floor(i / BLOCK)] !== undefined;
  }

  /** Key i, reading its block first unless the key is known (as a block's first key always is). */
  async loadKey(i: number): Promise<string> {
    if (this.decoded[i] === undefined) await this.load(i, i + 1);
    return this.key(i);
  }

  /** Reads into memory every block not read yet. */
  async loadAll(): Promise<void> {
    await this.loadBlocks(0, this.located.length - 1);
  }

  /**
   * Reads into memory what `search(key)` and the entry it finds need: the block the key falls in. Undefined when that
   * is in memory already, so that a lookup in a cached range need not wait a turn.
   */
  loadFor(key: string): Promise<void> | undefined {
    if (this.opened === undefined) return undefined;
    const after = this.blocksBelow(key);
    // A key equal to a block's first key is found at that block's start, whose entry is then read.
    const last = this.firsts[after] === key ? after : after - 1;
    return last >= 0 ? this.loadBlocks(Math.max(0, after - 1), last) : undefined;
  }

  /** The number of blocks whose first key is below `key`. */
  private blocksBelow(key: string): number {
    const { firsts } = this;
    let after = 0;
    let end = firsts.length;
    while (after < end) {
      const mid = (after + end) >>> 1;
      if (compareKeys(firsts[mid] as string, key) < 0) after = mid + 1;
      else end = mid;
    }
    return after;
  }

  /**
   * Reads blocks first..last not in memory, each run of adjacent ones in one read, sharing reads under way;
   * undefined when they are all in memory.
   */
  private loadBlocks(first: number, last: number): Promise<void> | undefined {
    const opened = this.opened;
    if (opened === undefined) return undefined;
    const { source, pages, blocks } = opened;
    const waits: Promise<void>[] = [];
    let b = first;
    while (b <= last) {
      const pending = this.fetching.get(b);
      if (pending) waits.push(pending);
      if (pages[b] !== undefined || pending) {
        b++;
        continue;
      }
      let end = b;
      while (end < last && pages[end + 1] === undefined && !this.fetching.has(end + 1)) end++;
      const from = b;
      const to = end;
      const start = (blocks[from] as FileBlock).start;
      const p = source.read(start, (blocks[to] as FileBlock).end).then(
        (bytes) => {
          if (bytes.length !== (blocks[to] as FileBlock).end - start) throw new DamagedFileError(this.id);
          for (let k = from; k <= to; k++) {
            const block = blocks[k] as FileBlock;
            pages[k] = bytes.subarray(block.start - start, block.end - start);
            this.fetching.delete(k);
          }
          source.grew();
        },
        (err: unknown) => {
          for (let k = from; k <= to; k++) this.fetching.delete(k);
          throw err;
        },
      );
      for (let k = from; k <= to; k++) this.fetching.set(k, p);
      waits.push(p);
      b = end + 1;
    }
    return waits.length === 0 ? undefined : Promise.all(waits).then(() => undefined);
  }

  /** Key i (0 <= i < length). */
  key(i: number): string {
    const k = this.decoded[i];
    if (k !== undefined) return k;
    if (i < 0 || i >= this.decoded.length) throw new RangeError(`no key ${i} in a range of ${this.decoded.length}`);
    this.readBlock(Math.floor(i / BLOCK));
    return this.decoded[i] as string;
  }

  /** Every key, reading every block not read yet: for walks over the whole file. */
  allKeys(): readonly string[] {
    // A block's keys are all decoded once its last one is.
    for (let b = 0; b * BLOCK < this.length; b++) if (this.decoded[Math.min(this.length, (b + 1) * BLOCK) - 1] === undefined) this.readBlock(b);
    return this.decoded as string[];
  }

  /**
   * The first index in lo..hi whose key is >= `key` (hi when none). The block that holds it is found among the
   * blocks' first keys, so only that block is read.
   */
  search(key: string, lo = 0, hi = this.length): number {
    let from = lo;
    let to = hi;
    if (this.layout.kind !== 'built') {
      // Blocks before `after` start below `key`: the answer is in block after - 1, or is block after's start.
      const after = this.blocksBelow(key);
      if (after === 0) return lo;
      from = Math.max(lo, (after - 1) * BLOCK);
      to = Math.min(hi, after * BLOCK);
      if (from >= to) return from >= hi ? hi : lo;
    }
    while (from < to) {
      const mid = (from + to) >>> 1;
      if (compareKeys(this.key(mid), key) < 0) from = mid + 1;
      else to = mid;
    }
    return from;
  }

  /** Decodes block b's keys, checking its bytes and locating its entries first in a version-2 file. */
  private readBlock(b: number): void {
    const first = b * BLOCK;
    const end = Math.min(first + BLOCK, this.decoded.length);
    const { layout } = this;
    if (layout.kind === 'built') return;
    if (layout.kind === 'scanned') {
      const r = new Reader(this.buf);
      let prev = this.firsts[b] as string;
      this.decoded[first] = prev;
      for (let i = first + 1; i < end; i++) {
        r.pos = layout.recordStarts[i] as number;
        prev = readKey(r, prev);
        this.decoded[i] = prev;
      }
      return;
    }
    const page = this.page(b);
    if (Buffer.compare((layout.blocks[b] as FileBlock).hash, sha256(page)) !== 0) throw new DamagedFileError(this.id);
    const r = new Reader(page);
    let prev = '';
    for (let i = first; i < end; i++) {
      prev = readKey(r, prev);
      this.decoded[i] = prev;
      const len = r.varint();
      this.starts[i] = r.pos;
      r.pos += len;
      this.ends[i] = r.pos;
    }
    if (r.pos !== page.length) throw new DamagedFileError(this.id);
    this.located[b] = 1;
  }

  /** Block b's bytes in a version-2 file: a view of the whole file, or the block as read on its own. */
  private page(b: number): Buffer {
    const { layout } = this;
    if (layout.kind !== 'blocked') throw new Error('only a version-2 range has pages');
    const page = layout.pages[b];
    if (page) return page;
    if (layout.source) throw new Error(`block ${b} of range ${this.id} used before it was loaded`);
    const block = layout.blocks[b] as FileBlock;
    const view = this.buf.subarray(block.start, block.end);
    layout.pages[b] = view;
    return view;
  }

  /** The buffer that entry i's offsets point into. */
  private bytesOf(i: number): Buffer {
    return this.layout.kind === 'blocked' ? this.page(Math.floor(i / BLOCK)) : this.buf;
  }

  /** Makes sure entry i can be read. */
  private locate(i: number): void {
    if (this.located[Math.floor(i / BLOCK)] === 0) this.readBlock(Math.floor(i / BLOCK));
  }

  entryBytes(i: number): Uint8Array {
    this.locate(i);
    return this.bytesOf(i).subarray(this.starts[i], this.ends[i]);
  }

  /** Appends entry i to a writer without an intermediate view. */
  copyEntryTo(i: number, w: Writer): void {
    this.locate(i);
    w.rawFrom(this.bytesOf(i), this.starts[i] as number, this.ends[i] as number);
  }

  /** Whether entry i here and entry j there have identical bytes. */
  sameBytes(i: number, other: RangeData, j: number): boolean {
    this.locate(i);
    other.locate(j);
    const a0 = this.starts[i] as number;
    const a1 = this.ends[i] as number;
    const b0 = other.starts[j] as number;
    const b1 = other.ends[j] as number;
    const n = a1 - a0;
    if (n !== b1 - b0) return false;
    // Entries are small: a loop beats the cost of calling into native code.
    const x = this.bytesOf(i);
    const y = other.bytesOf(j);
    for (let k = 0; k < n; k++) if (x[a0 + k] !== y[b0 + k]) return false;
    return true;
  }

  entry(i: number): ObjectEntry {
    return readEntry(new Reader(this.entryBytes(i)));
  }

  address(i: number): DataAddress {
    return readAddress(new Reader(this.entryBytes(i)));
  }

  /** Entry i's object size, read without decoding the rest of the entry. */
  size(i: number): number {
    return readSize(new Reader(this.entryBytes(i)));
  }

  /**
   * Memory held, for the cache's budget: the bytes plus the keys as if all were decoded (measured at about 80 bytes
   * each), as a walk over the file decodes them all; for a file opened by its index, what its loaded blocks hold.
   */
  get weight(): number {
    const opened = this.opened;
    if (opened === undefined) return this.buf.byteLength + this.length * 80;
    let bytes = this.buf.byteLength + this.length * 8;
    for (const page of opened.pages) if (page) bytes += page.byteLength + BLOCK * 80;
    return bytes;
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
/** Range files since they are written in blocks, each checked on its own when read. */
const BLOCKED_RANGE_VERSION = 2;
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

function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/**
 * A range file (version 2): the record count, then an index of its blocks of BLOCK records (each block's byte length,
 * SHA-256 and first key, prefix-compressed against the previous block's), then the blocks. A record is a varint
 * shared-prefix length with the previous key of its block (0 for a block's first), the rest of the key, a varint
 * entry length and the entry bytes; sorted object paths share long prefixes, so keys cost little. The file's id is
 * the SHA-256 of its header and index, which name every block's hash: a reader checks the index and then only the
 * blocks it uses.
 */
export function encodeRange(arena: EntryArena): { bytes: Buffer; data: RangeData } {
  const { keys, ends } = arena;
  const n = keys.length;
  const entries = arena.writer.finish();
  let keyBytes = 0;
  for (const k of keys) keyBytes += k.length;
  const body = new Writer(64 + entries.length + keyBytes * 3 + n * 8);
  const blockEnds: number[] = [];
  /** Entry positions within the body, moved past the index once its length is known. */
  const starts = new Uint32Array(n);
  const entryEnds = new Uint32Array(n);
  let prev = '';
  let from = 0;
  for (let i = 0; i < n; i++) {
    if (i % BLOCK === 0) {
      if (i > 0) blockEnds.push(body.length);
      prev = '';
    }
    const key = keys[i] as string;
    writeKey(body, prev, key);
    const to = ends[i] as number;
    body.varint(to - from);
    starts[i] = body.length;
    body.rawFrom(entries, from, to);
    entryEnds[i] = body.length;
    from = to;
    prev = key;
  }
  if (n > 0) blockEnds.push(body.length);
  const blocks = body.finish();
  const index = new Writer(64 + blockEnds.length * 64);
  header(index, RANGE_MAGIC, BLOCKED_RANGE_VERSION);
  index.varint(n);
  let blockStart = 0;
  let prevFirst = '';
  blockEnds.forEach((blockEnd, b) => {
    const first = keys[b * BLOCK] as string;
    index.varint(blockEnd - blockStart);
    index.raw(sha256(blocks.subarray(blockStart, blockEnd)));
    writeKey(index, prevFirst, first);
    prevFirst = first;
    blockStart = blockEnd;
  });
  const head = index.finish();
  const bytes = Buffer.concat([head, blocks]);
  for (let i = 0; i < n; i++) {
    starts[i] = (starts[i] as number) + head.length;
    entryEnds[i] = (entryEnds[i] as number) + head.length;
  }
  const id = sha256(head).toString('hex');
  return { bytes, data: new RangeData(id, keys, bytes, starts, entryEnds, keys, { kind: 'built' }) };
}

/** Reads a range file of either version; its `id` is what the file's name must be. */
export function decodeRange(bytes: Buffer): RangeData {
  const r = new Reader(bytes);
  const version = checkHeader(r, RANGE_MAGIC, 'range', [VERSION, BLOCKED_RANGE_VERSION]);
  const n = r.varint();
  if (version === BLOCKED_RANGE_VERSION) return readBlockIndex(bytes, r, n, undefined);
  const id = contentId(bytes);
  return scanAsciiKeys(id, bytes, r.pos, n) ?? decodeAllKeys(id, bytes, r, n);
}

/**
 * A range file from its first bytes: a version-2 file whose index they hold, with its blocks left to `source` when
 * they are needed, or the file itself when they are all of it. 'longer' when its index runs on past them, 'whole'
 * for an older file, which has no index to read first.
 */
export function openRange(head: Buffer, wholeFile: boolean, source: RangeSource): RangeData | 'longer' | 'whole' {
  if (wholeFile) return decodeRange(head);
  const r = new Reader(head);
  if (checkHeader(r, RANGE_MAGIC, 'range', [VERSION, BLOCKED_RANGE_VERSION]) !== BLOCKED_RANGE_VERSION) return 'whole';
  try {
    return readBlockIndex(head, r, r.varint(), source);
  } catch (err) {
    if (err instanceof RangeError && err.message === 'truncated record') return 'longer';
    throw err;
  }
}

/**
 * A version-2 file: its index read and checked, its blocks left for when they are used; `bytes` is the whole file,
 * or when `source` is given at least its header and index.
 */
function readBlockIndex(bytes: Buffer, r: Reader, n: number, source: RangeSource | undefined): RangeData {
  const count = Math.ceil(n / BLOCK);
  const firsts: string[] = [];
  const lengths: number[] = [];
  const hashes: Uint8Array[] = [];
  let prev = '';
  for (let b = 0; b < count; b++) {
    lengths.push(r.varint());
    hashes.push(r.raw(32));
    prev = readKey(r, prev);
    firsts.push(prev);
  }
  const id = sha256(bytes.subarray(0, r.pos)).toString('hex');
  const blocks: FileBlock[] = [];
  let start = r.pos;
  for (let b = 0; b < count; b++) {
    const end = start + (lengths[b] as number);
    blocks.push({ start, end, hash: hashes[b] as Uint8Array });
    start = end;
  }
  if (!source && start !== bytes.length) throw new RangeError('truncated range');
  const head = source ? bytes.subarray(0, r.pos) : bytes;
  // Filled, not sparse: `every` and `some` skip holes.
  const pages = new Array<Buffer | undefined>(count).fill(undefined);
  return new RangeData(id, n, head, new Uint32Array(n), new Uint32Array(n), firsts, { kind: 'blocked', blocks, pages, source });
}

/**
 * An older file (version 1, one run of prefix-compressed records): finds where each record's key and entry are,
 * decoding only the first key of each block, when every key is ASCII (object paths nearly always are): a key is then
 * its bytes, so the keys are followed as bytes in one reused buffer without making a string of each. Undefined at
 * the first byte that is not ASCII.
 */
function scanAsciiKeys(id: string, bytes: Buffer, start: number, n: number): RangeData | undefined {
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
    if (i % BLOCK === 0) firsts.push(key.toString('latin1', 0, keyLength));
    const len = varint();
    starts[i] = pos;
    pos += len;
    ends[i] = pos;
  }
  if (pos > bytes.length) throw new RangeError('truncated range');
  return new RangeData(id, n, bytes, starts, ends, firsts, { kind: 'scanned', recordStarts });
}

function decodeAllKeys(id: string, bytes: Buffer, r: Reader, n: number): RangeData {
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
  return new RangeData(id, keys, bytes, starts, ends, keys, { kind: 'built' });
}

/** Row i: the 32 id bytes, minKey against row i-1's maxKey, maxKey against minKey, count, size. */
export function encodeMetaRange(ranges: readonly RangeInfo[]): Buffer {
  const w = new Writer(64 + ranges.length * 128);
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
    const id = r.hex(32);
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
  const w = new Writer(64 + parts.length * 128);
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
    const id = r.hex(32);
    const minKey = readKey(r, prev);
    const maxKey = readKey(r, minKey);
    parts.push({ id, minKey, maxKey, rows: r.varint(), count: r.varint(), size: r.varint() });
    prev = maxKey;
  }
  return { parts };
}
