import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TarnError } from '../../server/errors';
import { multipartBoundary, readFilePart } from '../../server/http/multipart';

async function* chunked(bytes: Buffer, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  let i = 0;
  while (at < bytes.length) {
    const size = Math.max(1, sizes[i++ % Math.max(1, sizes.length)] ?? bytes.length);
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const p of source) parts.push(p);
  return Buffer.concat(parts);
}

function form(boundary: string, parts: Array<{ name: string; type?: string; filename?: string; body: Buffer }>, preamble = ''): Buffer {
  const pieces: Buffer[] = [Buffer.from(preamble)];
  for (const p of parts) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n` +
          (p.type ? `Content-Type: ${p.type}\r\n` : '') +
          '\r\n',
      ),
      p.body,
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

describe('multipart reader', () => {
  it('finds the boundary in a Content-Type', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; boundary="a b"; charset=x')).toBe('a b');
    expect(multipartBoundary('multipart/form-data')).toBeUndefined();
  });

  it('returns the content part exactly, however the bytes are chunked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 3000 }),
        fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        async (content, sizes, withOtherPart) => {
          const boundary = '----TarnBoundary7MA4YWxk';
          // Content that nearly contains the delimiter must survive intact.
          // (The near-delimiter ends in a character the boundary does not, so whatever follows cannot complete it.)
          const tricky = Buffer.concat([Buffer.from(content), Buffer.from(`\r\n--${boundary.slice(0, -1)}#`), Buffer.from(content)]);
          const body = form(
            boundary,
            [
              ...(withOtherPart ? [{ name: 'note', body: Buffer.from('hello') }] : []),
              { name: 'content', type: 'image/png', filename: 'x.png', body: tricky },
            ],
            'preamble to ignore\r\n',
          );
          const { part, finish } = await readFilePart(chunked(body, sizes), boundary, 'content');
          expect(part.contentType).toBe('image/png');
          expect(part.filename).toBe('x.png');
          expect((await collect(part.body)).equals(tricky)).toBe(true);
          await finish();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('finishes when the part fills its buffer in the same write that brings the closing boundary', async () => {
    // The part's buffer holds 16 KiB: a larger part pushed whole makes the parser wait for its reader, and the
    // closing boundary in that same write must still let the body be read to its end.
    const boundary = 'bigBoundary';
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 16 * 1024, max: 256 * 1024 }),
        fc.array(fc.integer({ min: 1024, max: 300 * 1024 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (size, sizes, epilogue) => {
          const content = Buffer.alloc(size, 7);
          const body = Buffer.concat([form(boundary, [{ name: 'content', body: content }]), Buffer.from(epilogue ? 'epilogue to ignore' : '')]);
          const { part, finish } = await readFilePart(chunked(body, sizes), boundary, 'content');
          expect((await collect(part.body)).equals(content)).toBe(true);
          await finish();
        },
      ),
      { numRuns: 50 },
    );
  });

  it('keeps a part Content-Type as sent, and application/octet-stream when there is none', async () => {
    const boundary = 'typeBoundary';
    for (const [type, expected] of [
      ['text/CSV; charset=utf-8', 'text/CSV; charset=utf-8'],
      [undefined, 'application/octet-stream'],
    ] as const) {
      const body = form(boundary, [{ name: 'content', ...(type ? { type } : {}), body: Buffer.from('a,b') }]);
      const { part, finish } = await readFilePart(chunked(body, [3]), boundary, 'content');
      expect(part.contentType).toBe(expected);
      expect((await collect(part.body)).toString()).toBe('a,b');
      await finish();
    }
  });

  it('lets a caller that never reads the part finish a body that was cut short', async () => {
    const boundary = 'b0undary';
    const whole = form(boundary, [{ name: 'content', body: Buffer.from('complete data') }]);
    const { finish } = await readFilePart(chunked(whole.subarray(0, whole.length - 20), [6]), boundary, 'content');
    await expect(finish()).resolves.toBeUndefined();
  });

  it('fails when the body ends before the closing boundary or has no such part', async () => {
    const boundary = 'b0undary';
    const whole = form(boundary, [{ name: 'content', body: Buffer.from('complete data') }]);
    const truncated = whole.subarray(0, whole.lastIndexOf('data') + 2);
    const { part } = await readFilePart(chunked(truncated, [5]), boundary, 'content');
    await expect(collect(part.body)).rejects.toBeInstanceOf(TarnError);
    const other = form(boundary, [{ name: 'file', body: Buffer.from('x') }]);
    await expect(readFilePart(chunked(other, [7]), boundary, 'content')).rejects.toThrow(/no "content" part/);
    await expect(readFilePart(chunked(Buffer.from('no boundary at all'), [4]), boundary, 'content')).rejects.toThrow(/multipart/);
  });
});
