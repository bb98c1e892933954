// A small SigV4 signer for requests the SDK does not make: bodies in signed aws-chunked encoding (as the AWS
// documentation describes STREAMING-AWS4-HMAC-SHA256-PAYLOAD), and deliberately broken ones.
import { createHash, createHmac } from 'node:crypto';

export interface Key {
  accessKeyId: string;
  secret: string;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

function signingKey(secret: string, date: string): Buffer {
  return ['us-east-1', 's3', 'aws4_request'].reduce((key, part) => hmac(key, part), hmac(`AWS4${secret}`, date));
}

const amzDateOf = (when: Date) => when.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The query as SigV4 signs it: names and values encoded, sorted. */
function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&');
}

/** Headers signing a request to `url` whose body the given `x-amz-content-sha256` describes. */
export function signedHeaders(method: string, url: URL, key: Key, payloadHash: string, extra: Record<string, string> = {}, when = new Date()) {
  const amzDate = amzDateOf(when);
  const date = amzDate.slice(0, 8);
  const headers: Record<string, string> = { ...extra, host: url.host, 'x-amz-date': amzDate, 'x-amz-content-sha256': payloadHash };
  const names = Object.keys(headers).sort();
  const canonical = [method, url.pathname, canonicalQuery(url), ...names.map((n) => `${n}:${headers[n]}`), '', names.join(';'), payloadHash].join('\n');
  const scope = `${date}/us-east-1/s3/aws4_request`;
  const k = signingKey(key.secret, date);
  const signature = hmac(k, ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')).toString('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
  return { headers, signature, signingKey: k, amzDate, scope };
}

/**
 * A PUT whose body is sent in signed chunks of `chunkSize`, each chunk's signature chained from the one before;
 * `corrupt` flips a byte of the given chunk after it was signed.
 */
export function chunkedPut(url: URL, key: Key, content: Buffer, chunkSize: number, corrupt?: number): { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> } {
  const seed = signedHeaders('PUT', url, key, 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD', {
    'content-encoding': 'aws-chunked',
    'x-amz-decoded-content-length': String(content.length),
  });
  const pieces: Buffer[] = [];
  let previous = seed.signature;
  const chunks: Buffer[] = [];
  for (let at = 0; at < content.length; at += chunkSize) chunks.push(content.subarray(at, at + chunkSize));
  chunks.push(Buffer.alloc(0));
  chunks.forEach((chunk, i) => {
    const stringToSign = ['AWS4-HMAC-SHA256-PAYLOAD', seed.amzDate, seed.scope, previous, sha256(''), sha256(chunk)].join('\n');
    previous = hmac(seed.signingKey, stringToSign).toString('hex');
    const sent = Buffer.from(chunk);
    if (i === corrupt) sent[0] = (sent[0] ?? 0) ^ 0xff;
    pieces.push(Buffer.from(`${chunk.length.toString(16)};chunk-signature=${previous}\r\n`), sent, Buffer.from('\r\n'));
  });
  return { headers: seed.headers, body: new Uint8Array(Buffer.concat(pieces)) };
}

/** A PUT in unsigned aws-chunked encoding with a CRC32 trailer (what the SDK sends for streams). */
export function unsignedTrailerPut(url: URL, key: Key, content: Buffer, crc32Base64: string): { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> } {
  const { headers } = signedHeaders('PUT', url, key, 'STREAMING-UNSIGNED-PAYLOAD-TRAILER', {
    'content-encoding': 'aws-chunked',
    'x-amz-decoded-content-length': String(content.length),
    'x-amz-trailer': 'x-amz-checksum-crc32',
  });
  const body = Buffer.concat([
    Buffer.from(`${content.length.toString(16)}\r\n`),
    content,
    Buffer.from(`\r\n0\r\nx-amz-checksum-crc32:${crc32Base64}\r\n\r\n`),
  ]);
  return { headers, body: new Uint8Array(body) };
}

/**
 * Signature Version 2 as S3 documents it: HMAC-SHA1 of the method, Content-MD5, Content-Type, the date, the x-amz-*
 * headers and the resource. `resource` is the path with its signed sub-resources (`/lake?uploads`).
 */
export function signV2(key: Key, method: string, resource: string, headers: Record<string, string>, date: string): string {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const amz = Object.keys(lower)
    .filter((name) => name.startsWith('x-amz-'))
    .sort()
    .map((name) => `${name}:${lower[name]}\n`)
    .join('');
  const text = [method, lower['content-md5'] ?? '', lower['content-type'] ?? '', date, `${amz}${resource}`].join('\n');
  return createHmac('sha1', key.secret).update(text).digest('base64');
}

/** Headers of a request signed with Signature Version 2 in its Authorization header, dated `when`. */
export function v2Headers(key: Key, method: string, resource: string, extra: Record<string, string> = {}, when = new Date()) {
  const date = when.toUTCString();
  return { ...extra, date, authorization: `AWS ${key.accessKeyId}:${signV2(key, method, resource, extra, date)}` };
}

/** A Signature Version 2 presigned address of `path` (already encoded), valid until `expires` (unix seconds). */
export function v2Presigned(base: string, key: Key, method: string, path: string, expires: number): string {
  const signature = signV2(key, method, path, {}, String(expires));
  return `${base}${path}?AWSAccessKeyId=${key.accessKeyId}&Expires=${expires}&Signature=${encodeURIComponent(signature)}`;
}

/**
 * The AWS Java SDK's Signature Version 2 in the query, as lakeFS verifies it: HMAC-SHA256 of `POST`, the host, the
 * path and every other query parameter, escaped as Go's url.QueryEscape does and sorted.
 */
export function javaV2Presigned(base: URL, key: Key, path: string, when = new Date()): string {
  const escape = (text: string) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
  const parameters: Record<string, string> = {
    AWSAccessKeyId: key.accessKeyId,
    SignatureMethod: 'HmacSHA256',
    SignatureVersion: '2',
    Timestamp: when.toISOString(),
  };
  const query = Object.keys(parameters)
    .sort()
    .map((name) => `${escape(name)}=${escape(parameters[name] as string)}`)
    .join('&');
  const signature = createHmac('sha256', key.secret).update(`POST\n${base.host}\n${path}\n${query}`).digest('base64');
  return `${base.origin}${path}?${query}&Signature=${escape(signature)}`;
}
