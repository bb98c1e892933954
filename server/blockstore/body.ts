// Object bodies on their way in: any accepted body as a stream, measured (size and hex MD5) as it passes.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { PutBody, PutResult } from './block-store';

export function toReadable(body: PutBody): Readable {
  if (body instanceof Readable) return body;
  if (body instanceof Uint8Array) return Readable.from([body]);
  return Readable.from(body);
}

/** What a whole body in memory measures. */
export function measureBytes(body: Uint8Array): PutResult {
  return { size: body.byteLength, checksum: createHash('md5').update(body).digest('hex') };
}

/**
 * The body as a stream that measures what flows through it; `result()` is complete once the stream has ended.
 * A failure of the source fails the stream, so a partial body is never taken for a whole one.
 */
export function measuredStream(body: PutBody): { stream: Readable; result(): PutResult } {
  const md5 = createHash('md5');
  let size = 0;
  const source = toReadable(body);
  async function* measure(): AsyncGenerator<Uint8Array> {
    for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      md5.update(bytes);
      size += bytes.byteLength;
      yield bytes;
    }
  }
  return { stream: Readable.from(measure(), { objectMode: false }), result: () => ({ size, checksum: md5.digest('hex') }) };
}
