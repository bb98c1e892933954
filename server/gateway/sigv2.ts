// AWS Signature Version 2, which S3 clients still use: boto3's default presigned addresses and its
// signature_version='s3', s3cmd's signature_v2, the aws cli v1. An HMAC-SHA1 under the secret itself of the method,
// Content-MD5, Content-Type, the date (a presigned address's Expires), the x-amz-* headers and the resource (path and
// sub-resources), sent in the Authorization header (`AWS <key>:<signature>`) or in the query (AWSAccessKeyId,
// Signature, Expires). Also the AWS Java SDK's query form (SignatureVersion=2, SignatureMethod=HmacSHA256), signed
// over host, path and every query parameter as lakeFS verifies it. server/auth computes the HMACs; the secret stays
// there.
import type { AuthService } from '../auth/service';
import { accessDenied, S3Error } from './s3-errors';
import {
  announcedPayload,
  awsEncode,
  canonicalPaths,
  checkSkew,
  parseAmzDate,
  sameSignature,
  signatureMismatch,
  unknownAccessKey,
  type SigningInput,
  type VerifiedRequest,
} from './signing';

/** The query parameters that are part of the signed resource (with their values, decoded), as clients sign them. */
const subResources = new Set([
  'accelerate',
  'acl',
  'analytics',
  'cors',
  'defaultObjectAcl',
  'delete',
  'inventory',
  'lifecycle',
  'location',
  'logging',
  'metrics',
  'notification',
  'object-lock',
  'partNumber',
  'policy',
  'replication',
  'requestPayment',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
  'response-content-language',
  'response-content-type',
  'response-expires',
  'restore',
  'select',
  'select-type',
  'storageClass',
  'tagging',
  'torrent',
  'uploadId',
  'uploads',
  'versionId',
  'versioning',
  'versions',
  'website',
]);

const byName = ([a]: readonly [string, string], [b]: readonly [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The resources a client may have signed. S3's: the path, then the sub-resources sorted. botocore's (boto3, the aws
 * cli v1) starts from its operation's address template instead: a bare bucket's path gains a trailing `/`, and a
 * template's own query parameter (`?list-type=2`, `?uploads`, `?delete`) comes before the sub-resources, even when
 * it is one of them.
 */
function canonicalResources(rawPath: string, query: Array<[string, string]>): string[] {
  const signed = query
    .filter(([name]) => subResources.has(name))
    .sort(byName)
    .map(([name, value]) => (value === '' ? name : `${name}=${value}`));
  const subResourcePart = signed.length === 0 ? '' : `?${signed.join('&')}`;
  const resources = canonicalPaths(rawPath).map((path) => `${path}${subResourcePart}`);
  if (/^\/[^/]+$/.test(rawPath)) resources.push(`${rawPath}/${subResourcePart}`);
  const [first] = query;
  if (first) resources.push(`${rawPath}?${first[1] === '' ? first[0] : `${first[0]}=${first[1]}`}${subResourcePart}`);
  return [...new Set(resources)];
}

/** The x-amz-* values, by lower-case name, sorted: `name:value\n` each. */
function canonicalAmzHeaders(values: Map<string, string>): string {
  return [...values]
    .sort(byName)
    .map(([name, value]) => `${name}:${value.trim()}\n`)
    .join('');
}

interface SignedFields {
  contentMd5: string;
  contentType: string;
  /** Each date the client may have signed: the Date header (or, when x-amz-date replaces it, nothing), or Expires. */
  dates: string[];
  amzHeaders: Map<string, string>;
}

function stringsToSign(input: SigningInput, fields: SignedFields): string[] {
  const amz = canonicalAmzHeaders(fields.amzHeaders);
  const resources = canonicalResources(input.rawPath, input.query);
  return fields.dates.flatMap((date) =>
    resources.map((resource) => [input.method, fields.contentMd5, fields.contentType, date, `${amz}${resource}`].join('\n')),
  );
}

function amzHeadersOf(headers: Headers): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, value] of headers) if (name.startsWith('x-amz-')) found.set(name, value);
  return found;
}

/** Whether some HMAC of the key matches the signature sent (base64); the key's principal, or the refusal. */
async function verifyMacs(auth: AuthService, accessKeyId: string, algorithm: 'sha1' | 'sha256', texts: string[], signature: string) {
  const given = Buffer.from(signature, 'base64');
  const found = await auth.sigV2Signatures(accessKeyId, algorithm, texts);
  if (!found) throw unknownAccessKey();
  if (!found.signatures.some((expected) => sameSignature(expected, given))) throw signatureMismatch();
  return found.principal;
}

const missingDate = () => accessDenied('AWS authentication requires a valid Date or x-amz-date header');

/** An HTTP date (`Tue, 27 Mar 2007 19:36:42 +0000`) or AWS's basic ISO form, in unix milliseconds. */
function parseRequestDate(value: string): number | undefined {
  const time = parseAmzDate(value) ?? Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

async function verifyHeader(auth: AuthService, input: SigningInput, authorization: string, now: number): Promise<VerifiedRequest> {
  const match = /^AWS ([^:\s]+):([A-Za-z0-9+/=]+)$/.exec(authorization.trim());
  if (!match) throw new S3Error('InvalidArgument', 'AWS authorization header is invalid. Expected AwsAccessKeyId:signature');
  const [, accessKeyId = '', signature = ''] = match;
  const { headers } = input;
  const amzDate = headers.get('x-amz-date');
  const date = headers.get('date');
  const sent = amzDate ?? date;
  if (sent === null) throw missingDate();
  const signedAt = parseRequestDate(sent);
  if (signedAt === undefined) throw missingDate();
  checkSkew(signedAt, sent, now);
  // S3 signs an empty date when x-amz-date is sent; lakeFS (and some clients) sign the Date header all the same.
  const dates = amzDate === null ? [date ?? ''] : date === null ? [''] : ['', date];
  const texts = stringsToSign(input, {
    contentMd5: headers.get('content-md5') ?? '',
    contentType: headers.get('content-type') ?? '',
    dates,
    amzHeaders: amzHeadersOf(headers),
  });
  const principal = await verifyMacs(auth, accessKeyId, 'sha1', texts, signature);
  return { principal, payload: announcedPayload(input) };
}

/** A presigned address: Expires stands for the date, and what the client signed as headers may travel in the query. */
async function verifyQuery(auth: AuthService, input: SigningInput, query: Map<string, string>, now: number): Promise<VerifiedRequest> {
  const accessKeyId = query.get('AWSAccessKeyId');
  const signature = query.get('Signature');
  const expires = query.get('Expires');
  if (!accessKeyId || !signature || !expires) {
    throw accessDenied('Query-string authentication requires the Signature, Expires and AWSAccessKeyId parameters');
  }
  if (!/^\d{1,12}$/.test(expires)) throw accessDenied(`Invalid date (should be seconds since epoch): ${expires}`);
  if (Number(expires) * 1000 < now) {
    throw new S3Error('AccessDenied', 'Request has expired', {
      Expires: new Date(Number(expires) * 1000).toISOString(),
      ServerTime: new Date(now).toISOString(),
    });
  }
  const { headers } = input;
  const amzHeaders = amzHeadersOf(headers);
  for (const [name, value] of input.query) if (name.toLowerCase().startsWith('x-amz-')) amzHeaders.set(name.toLowerCase(), value);
  const texts = stringsToSign(input, {
    contentMd5: query.get('content-md5') ?? headers.get('content-md5') ?? '',
    contentType: query.get('content-type') ?? headers.get('content-type') ?? '',
    dates: [expires],
    amzHeaders,
  });
  const principal = await verifyMacs(auth, accessKeyId, 'sha1', texts, signature);
  return { principal, payload: announcedPayload(input) };
}

/** Go's query escaping, which lakeFS compares the Java SDK's signature with: a space is `+`. */
const queryEscape = (text: string) => awsEncode(text).replace(/%20/g, '+');

/**
 * The AWS Java SDK's Signature Version 2 in the query: always `POST`, then the host, the path and every query
 * parameter but the signature, HMAC-SHA256.
 */
async function verifyJavaQuery(auth: AuthService, input: SigningInput, query: Map<string, string>, now: number): Promise<VerifiedRequest> {
  const accessKeyId = query.get('AWSAccessKeyId');
  const signature = query.get('Signature');
  if (!accessKeyId || !signature) throw accessDenied('Signature Version 2 requires the AWSAccessKeyId and Signature parameters');
  if (query.get('SignatureVersion') !== '2' || query.get('SignatureMethod') !== 'HmacSHA256') {
    throw accessDenied('Only SignatureVersion 2 with SignatureMethod HmacSHA256 is supported in the query');
  }
  const timestamp = query.get('Timestamp');
  const signedAt = timestamp === undefined ? undefined : parseRequestDate(timestamp);
  if (timestamp === undefined || signedAt === undefined) throw accessDenied('Signature Version 2 requires a valid Timestamp parameter');
  checkSkew(signedAt, timestamp, now);
  const host = (input.headers.get('host') ?? '').toLowerCase();
  const parameters = input.query
    .filter(([name]) => name.toLowerCase() !== 'signature')
    .map(([name, value]) => [queryEscape(name), queryEscape(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const texts = canonicalPaths(input.rawPath || '/').map((path) => `POST\n${host}\n${path}\n${parameters}`);
  const principal = await verifyMacs(auth, accessKeyId, 'sha256', texts, signature);
  return { principal, payload: announcedPayload(input) };
}

/** Whether the request carries a Signature Version 2: `Authorization: AWS ...`, or AWSAccessKeyId in its query. */
export function isSigV2(authorization: string | null, query: { has(name: string): boolean }): boolean {
  return authorization?.startsWith('AWS ') === true || query.has('AWSAccessKeyId');
}

/** Checks a Signature Version 2 (header, presigned query or the Java form); the caller, or an S3Error. */
export function verifySigV2(auth: AuthService, input: SigningInput, now: number): Promise<VerifiedRequest> {
  const authorization = input.headers.get('authorization');
  const query = new Map(input.query);
  if (authorization?.startsWith('AWS ')) return verifyHeader(auth, input, authorization, now);
  if (query.has('SignatureVersion')) return verifyJavaQuery(auth, input, query, now);
  return verifyQuery(auth, input, query, now);
}
