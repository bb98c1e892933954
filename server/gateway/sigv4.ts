// AWS Signature Version 4, as S3 clients sign: in the Authorization header or in a presigned address's query.
// The signature is recomputed from the canonical request with the key's signing key (server/auth derives it, the
// secret stays there) and compared in constant time. The body's own signing (a hash, UNSIGNED-PAYLOAD, or signed
// chunks) is checked as the body streams in (payload.ts).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AuthService, Principal } from '../auth/service';
import { accessDenied, S3Error } from './s3-errors';

export const algorithm = 'AWS4-HMAC-SHA256';
/** How far a header-signed request's time may be from ours, as S3 allows. */
const maxSkewMillis = 15 * 60 * 1000;
/** The longest a presigned address may be valid: 7 days. */
const maxExpiresSeconds = 7 * 24 * 3600;

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

export interface VerifiedRequest {
  principal: Principal;
  payload: PayloadSigning;
}

/** A request as the signature sees it. */
export interface SigningInput {
  method: string;
  /** The path exactly as sent (still percent-encoded). */
  rawPath: string;
  /** The query's pairs, decoded, in the order sent. */
  query: Array<[string, string]>;
  headers: Headers;
}

interface Credential {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

interface SignatureClaim {
  credential: Credential;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  payloadHash: string;
  presigned: boolean;
}

const amzDatePattern = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

function parseAmzDate(value: string): number | undefined {
  const m = amzDatePattern.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

function parseCredential(value: string, malformed: (m: string) => S3Error): Credential {
  const parts = value.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request') throw malformed(`the credential '${value}' is not well-formed`);
  const [accessKeyId, date, region, service] = parts as [string, string, string, string];
  if (!/^\d{8}$/.test(date)) throw malformed(`the credential's date '${date}' is not well-formed`);
  if (service !== 's3') throw malformed(`the credential's service is '${service}', expected 's3'`);
  return { accessKeyId, date, region, service };
}

function headerClaim(header: string, headers: Headers): SignatureClaim {
  const malformed = (m: string) => new S3Error('AuthorizationHeaderMalformed', `The authorization header is malformed; ${m}`);
  const fields = new Map<string, string>();
  for (const part of header.slice(algorithm.length).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!credential || !signedHeaders || !signature) throw malformed('it needs Credential, SignedHeaders and Signature');
  const amzDate = headers.get('x-amz-date');
  if (!amzDate) throw new S3Error('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  const payloadHash = headers.get('x-amz-content-sha256');
  if (!payloadHash) throw new S3Error('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  return {
    credential: parseCredential(credential, malformed),
    signedHeaders: signedHeaders.split(';'),
    signature,
    amzDate,
    payloadHash,
    presigned: false,
  };
}

function queryClaim(query: Map<string, string>): SignatureClaim {
  const malformed = (m: string) => new S3Error('AuthorizationQueryParametersError', m);
  const credential = query.get('X-Amz-Credential');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  const signature = query.get('X-Amz-Signature');
  const amzDate = query.get('X-Amz-Date');
  if (!credential || !signedHeaders || !signature || !amzDate || !query.has('X-Amz-Expires')) {
    throw malformed('Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.');
  }
  return {
    credential: parseCredential(credential, malformed),
    signedHeaders: signedHeaders.split(';'),
    signature,
    amzDate,
    payloadHash: query.get('X-Amz-Content-Sha256') ?? unsignedPayload,
    presigned: true,
  };
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, `/` kept where asked. */
export function awsEncode(text: string, keepSlash = false): string {
  const encoded = encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

function canonicalQuery(query: Array<[string, string]>, presigned: boolean): string {
  return query
    .filter(([name]) => !(presigned && name === 'X-Amz-Signature'))
    .map(([name, value]) => [awsEncode(name), awsEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function canonicalHeaders(headers: Headers, names: string[]): string {
  return names
    .map((name) => `${name}:${(headers.get(name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
}

/**
 * The paths a client may have signed: the path as sent (S3 clients sign their encoded path as is), and the same
 * path encoded the way SigV4 encodes, for clients that send some characters unencoded.
 */
function canonicalPaths(rawPath: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return [rawPath];
  }
  const encoded = awsEncode(decoded, true);
  return encoded === rawPath ? [rawPath] : [rawPath, encoded];
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
export const hmacHex = (key: Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest('hex');

export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function payloadSigning(claim: SignatureClaim, chain: ChunkChain): PayloadSigning {
  switch (claim.payloadHash) {
    case unsignedPayload:
      return { kind: 'unsigned' };
    case 'STREAMING-UNSIGNED-PAYLOAD-TRAILER':
      return { kind: 'chunks', signed: false, trailer: true };
    case 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD':
      return { kind: 'chunks', signed: true, trailer: false, chain };
    case 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER':
      return { kind: 'chunks', signed: true, trailer: true, chain };
    default:
      if (!/^[0-9a-f]{64}$/.test(claim.payloadHash)) {
        throw new S3Error('InvalidArgument', `x-amz-content-sha256 must be a SHA-256 hash or a known payload signing, not '${claim.payloadHash}'`);
      }
      return { kind: 'hash', sha256: claim.payloadHash };
  }
}

/** When the request was signed must be near now; a presigned address must be within its validity. */
function checkTime(claim: SignatureClaim, query: Map<string, string>, now: number): void {
  const signedAt = parseAmzDate(claim.amzDate);
  if (signedAt === undefined) throw accessDenied(`X-Amz-Date '${claim.amzDate}' is not in the ISO 8601 basic format`);
  if (claim.credential.date !== claim.amzDate.slice(0, 8)) {
    throw new S3Error('SignatureDoesNotMatch', "the credential's date is not the request's date");
  }
  if (!claim.presigned) {
    if (Math.abs(now - signedAt) > maxSkewMillis) {
      throw new S3Error('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.', {
        RequestTime: claim.amzDate,
        ServerTime: new Date(now).toISOString(),
        MaxAllowedSkewMilliseconds: String(maxSkewMillis),
      });
    }
    return;
  }
  const expires = Number(query.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > maxExpiresSeconds) {
    throw new S3Error('AuthorizationQueryParametersError', `X-Amz-Expires must be a number of seconds from 1 to ${maxExpiresSeconds}`);
  }
  if (signedAt - now > maxSkewMillis) throw accessDenied('Request is not valid yet');
  if (signedAt + expires * 1000 < now) throw accessDenied('Request has expired');
}

/**
 * Whether the request is signed as S3 clients sign: SigV4 in the header or the query, or the older SigV2 header
 * (which is then refused with S3's error, not mistaken for an API call).
 */
export function isS3Signed(authorization: string | null, url: string): boolean {
  if (authorization !== null) return authorization.startsWith(`${algorithm} `) || authorization.startsWith('AWS ');
  // Most requests are not S3's: the address is parsed only when it may hold a presigned query.
  return url.includes('X-Amz-Algorithm=') && new URL(url).searchParams.get('X-Amz-Algorithm') === algorithm;
}

/** Checks the request's signature; the caller's principal and how its body is signed, or an S3Error. */
export async function verifyRequest(auth: AuthService, input: SigningInput, now: number): Promise<VerifiedRequest> {
  const query = new Map(input.query);
  const authorization = input.headers.get('authorization');
  let claim: SignatureClaim;
  if (authorization?.startsWith(`${algorithm} `)) claim = headerClaim(authorization, input.headers);
  else if (query.get('X-Amz-Algorithm') === algorithm) claim = queryClaim(query);
  else throw accessDenied('Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is supported');
  if (!claim.signedHeaders.includes('host')) throw accessDenied('the host header must be signed');
  checkTime(claim, query, now);
  const { credential } = claim;
  const key = await auth.sigV4Key(credential.accessKeyId, credential);
  if (!key) throw new S3Error('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const scope = `${credential.date}/${credential.region}/${credential.service}/aws4_request`;
  const rest = [
    canonicalQuery(input.query, claim.presigned),
    canonicalHeaders(input.headers, claim.signedHeaders),
    claim.signedHeaders.join(';'),
    claim.payloadHash,
  ].join('\n');
  const matches = canonicalPaths(input.rawPath).some((path) => {
    const canonicalRequest = `${input.method}\n${path}\n${rest}`;
    const stringToSign = `${algorithm}\n${claim.amzDate}\n${scope}\n${sha256Hex(canonicalRequest)}`;
    return sameSignature(hmacHex(key.signingKey, stringToSign), claim.signature);
  });
  if (!matches) {
    throw new S3Error('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
  }
  const chain = { signingKey: key.signingKey, amzDate: claim.amzDate, scope, seedSignature: claim.signature };
  return { principal: key.principal, payload: payloadSigning(claim, chain) };
}
