// Request bodies as their signature and headers promise them, checked while they stream through (never held
// whole): a signed SHA-256, signed or unsigned aws-chunked encoding (with trailing checksums), Content-MD5 and
// the x-amz-checksum-* values S3 clients send. A body that breaks a promise fails at its end, so the block store's
// write (atomic) leaves nothing behind and nothing is staged.
import { createHash, type Hash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { S3Error } from './s3-errors';
import { emptySha256, hmacHex, sameSignature, type PayloadSigning } from './signing';

type Chunked = Extract<PayloadSigning, { kind: 'chunks' }>;

const maxLineBytes = 4096;
const crlf = Buffer.from('\r\n');

const incomplete = () => new S3Error('IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header');
const badChunk = (what: string) => new S3Error('InvalidRequest', `the aws-chunked body is malformed: ${what}`);
const chunkSignatureMismatch = () =>
  new S3Error('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');

/** Reads lines and counted runs of bytes from a stream of chunks. */
class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly source: AsyncIterator<Uint8Array>;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.source = source[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }

  /** The next line, without its CRLF. */
  async line(): Promise<string> {
    for (;;) {
      const end = this.buffer.indexOf(crlf);
      if (end >= 0) {
        const line = this.buffer.subarray(0, end).toString('latin1');
        this.buffer = this.buffer.subarray(end + 2);
        return line;
      }
      if (this.buffer.length > maxLineBytes) throw badChunk('a line is too long');
      if (!(await this.fill())) throw incomplete();
    }
  }

  /** Exactly `count` bytes, as they arrive. */
  async *take(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (this.buffer.length === 0 && !(await this.fill())) throw incomplete();
      const piece = this.buffer.subarray(0, Math.min(left, this.buffer.length));
      this.buffer = this.buffer.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }

  async atEnd(): Promise<boolean> {
    while (this.buffer.length === 0) if (!(await this.fill())) return true;
    return false;
  }
}

/** The content of an aws-chunked body, each chunk's signature checked in turn; trailing headers go to `trailers`. */
async function* dechunk(source: AsyncIterable<Uint8Array>, payload: Chunked, trailers: Map<string, string>): AsyncGenerator<Buffer> {
  const reader = new ByteReader(source);
  const chain = payload.signed ? payload.chain : undefined;
  let previous = chain?.seedSignature ?? '';
  const verify = (kind: 'PAYLOAD' | 'TRAILER', hashes: string[], given: string | undefined) => {
    if (!chain) return;
    const stringToSign = [`AWS4-HMAC-SHA256-${kind}`, chain.amzDate, chain.scope, previous, ...hashes].join('\n');
    const expected = hmacHex(chain.signingKey, stringToSign);
    if (given === undefined || !sameSignature(expected, given)) throw chunkSignatureMismatch();
    previous = expected;
  };
  for (;;) {
    const [sizeText = '', ...extensions] = (await reader.line()).split(';');
    if (!/^[0-9a-fA-F]{1,16}$/.test(sizeText.trim())) throw badChunk(`'${sizeText}' is not a chunk size`);
    const size = parseInt(sizeText, 16);
    const signature = extensions.map((e) => e.trim()).find((e) => e.startsWith('chunk-signature='))?.slice('chunk-signature='.length);
    const hash = chain ? createHash('sha256') : undefined;
    for await (const piece of reader.take(size)) {
      hash?.update(piece);
      yield piece;
    }
    verify('PAYLOAD', [emptySha256, hash?.digest('hex') ?? ''], signature);
    if (size === 0) break;
    if ((await reader.line()) !== '') throw badChunk('a chunk is longer than its size');
  }
  const lines: string[] = [];
  for (let line = await reader.line(); line !== ''; line = await reader.line()) lines.push(line);
  let trailerSignature: string | undefined;
  const signedTrailer: string[] = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw badChunk(`'${line}' is not a trailing header`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'x-amz-trailer-signature') trailerSignature = value;
    else {
      trailers.set(name, value);
      signedTrailer.push(`${name}:${value}\n`);
    }
  }
  if (payload.trailer) verify('TRAILER', [createHash('sha256').update(signedTrailer.join('')).digest('hex')], trailerSignature);
  else if (lines.length > 0) throw badChunk('trailing headers were not announced');
  if (!(await reader.atEnd())) throw badChunk('bytes follow the last chunk');
}

/** A check of the whole content, made once it has all passed. */
interface ContentCheck {
  update(chunk: Uint8Array): void;
  verify(trailers: Map<string, string>): void;
}

function hashCheck(algorithm: string, encoding: 'hex' | 'base64', expected: (trailers: Map<string, string>) => string | undefined, fail: () => S3Error): ContentCheck {
  const hash: Hash = createHash(algorithm);
  return {
    update: (chunk) => hash.update(chunk),
    verify(trailers) {
      if (hash.digest(encoding) !== expected(trailers)) throw fail();
    },
  };
}

function crc32Check(expected: (trailers: Map<string, string>) => string | undefined): ContentCheck {
  let value = 0;
  return {
    update: (chunk) => {
      value = crc32(chunk, value);
    },
    verify(trailers) {
      const digest = Buffer.alloc(4);
      digest.writeUInt32BE(value >>> 0);
      if (digest.toString('base64') !== expected(trailers)) throw badDigest('x-amz-checksum-crc32');
    },
  };
}

const badDigest = (what: string) => new S3Error('BadDigest', `The ${what} you specified did not match what we received.`);

/** The checksums verified besides CRC32, by header; others (crc32c, crc64nvme) are accepted unverified. */
const checksumHashes: Array<[header: string, algorithm: string]> = [
  ['x-amz-checksum-sha1', 'sha1'],
  ['x-amz-checksum-sha256', 'sha256'],
];

function contentChecks(payload: PayloadSigning, headers: Headers): ContentCheck[] {
  const checks: ContentCheck[] = [];
  if (payload.kind === 'hash') {
    checks.push(
      hashCheck('sha256', 'hex', () => payload.sha256, () =>
        new S3Error('XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed."),
      ),
    );
  }
  const contentMd5 = headers.get('content-md5');
  if (contentMd5 !== null) {
    if (Buffer.from(contentMd5, 'base64').length !== 16) throw new S3Error('InvalidDigest', 'The Content-MD5 you specified was invalid.');
    checks.push(hashCheck('md5', 'base64', () => contentMd5, () => badDigest('Content-MD5')));
  }
  const announced = new Set((headers.get('x-amz-trailer') ?? '').split(',').map((n) => n.trim().toLowerCase()));
  const valueOf = (name: string) => (trailers: Map<string, string>) => headers.get(name) ?? trailers.get(name);
  const sent = (name: string) => headers.has(name) || announced.has(name);
  if (sent('x-amz-checksum-crc32')) checks.push(crc32Check(valueOf('x-amz-checksum-crc32')));
  for (const [name, algorithm] of checksumHashes) {
    if (sent(name)) checks.push(hashCheck(algorithm, 'base64', valueOf(name), () => badDigest(name)));
  }
  return checks;
}

/**
 * The request's content as it streams in, checked against every promise made about it; the last chunk is handed on
 * only once the checks passed, so a consumer that stores what it gets never completes a broken body.
 */
export async function* checkedBody(source: AsyncIterable<Uint8Array>, payload: PayloadSigning, headers: Headers): AsyncGenerator<Uint8Array> {
  const checks = contentChecks(payload, headers);
  const trailers = new Map<string, string>();
  const content = payload.kind === 'chunks' ? dechunk(source, payload, trailers) : source;
  const declared = payload.kind === 'chunks' ? headers.get('x-amz-decoded-content-length') : null;
  let size = 0;
  let held: Uint8Array | undefined;
  for await (const chunk of content) {
    if (chunk.byteLength === 0) continue;
    for (const check of checks) check.update(chunk);
    size += chunk.byteLength;
    if (held) yield held;
    held = chunk;
  }
  if (declared !== null && Number(declared) !== size) throw incomplete();
  for (const check of checks) check.verify(trailers);
  if (held) yield held;
}

/** A small body (an XML request) in memory, checked the same way; larger than `limit` is refused. */
export async function readSmallBody(source: AsyncIterable<Uint8Array>, payload: PayloadSigning, headers: Headers, limit: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of checkedBody(source, payload, headers)) {
    size += chunk.byteLength;
    if (size > limit) throw new S3Error('InvalidRequest', `the request body is larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
