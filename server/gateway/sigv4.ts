// AWS Signature Version 4, as S3 clients sign: in the Authorization header or in a presigned address's query.
// The signature is recomputed from the canonical request with the key's signing key (server/auth derives it, the
// secret stays there) and compared in constant time. The body's own signing (a hash, UNSIGNED-PAYLOAD, or signed
// chunks) is checked as the body streams in (payload.ts).
import { createHash } from 'node:crypto';
import type { AuthService } from '../auth/service';
import { accessDenied, S3Error } from './s3-errors';
import {
  awsEncode,
  canonicalPaths,
  checkSkew,
  hmacHex,
  maxSkewMillis,
  parseAmzDate,
  payloadSigning,
  sameSignature,
  signatureMismatch,
  unknownAccessKey,
  unsignedPayload,
  type SigningInput,
  type VerifiedRequest,
} from './signing';

export const algorithm = 'AWS4-HMAC-SHA256';
/** The longest a presigned address may be valid: 7 days. */
const maxExpiresSeconds = 7 * 24 * 3600;

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
  if (query.get('X-Amz-Algorithm') !== algorithm) throw malformed(`X-Amz-Algorithm only supports "${algorithm}".`);
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

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** When the request was signed must be near now; a presigned address must be within its validity. */
function checkTime(claim: SignatureClaim, query: Map<string, string>, now: number): void {
  const signedAt = parseAmzDate(claim.amzDate);
  if (signedAt === undefined) throw accessDenied(`X-Amz-Date '${claim.amzDate}' is not in the ISO 8601 basic format`);
  if (claim.credential.date !== claim.amzDate.slice(0, 8)) {
    throw new S3Error('SignatureDoesNotMatch', "the credential's date is not the request's date");
  }
  if (!claim.presigned) {
    checkSkew(signedAt, claim.amzDate, now);
    return;
  }
  const expires = Number(query.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > maxExpiresSeconds) {
    throw new S3Error('AuthorizationQueryParametersError', `X-Amz-Expires must be a number of seconds from 1 to ${maxExpiresSeconds}`);
  }
  if (signedAt - now > maxSkewMillis) throw accessDenied('Request is not valid yet');
  if (signedAt + expires * 1000 < now) throw accessDenied('Request has expired');
}

/** Whether the request carries (or attempts) a Signature Version 4: in its Authorization header or its query. */
export function isSigV4(authorization: string | null, query: { has(name: string): boolean }): boolean {
  if (authorization?.startsWith('AWS4-')) return true;
  return query.has('X-Amz-Algorithm') || query.has('X-Amz-Credential') || query.has('X-Amz-Signature');
}

/** Checks a Signature Version 4 (header or query); the caller's principal and how its body is signed, or an S3Error. */
export async function verifySigV4(auth: AuthService, input: SigningInput, now: number): Promise<VerifiedRequest> {
  const query = new Map(input.query);
  const authorization = input.headers.get('authorization');
  let claim: SignatureClaim;
  if (!authorization?.startsWith('AWS4-')) claim = queryClaim(query);
  else if (authorization.startsWith(`${algorithm} `)) claim = headerClaim(authorization, input.headers);
  else throw new S3Error('InvalidRequest', `The authorization mechanism you have provided is not supported. Please use ${algorithm}.`);
  if (!claim.signedHeaders.includes('host')) throw accessDenied('the host header must be signed');
  checkTime(claim, query, now);
  const { credential } = claim;
  const key = await auth.sigV4Key(credential.accessKeyId, credential);
  if (!key) throw unknownAccessKey();
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
  if (!matches) throw signatureMismatch();
  const chain = { signingKey: key.signingKey, amzDate: claim.amzDate, scope, seedSignature: claim.signature };
  return { principal: key.principal, payload: payloadSigning(claim.payloadHash, chain) };
}
