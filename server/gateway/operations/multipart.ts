// Multipart upload: CreateMultipartUpload, UploadPart (and UploadPartCopy), CompleteMultipartUpload,
// AbortMultipartUpload and ListParts, over the catalog's multipart uploads (which keep the parts in the
// repository's namespace until the upload completes into one object on the branch).
import { maxPartNumber, type UploadTarget } from '../../catalog';
import { byteSpan } from '../conditions';
import { objectArn } from '../permissions';
import type { Operation } from '../request';
import { emptyResponse, isoTime, objectEtag, quotedEtag, xmlResponse } from '../responses';
import { S3Error } from '../s3-errors';
import { readSmallBody } from '../payload';
import { childrenNamed, childText, malformedXml, parseXml } from '../xml';
import { copySource } from './objects';

/** 10,000 parts with their ETags and markup. */
const maxCompletionBytes = 2 * 1024 * 1024;

function uploadTarget(op: Operation): UploadTarget {
  const { ref, path } = op.target;
  return { uploadId: op.request.query.get('uploadId') ?? '', branch: ref, path };
}

function partNumber(op: Operation): number {
  const text = op.request.query.get('partNumber') ?? '';
  const n = /^\d{1,5}$/.test(text) ? Number(text) : 0;
  if (n < 1 || n > maxPartNumber) throw new S3Error('InvalidArgument', `Part number must be an integer between 1 and ${maxPartNumber}, inclusive`);
  return n;
}

const writeObject = (op: Operation) => ({ action: 'fs:WriteObject' as const, resource: objectArn(op.repository, op.target.path) });

export async function createMultipartUpload(op: Operation): Promise<Response> {
  const { ref, path } = op.target;
  await op.authorize(writeObject(op));
  if (path === '') throw new S3Error('InvalidArgument', 'the key names no object');
  const upload = await op.writing(ref, () => op.catalog.multipartUploads.create(op.repository, ref, path, op.objectAttributes()));
  return xmlResponse('InitiateMultipartUploadResult', { Bucket: op.repository, Key: op.request.key, UploadId: upload.id });
}

export async function uploadPart(op: Operation): Promise<Response> {
  await op.authorize(writeObject(op));
  const part = await op.catalog.multipartUploads.uploadPart(op.repository, uploadTarget(op), partNumber(op), op.content());
  return emptyResponse(200, { etag: quotedEtag(part.etag) });
}

/** A part copied from (a range of) an object of the same repository. */
export async function uploadPartCopy(op: Operation): Promise<Response> {
  const source = copySource(op);
  await op.authorize({ action: 'fs:ReadObject', resource: objectArn(op.repository, source.path) }, writeObject(op));
  const number = partNumber(op);
  const object = await op.catalog.getObject(op.repository, source.ref, source.path);
  const rangeHeader = op.header('x-amz-copy-source-range');
  const span = rangeHeader === undefined ? undefined : byteSpan(rangeHeader, object.entry.size);
  if (rangeHeader !== undefined && !span) throw new S3Error('InvalidArgument', 'The x-amz-copy-source-range value must be of the form bytes=first-last');
  const part = await op.catalog.multipartUploads.uploadPart(op.repository, uploadTarget(op), number, await object.stream(span));
  return xmlResponse('CopyPartResult', { ETag: quotedEtag(part.etag), LastModified: isoTime(part.mtime) });
}

export async function completeMultipartUpload(op: Operation): Promise<Response> {
  await op.authorize(writeObject(op));
  const { request } = op;
  const document = parseXml(await readSmallBody(request.body, request.payload, request.headers, maxCompletionBytes));
  if (document.name !== 'CompleteMultipartUpload') throw malformedXml();
  const parts = childrenNamed(document, 'Part').map((p) => {
    const number = Number(childText(p, 'PartNumber'));
    const etag = childText(p, 'ETag');
    if (!Number.isInteger(number) || etag === undefined) throw malformedXml();
    return { partNumber: number, etag: etag.trim() };
  });
  const target = uploadTarget(op);
  const { entry } = await op.writing(target.branch, () => op.catalog.multipartUploads.complete(op.repository, target, parts));
  return xmlResponse('CompleteMultipartUploadResult', {
    Location: `/${op.repository}/${op.request.key}`,
    Bucket: op.repository,
    Key: op.request.key,
    ETag: objectEtag(entry),
  });
}

export async function abortMultipartUpload(op: Operation): Promise<Response> {
  await op.authorize(writeObject(op));
  await op.catalog.multipartUploads.abort(op.repository, uploadTarget(op));
  return emptyResponse(204);
}

export async function listParts(op: Operation): Promise<Response> {
  await op.authorize({ action: 'fs:ListObjects', resource: objectArn(op.repository, op.target.path) });
  const { query } = op.request;
  const marker = Number(query.get('part-number-marker') ?? '0');
  const maxParts = Math.min(Number(query.get('max-parts') ?? '1000'), 1000);
  if (!Number.isInteger(marker) || marker < 0 || !Number.isInteger(maxParts) || maxParts < 0) {
    throw new S3Error('InvalidArgument', 'part-number-marker and max-parts must be non-negative integers');
  }
  const { upload, parts } = await op.catalog.multipartUploads.listParts(op.repository, uploadTarget(op));
  const after = parts.filter((p) => p.partNumber > marker);
  const page = after.slice(0, maxParts);
  const truncated = after.length > page.length;
  const owner = { ID: op.request.principal.userId, DisplayName: op.request.principal.userId };
  return xmlResponse('ListPartsResult', {
    Bucket: op.repository,
    Key: op.request.key,
    UploadId: upload.id,
    Initiator: owner,
    Owner: owner,
    StorageClass: 'STANDARD',
    PartNumberMarker: marker,
    ...(truncated ? { NextPartNumberMarker: page[page.length - 1]?.partNumber } : {}),
    MaxParts: maxParts,
    IsTruncated: truncated,
    Part: page.map((p) => ({ PartNumber: p.partNumber, LastModified: isoTime(p.mtime), ETag: quotedEtag(p.etag), Size: p.size })),
  });
}
