import type { DataAddress, ObjectEntry } from './types';

/**
 * A compact binary encoding shared by ranges, metaranges and staged values: unsigned varints (up to 2^53) and
 * length-prefixed UTF-8 strings. Deterministic, so equal content always hashes to the same id.
 */
export class Writer {
  private buf: Buffer;
  private pos = 0;

  constructor(initial = 4096) {
    this.buf = Buffer.allocUnsafe(initial);
  }

  get length(): number {
    return this.pos;
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  varint(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`cannot encode ${n} as a varint`);
    this.ensure(8);
    while (n >= 0x80) {
      this.buf[this.pos++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.buf[this.pos++] = n;
  }

  string(s: string): void {
    if (s.length < 128) {
      // Short ASCII strings (most keys and suffixes) are copied in a loop: cheaper than a call into native code.
      this.ensure(1 + s.length);
      const buf = this.buf;
      let pos = this.pos + 1;
      let i = 0;
      for (; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) break;
        buf[pos++] = c;
      }
      if (i === s.length) {
        buf[this.pos] = s.length;
        this.pos = pos;
        return;
      }
    }
    if (s.length < 43) {
      // At most 3 bytes per UTF-16 unit, so the length fits one varint byte: write first, then fill it in.
      this.ensure(1 + s.length * 3);
      const written = this.buf.write(s, this.pos + 1, 'utf8');
      this.buf[this.pos] = written;
      this.pos += 1 + written;
      return;
    }
    const len = Buffer.byteLength(s, 'utf8');
    this.varint(len);
    this.ensure(len);
    this.buf.write(s, this.pos, len, 'utf8');
    this.pos += len;
  }

  bytes(b: Uint8Array): void {
    this.varint(b.byteLength);
    this.raw(b);
  }

  raw(b: Uint8Array): void {
    this.ensure(b.byteLength);
    this.buf.set(b, this.pos);
    this.pos += b.byteLength;
  }

  /**
   * Appends the bytes a hex string spells, without an intermediate buffer. File ids (64 digits, one per metarange
   * row) are converted in a loop: cheaper than a call into native code.
   */
  hex(s: string): void {
    this.ensure(s.length >>> 1);
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i + 1 < s.length; i += 2) {
      const hi = hexDigit(s.charCodeAt(i));
      const lo = hexDigit(s.charCodeAt(i + 1));
      if (hi < 0 || lo < 0) {
        // What native decoding does with the rest: stop at the first pair that is not hex.
        this.pos += this.buf.write(s, this.pos, 'hex');
        return;
      }
      buf[pos++] = (hi << 4) | lo;
    }
    this.pos = pos;
  }

  /** Appends source[start..end) straight from another buffer. */
  rawFrom(source: Buffer, start: number, end: number): void {
    const n = end - start;
    this.ensure(n);
    if (n > 64) {
      this.pos += source.copy(this.buf, this.pos, start, end);
      return;
    }
    const buf = this.buf;
    let pos = this.pos;
    for (let k = start; k < end; k++) buf[pos++] = source[k] as number;
    this.pos = pos;
  }

  finish(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}

/** The value of a hex digit's character code, or -1. */
function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  return -1;
}

export class Reader {
  pos = 0;
  private readonly buf: Buffer;

  constructor(bytes: Uint8Array) {
    this.buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  byte(): number {
    if (this.pos >= this.buf.length) throw new RangeError('truncated record');
    return this.buf[this.pos++] as number;
  }

  varint(): number {
    let result = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte();
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 0x80;
    }
  }

  string(): string {
    const len = this.varint();
    const end = this.pos + len;
    if (end > this.buf.length) throw new RangeError('truncated record');
    const s = this.buf.toString('utf8', this.pos, end);
    this.pos = end;
    return s;
  }

  /** The next len bytes as hex digits. */
  hex(len: number): string {
    const end = this.pos + len;
    if (end > this.buf.length) throw new RangeError('truncated record');
    const s = this.buf.toString('hex', this.pos, end);
    this.pos = end;
    return s;
  }

  raw(len: number): Uint8Array {
    const end = this.pos + len;
    if (end > this.buf.length) throw new RangeError('truncated record');
    const out = this.buf.subarray(this.pos, end);
    this.pos = end;
    return out;
  }
}

const FULL_ADDRESS = 1;
/** The entry ends with the part count of the multipart upload that wrote it. */
const MULTIPART = 2;

export function writeEntry(w: Writer, e: ObjectEntry): void {
  w.byte((e.addressType === 'full' ? FULL_ADDRESS : 0) | (e.parts !== undefined ? MULTIPART : 0));
  w.string(e.address);
  w.varint(e.size);
  w.string(e.checksum);
  w.varint(e.mtime);
  w.string(e.contentType);
  const keys = Object.keys(e.metadata).sort();
  w.varint(keys.length);
  for (const k of keys) {
    w.string(k);
    w.string(e.metadata[k] as string);
  }
  if (e.parts !== undefined) w.varint(e.parts);
}

/** Where an entry's data is: the first fields of its encoding, read without the rest. */
export function readAddress(r: Reader): DataAddress {
  const flags = r.byte();
  return { address: r.string(), addressType: flags & FULL_ADDRESS ? 'full' : 'relative' };
}

/** An entry's size in bytes: its address is stepped over, not decoded. */
export function readSize(r: Reader): number {
  r.byte();
  const addressLength = r.varint();
  r.pos += addressLength;
  return r.varint();
}

export function readEntry(r: Reader): ObjectEntry {
  const flags = r.byte();
  const address = r.string();
  const size = r.varint();
  const checksum = r.string();
  const mtime = r.varint();
  const contentType = r.string();
  const n = r.varint();
  const metadata: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const k = r.string();
    metadata[k] = r.string();
  }
  const entry: ObjectEntry = { address, addressType: flags & FULL_ADDRESS ? 'full' : 'relative', size, checksum, mtime, contentType, metadata };
  if (flags & MULTIPART) entry.parts = r.varint();
  return entry;
}

/** Identity equality: the fields that decide whether an object changed (address and mtime are not among them). */
export function sameIdentity(a: ObjectEntry, b: ObjectEntry): boolean {
  if (a.size !== b.size || a.checksum !== b.checksum || a.contentType !== b.contentType) return false;
  const ka = Object.keys(a.metadata);
  const kb = Object.keys(b.metadata);
  if (ka.length !== kb.length) return false;
  for (const k of ka) if (a.metadata[k] !== b.metadata[k] || !(k in b.metadata)) return false;
  return true;
}

/** A staged value: an entry, or null for a tombstone. */
export function encodeStaged(entry: ObjectEntry | null): Buffer {
  const w = new Writer(128);
  if (entry === null) {
    w.byte(0);
  } else {
    w.byte(1);
    writeEntry(w, entry);
  }
  return w.finish();
}

/**
 * A staged deletion. One of a key the branch's head commit holds names that commit after its first byte, so a
 * reader can count, with one query, whether every key of a committed range is deleted (folder-liveness.ts); any
 * other is the single byte. Both decode as null: readers only ever ask whether a value is a deletion.
 */
export function encodeTombstone(ofHead?: string): Buffer {
  return ofHead === undefined ? Buffer.of(0) : Buffer.concat([Buffer.of(0), Buffer.from(ofHead, 'utf8')]);
}

export function decodeStaged(bytes: Uint8Array): ObjectEntry | null {
  const r = new Reader(bytes);
  return r.byte() === 0 ? null : readEntry(r);
}
