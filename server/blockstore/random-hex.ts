// Random hexadecimal names (object data keys, temporary files) from a pool of random bytes refilled 4 KiB at a time,
// as Node pools the bytes of randomUUID: a call of randomBytes costs a system call of its own (2 µs on an idle
// machine here, several times that under load), and every object written takes two names.
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let used = pool.length;

/** `bytes` random bytes as hexadecimal, never handed out twice. */
export function randomHex(bytes: number): string {
  if (bytes > pool.length) throw new RangeError(`at most ${pool.length} random bytes at a time`);
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const hex = pool.toString('hex', used, used + bytes);
  used += bytes;
  return hex;
}
