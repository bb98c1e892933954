// Which S3 operation a request is: by method, whether it names a bucket and a key, and its sub-resource query
// parameters. Sub-resources Tarn does not keep (ACLs, tagging, versioning, ...) answer NotImplemented.
import { getBucketLocation, headBucket, listBuckets } from './operations/buckets';
import { deleteObjects } from './operations/delete-objects';
import { listObjectsV1, listObjectsV2 } from './operations/list-objects';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  listParts,
  uploadPart,
  uploadPartCopy,
} from './operations/multipart';
import { copyObject, deleteObject, getObject, putObject } from './operations/objects';
import type { Operation } from './request';
import { notImplemented, S3Error } from './s3-errors';

type Handler = (op: Operation) => Promise<Response>;

export const unsupportedSubresources = [
  'accelerate',
  'acl',
  'analytics',
  'attributes',
  'cors',
  'encryption',
  'intelligent-tiering',
  'inventory',
  'legal-hold',
  'lifecycle',
  'logging',
  'metrics',
  'notification',
  'object-lock',
  'ownershipControls',
  'policy',
  'policyStatus',
  'publicAccessBlock',
  'replication',
  'requestPayment',
  'restore',
  'retention',
  'select',
  'tagging',
  'torrent',
  'versioning',
  'versions',
  'website',
];

const notAllowed = (what: string) => new S3Error('MethodNotAllowed', `The specified method is not allowed against ${what}.`);

function bucketOperation(method: string, query: Map<string, string>): Handler {
  switch (method) {
    case 'GET':
      if (query.has('location')) return getBucketLocation;
      if (query.has('uploads')) throw notImplemented('ListMultipartUploads');
      return query.get('list-type') === '2' ? listObjectsV2 : listObjectsV1;
    case 'HEAD':
      return headBucket;
    case 'POST':
      if (query.has('delete')) return deleteObjects;
      throw notAllowed('this bucket');
    case 'PUT':
      throw notImplemented('Creating a bucket (create a repository instead)');
    case 'DELETE':
      throw notImplemented('Deleting a bucket (delete the repository instead)');
    default:
      throw notAllowed('this bucket');
  }
}

function objectOperation(method: string, query: Map<string, string>, headers: Headers): Handler {
  const copying = headers.has('x-amz-copy-source');
  switch (method) {
    case 'GET':
      return query.has('uploadId') ? listParts : getObject;
    case 'HEAD':
      return getObject;
    case 'PUT':
      if (query.has('uploadId') || query.has('partNumber')) return copying ? uploadPartCopy : uploadPart;
      return copying ? copyObject : putObject;
    case 'POST':
      if (query.has('uploads')) return createMultipartUpload;
      if (query.has('uploadId')) return completeMultipartUpload;
      throw notAllowed('this resource');
    case 'DELETE':
      return query.has('uploadId') ? abortMultipartUpload : deleteObject;
    default:
      throw notAllowed('this resource');
  }
}

export function operationFor(method: string, bucket: string, key: string, query: Map<string, string>, headers: Headers): Handler {
  const unsupported = unsupportedSubresources.find((name) => query.has(name));
  if (unsupported) throw notImplemented(`The '${unsupported}' sub-resource`);
  if (bucket === '') {
    if (method === 'GET') return listBuckets;
    throw notAllowed('the service');
  }
  return key === '' ? bucketOperation(method, query) : objectOperation(method, query, headers);
}
