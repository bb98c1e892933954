import { createHash } from 'node:crypto';
import type { Commit } from './types';

type Hash = ReturnType<typeof createHash>;

const STRING = 1;
const INT = 2;
const LIST = 3;
const MAP = 4;

function str(h: Hash, s: string): void {
  const bytes = Buffer.from(s, 'utf8');
  const head = Buffer.alloc(9);
  head[0] = STRING;
  head.writeBigInt64BE(BigInt(bytes.length), 1);
  h.update(head);
  h.update(bytes);
}

function int(h: Hash, n: number): void {
  const b = Buffer.alloc(9);
  b[0] = INT;
  b.writeBigInt64BE(BigInt(n), 1);
  h.update(b);
}

function count(h: Hash, type: number, n: number): void {
  const b = Buffer.alloc(9);
  b[0] = type;
  b.writeBigInt64BE(BigInt(n), 1);
  h.update(b);
}

/**
 * A commit's id is the SHA-256 of a typed, length-prefixed encoding of what it says (not of its generation), so
 * equal commits get equal ids and no field can bleed into another.
 */
export function computeCommitId(c: Omit<Commit, 'id' | 'generation' | 'version'>): string {
  const h = createHash('sha256');
  str(h, 'commit:v1');
  str(h, c.committer);
  str(h, c.message);
  str(h, c.metaRangeId);
  int(h, c.creationDate);
  const keys = Object.keys(c.metadata).sort();
  count(h, MAP, keys.length);
  for (const k of keys) {
    str(h, k);
    str(h, c.metadata[k] as string);
  }
  count(h, LIST, c.parents.length);
  for (const p of c.parents) str(h, p);
  return h.digest('hex');
}
