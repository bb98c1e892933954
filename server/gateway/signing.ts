// What every AWS signature form shares: the request as a signature sees it, who it proved to be and how its body is
// signed, the clock rule (15 minutes either way, as S3 and lakeFS allow), constant-time comparison, and the refusals
// S3 clients expect. Each form (sigv4.ts, sigv2.ts) builds its string to sign on these.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Principal } from '../auth/service';
import { accessDenied, S3Error } from './s3-errors';

/** A request as its signature sees it. */
export interface SigningInput {
  method: string;
  /** The path exactly as sent (still percent-encoded). */
  rawPath: string;
  /** The query's pairs, decoded, in the order sent. */
  query: Array<[string, string]>;
  headers: Headers;
}

export const unsignedPayload = 'UNSIGNED-PAYLOAD';
export const emptySha256 = createHash('sha256').digest('hex');

/** How a request's body is signed, from its `x-amz-content-sha256`. */
export type PayloadSigning =
  | { kind: 'unsigned' }
  | { kind: 'hash'; sha256: string }
  | { kind: 'chunks'; signed: false; trailer: boolean }
  | { kind: 'chunks'; signed: true; trailer: boolean; chain: ChunkChain };

/** What signs each chunk of a signed chunked body: the request's key and scope, and the seed (its own) signature. */
export interface ChunkChain {
  signingKey: Buffer;
  amzDate: string;
  scope: string;
  seedSignature: string;
}

/** Who the request proved to be, and how its body is to be checked. */
export interface VerifiedRequest {
  principal: Principal;
  payload: PayloadSigning;
}

/**
 * The body's signing as `x-amz-content-sha256` announces it. Without `chain` (a caller known by other means than
 * the signature) signed chunks are still unframed, but their signatures are not checked: nothing here can.
 */
export function payloadSigning(contentSha256: string | undefined, chain?: ChunkChain): PayloadSigning {
  switch (contentSha256) {
    case undefined:
    case unsignedPayload:
      return { kind: 'unsigned' };
    case 'STREAMING-UNSIGNED-PAYLOAD-TRAILER':
      return { kind: 'chunks', signed: false, trailer: true };
    case 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD':
      return chain ? { kind: 'chunks', signed: true, trailer: false, chain } : { kind: 'chunks', signed: false, trailer: false };
    case 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER':
      return chain ? { kind: 'chunks', signed: true, trailer: true, chain } : { kind: 'chunks', signed: false, trailer: true };
    default:
      if (!/^[0-9a-f]{64}$/.test(contentSha256)) {
        throw new S3Error('InvalidArgument', `x-amz-content-sha256 must be a SHA-256 hash or a known payload signing, not '${contentSha256}'`);
      }
      return { kind: 'hash', sha256: contentSha256 };
  }
}

/**
 * How the body is signed when no Signature Version 4 key chains its chunks (Signature V2, or a caller known by its
 * session): the hash it announces is still checked.
 */
export function announcedPayload(input: SigningInput): PayloadSigning {
  const announced = input.headers.get('x-amz-content-sha256') ?? input.query.find(([name]) => name === 'X-Amz-Content-Sha256')?.[1];
  return payloadSigning(announced);
}

/** How far a request's signing time may be from ours, as S3 allows. */
export const maxSkewMillis = 15 * 60 * 1000;

/** A request signed too far from now, either way. */
export function checkSkew(signedAt: number, sent: string, now: number): void {
  if (Math.abs(now - signedAt) <= maxSkewMillis) return;
  throw new S3Error('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.', {
    RequestTime: sent,
    ServerTime: new Date(now).toISOString(),
    MaxAllowedSkewMilliseconds: String(maxSkewMillis),
  });
}

/** `20130524T000000Z`, the basic ISO 8601 form AWS signs with, in unix milliseconds. */
export function parseAmzDate(value: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** RFC 3986 encoding as AWS signs it: everything but unreserved characters, `/` kept where asked. */
export function awsEncode(text: string, keepSlash = false): string {
  const encoded = encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

/**
 * The paths a client may have signed: the path as sent (S3 clients sign their encoded path as is), and the same
 * path encoded the way AWS encodes, for clients that send some characters unencoded.
 */
export function canonicalPaths(rawPath: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return [rawPath];
  }
  const encoded = awsEncode(decoded, true);
  return encoded === rawPath ? [rawPath] : [rawPath, encoded];
}

export const hmacHex = (key: Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest('hex');

/** Signatures compared in constant time. */
export function sameSignature(expected: string | Buffer, given: string | Buffer): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const signatureMismatch = () =>
  new S3Error('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');

/** lakeFS answers an access key it does not know with AccessDenied (not S3's InvalidAccessKeyId). */
export const unknownAccessKey = () => accessDenied('The AWS Access Key Id you provided does not exist in our records.');
