// The one place where the gateway's failures become S3 answers: an S3 error code with its HTTP status, in S3's
// error XML. The catalog's typed failures are translated here, by kind and subject, as the API's are in
// server/http/errors.ts.
import {
  InvalidPartsError,
  NoSuchUploadError,
  NotFoundError,
  ProtectedBranchError,
  ReadOnlyRepositoryError,
  TarnError,
  type FailureKind,
} from '../errors';

/** S3's error codes the gateway answers, with their statuses. */
const statusOfCode = {
  AccessDenied: 403,
  AuthorizationHeaderMalformed: 400,
  AuthorizationQueryParametersError: 400,
  BadDigest: 400,
  EntityTooSmall: 400,
  IncompleteBody: 400,
  InternalError: 500,
  InvalidAccessKeyId: 403,
  InvalidArgument: 400,
  InvalidBucketName: 400,
  InvalidDigest: 400,
  InvalidPart: 400,
  InvalidPartOrder: 400,
  InvalidRange: 416,
  InvalidRequest: 400,
  InvalidURI: 400,
  MalformedXML: 400,
  MethodNotAllowed: 405,
  MissingSecurityHeader: 400,
  NoSuchBucket: 404,
  NoSuchKey: 404,
  NoSuchUpload: 404,
  NotImplemented: 501,
  OperationAborted: 409,
  PreconditionFailed: 412,
  RequestTimeTooSkewed: 403,
  ServiceUnavailable: 503,
  SignatureDoesNotMatch: 403,
  SlowDown: 503,
  XAmzContentSHA256Mismatch: 400,
} as const;

export type S3ErrorCode = keyof typeof statusOfCode;

export class S3Error extends Error {
  readonly status: number;
  constructor(
    readonly code: S3ErrorCode,
    message: string,
    /** Extra elements of the error document (RequestTimeTooSkewed's server time, say). */
    readonly details: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'S3Error';
    this.status = statusOfCode[code];
  }
}

export const accessDenied = (message = 'Access Denied') => new S3Error('AccessDenied', message);
export const notImplemented = (what: string) => new S3Error('NotImplemented', `${what} is not implemented`);

/** What S3 code a failure of the catalog is, for requests on objects (an absent ref reads as an absent key). */
const codeOfKind: Record<FailureKind, S3ErrorCode> = {
  bad_request: 'InvalidArgument',
  unauthenticated: 'AccessDenied',
  permission_denied: 'AccessDenied',
  forbidden: 'AccessDenied',
  not_found: 'NoSuchKey',
  conflict: 'OperationAborted',
  // The repository is being deleted.
  gone: 'NoSuchBucket',
  precondition_failed: 'PreconditionFailed',
  unprocessable: 'InvalidArgument',
  too_many_attempts: 'SlowDown',
  not_implemented: 'NotImplemented',
  unavailable: 'ServiceUnavailable',
};

const codeOfParts = { invalid_part: 'InvalidPart', invalid_part_order: 'InvalidPartOrder', part_too_small: 'EntityTooSmall' } as const;

/** Client hang-ups surface as stream errors; they are the client's doing, not a fault of ours. */
function isClientAbort(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (err as Error)?.name === 'AbortError';
}

export function toS3Error(err: unknown): S3Error {
  if (err instanceof S3Error) return err;
  if (err instanceof NotFoundError && err.subject === 'repository') return new S3Error('NoSuchBucket', 'The specified bucket does not exist');
  if (err instanceof NotFoundError && err.subject === 'object') return new S3Error('NoSuchKey', 'The specified key does not exist.');
  if (err instanceof NoSuchUploadError) return new S3Error('NoSuchUpload', err.message);
  if (err instanceof InvalidPartsError) return new S3Error(codeOfParts[err.reason], err.message);
  if (err instanceof ReadOnlyRepositoryError || err instanceof ProtectedBranchError) return accessDenied(err.message);
  if (err instanceof TarnError) return new S3Error(codeOfKind[err.kind], err.message);
  if (isClientAbort(err)) return new S3Error('IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header');
  return new S3Error('InternalError', 'We encountered an internal error. Please try again.');
}
