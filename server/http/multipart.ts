// A streaming multipart/form-data reader: finds the file part by field name and hands out its bytes as they
// arrive, so a large upload never sits in memory. A body that ends before the part's closing boundary fails,
// so a truncated upload is never stored as if complete.
import { badRequest } from '../errors';

export interface FilePart {
  contentType: string;
  filename?: string;
  body: AsyncIterable<Uint8Array>;
}

const maxHeaderBytes = 16 * 1024;
const headerEnd = Buffer.from('\r\n\r\n');

export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 200 ? boundary : undefined;
}

class Reader {
  // Starts with CRLF so the first delimiter looks like every other one.
  private buffer = Buffer.from('\r\n');
  private readonly source: AsyncIterator<Uint8Array>;
  private ended = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.source = source[Symbol.asyncIterator]();
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buffer = this.buffer.length === 0 ? Buffer.from(next.value) : Buffer.concat([this.buffer, next.value]);
    return true;
  }

  /** Yields bytes up to `delimiter` and consumes it. */
  async *until(delimiter: Buffer, what: string): AsyncGenerator<Uint8Array> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) yield this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + delimiter.length);
        return;
      }
      const safe = this.buffer.length - (delimiter.length - 1);
      if (safe > 0) {
        yield this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
      }
      if (!(await this.pull())) throw badRequest(`invalid multipart body: it ended before the ${what}`);
    }
  }

  async bytesUntil(delimiter: Buffer, what: string, limit: number): Promise<Buffer> {
    const parts: Uint8Array[] = [];
    let size = 0;
    for await (const part of this.until(delimiter, what)) {
      size += part.length;
      if (size > limit) throw badRequest(`invalid multipart body: ${what} is too long`);
      parts.push(part);
    }
    return Buffer.concat(parts);
  }

  async take(n: number): Promise<Buffer> {
    while (this.buffer.length < n) {
      if (!(await this.pull())) throw badRequest('invalid multipart body: it ended early');
    }
    const head = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return head;
  }

  async drain(): Promise<void> {
    this.buffer = Buffer.alloc(0);
    while (await this.pull()) this.buffer = Buffer.alloc(0);
  }
}

function parseHeaders(raw: string): { name?: string; filename?: string; contentType: string } {
  let name: string | undefined;
  let filename: string | undefined;
  let contentType = 'application/octet-stream';
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') {
      name = /;\s*name="([^"]*)"/i.exec(value)?.[1] ?? /;\s*name=([^;\s]+)/i.exec(value)?.[1];
      filename = /;\s*filename="([^"]*)"/i.exec(value)?.[1];
    } else if (key === 'content-type' && value !== '') contentType = value;
  }
  return { ...(name !== undefined ? { name } : {}), ...(filename !== undefined ? { filename } : {}), contentType };
}

/**
 * Finds the part called `field`. Its `body` must be read to the end before `finish()` is called, which reads
 * (and discards) whatever follows.
 */
export async function readFilePart(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  field: string,
): Promise<{ part: FilePart; finish: () => Promise<void> }> {
  const reader = new Reader(source);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The preamble before the first boundary is ignored.
  for await (const _ of reader.until(delimiter, 'first boundary'));
  for (;;) {
    const after = (await reader.take(2)).toString('latin1');
    if (after === '--') throw badRequest(`invalid multipart body: no "${field}" part`);
    if (after !== '\r\n') throw badRequest('invalid multipart body: malformed boundary line');
    const headers = parseHeaders((await reader.bytesUntil(headerEnd, 'part headers', maxHeaderBytes)).toString('utf8'));
    if (headers.name === field) {
      return {
        part: {
          contentType: headers.contentType,
          ...(headers.filename !== undefined ? { filename: headers.filename } : {}),
          body: reader.until(delimiter, 'closing boundary'),
        },
        finish: () => reader.drain(),
      };
    }
    for await (const _ of reader.until(delimiter, 'closing boundary'));
  }
}
