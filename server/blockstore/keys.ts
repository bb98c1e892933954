// What every block store checks of namespaces and keys, and the keys Tarn gives new object data.
import { randomHex } from './random-hex';

/**
 * The segments of a relative path, refused when one is empty, `.` or `..`, or the path holds a NUL or a backslash:
 * a key must name one place, the same on a file system and behind an S3 endpoint that normalises paths.
 */
export function checkSegments(value: string, what: string, makeError: (m: string) => Error, maxSegmentBytes = Infinity): string[] {
  if (value.includes('\0')) throw makeError(`${what} contains a NUL character`);
  if (value.includes('\\')) throw makeError(`${what} contains a backslash`);
  if (value.startsWith('/')) throw makeError(`${what} must be relative`);
  const segments = value.split('/');
  for (const s of segments) {
    if (s === '' || s === '.' || s === '..') throw makeError(`${what} has an empty, '.' or '..' segment`);
    if (Buffer.byteLength(s) > maxSegmentBytes) throw makeError(`${what} has a path segment longer than ${maxSegmentBytes} bytes`);
  }
  return segments;
}

/** A fresh key for new object data, never derived from a user's path: `data/<partition>/<id>`. */
export function newDataKey(): string {
  // Partitions rotate hourly so no folder (or listing prefix) grows without bound.
  const partition = Math.floor(Date.now() / 3_600_000).toString(36);
  return `data/${partition}/${Date.now().toString(36)}${randomHex(10)}`;
}

/** `<namespace>/<key>`, whether or not the namespace ends with a slash. */
export function joinAddress(namespace: string, key: string): string {
  return `${namespace.replace(/\/+$/, '')}/${key}`;
}
