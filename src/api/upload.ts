// Object uploads. XMLHttpRequest rather than fetch, because only XHR reports upload progress.
import { API_PREFIX, api, CLIENT_HEADER, CLIENT_ID, query, repoPath, seg } from './client';
import { ApiError, AuthenticationError, errorFromResponse, parseErrorBody } from './errors';
import { reportSessionLost } from './session';
import type { ObjectStats, StagingLocation } from './types';

export interface UploadOptions {
  /** Whole percent 0..100 of the request body sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Thrown when an upload is cancelled through its signal. */
export class UploadAbortedError extends Error {
  override name = 'AbortError';
  constructor() {
    super('Upload Aborted');
  }
}

interface Transfer extends UploadOptions {
  method: 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  /** The error for a non-2xx answer. */
  failure: (xhr: XMLHttpRequest) => Error;
}

function send({ method, url, headers, body, failure, onProgress, signal }: Transfer): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(xhr);
      } else {
        reject(failure(xhr));
      }
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new Error('Upload Failed'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new UploadAbortedError());
    });
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}

function apiFailure(xhr: XMLHttpRequest): Error {
  const error = errorFromResponse(
    xhr.status,
    parseErrorBody(xhr.getResponseHeader('content-type'), xhr.responseText),
    xhr.statusText,
  );
  if (error instanceof AuthenticationError) reportSessionLost();
  return error;
}

const branchPath = (repo: string, branch: string) => `${repoPath(repo)}/branches/${seg(branch)}`;

/** Uploads one object through the server as multipart field `content`. */
export async function uploadObject(
  repo: string,
  branch: string,
  path: string,
  file: Blob,
  options: UploadOptions = {},
): Promise<ObjectStats> {
  const form = new FormData();
  form.append('content', file);
  const xhr = await send({
    ...options,
    method: 'POST',
    url: `${API_PREFIX}/${branchPath(repo, branch)}/objects?${query({ path }).toString()}`,
    headers: { Accept: 'application/json', [CLIENT_HEADER]: CLIENT_ID },
    body: form,
    failure: apiFailure,
  });
  return parseErrorBody('application/json', xhr.responseText) as ObjectStats;
}

/** The object store's checksum of a presigned PUT: Content-MD5 when given, else the ETag without quotes. */
export function presignedChecksum(contentMd5: string | null, etag: string | null): string {
  if (contentMd5) return contentMd5;
  return (etag ?? '').replace(/["\s]/g, '');
}

/**
 * Uploads straight to the object store through a presigned address, then registers the staged object with the
 * server (spec 1 §4 "Presigned transfer"). Azure needs its block-blob header on the PUT.
 */
export async function uploadObjectPresigned(
  repo: string,
  branch: string,
  path: string,
  file: Blob,
  options: UploadOptions & { blockstoreType: string },
): Promise<ObjectStats> {
  const stagingPath = `${branchPath(repo, branch)}/staging/backing`;
  const staging = await api
    .get(stagingPath, { searchParams: query({ path, presign: true }), signal: options.signal })
    .json<StagingLocation>();
  if (!staging.presigned_url) throw new ApiError(0, 'the server gave no presigned address for this upload');
  const headers: Record<string, string> = {};
  if (file.type) headers['Content-Type'] = file.type;
  if (options.blockstoreType === 'azure') headers['x-ms-blob-type'] = 'BlockBlob';
  const xhr = await send({
    onProgress: options.onProgress,
    signal: options.signal,
    method: 'PUT',
    url: staging.presigned_url,
    headers,
    body: file,
    failure: (x) => new ApiError(x.status, `Error uploading file: HTTP ${x.status}`),
  });
  return api
    .put(stagingPath, {
      searchParams: query({ path }),
      json: {
        staging,
        checksum: presignedChecksum(xhr.getResponseHeader('content-md5'), xhr.getResponseHeader('etag')),
        size_bytes: file.size,
        content_type: file.type || 'application/octet-stream',
      },
      signal: options.signal,
    })
    .json<ObjectStats>();
}
