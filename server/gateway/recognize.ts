// Which requests are S3's, so that an S3 client is always answered in S3's XML and never by the console's pages.
// A signature of any AWS form makes a request S3's wherever it is sent. Away from the API's own paths, so do the
// query parameters only S3 uses, `x-amz-*` headers, and methods the console never serves (it only reads): an
// unsigned S3 request then gets S3's refusal. The console's own addresses carry none of these (their query
// parameters are ref, path, prefix, after, delimiter, ...; tests/server/gateway/recognize.test.ts keeps it so).
import { unsupportedSubresources } from './dispatch';
import { isSigV2 } from './sigv2';
import { isSigV4 } from './sigv4';

/** Query parameters of S3's calls that no console address uses. */
const s3Parameters = new Set([
  ...unsupportedSubresources,
  'AWSAccessKeyId',
  'continuation-token',
  'delete',
  'encoding-type',
  'fetch-owner',
  'key-marker',
  'list-type',
  'location',
  'marker',
  'max-keys',
  'max-parts',
  'max-uploads',
  'part-number-marker',
  'partNumber',
  'start-after',
  'upload-id-marker',
  'uploadId',
  'uploads',
  'versionId',
]);

const consoleMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasS3Shape(method: string, headers: Headers, query: URLSearchParams): boolean {
  if (!consoleMethods.has(method)) return true;
  for (const name of query.keys()) if (s3Parameters.has(name) || name.toLowerCase().startsWith('x-amz-')) return true;
  for (const name of headers.keys()) if (name.startsWith('x-amz-')) return true;
  return false;
}

/**
 * Whether the request is for the S3 gateway. Under `apiPrefix` (the API's paths, which have S3-like parameters
 * such as `location` and write with every method) only a signature makes a request S3's.
 */
export function isS3Request(request: Request, apiPrefix: string): boolean {
  const url = new URL(request.url);
  const authorization = request.headers.get('authorization');
  if (isSigV4(authorization, url.searchParams) || isSigV2(authorization, url.searchParams)) return true;
  const underApi = url.pathname === apiPrefix || url.pathname.startsWith(`${apiPrefix}/`);
  return !underApi && hasS3Shape(request.method.toUpperCase(), request.headers, url.searchParams);
}
