// Object uploads. XMLHttpRequest rather than fetch, because only XHR reports upload progress.
import { API_PREFIX, api, CLIENT_HEADER, CLIENT_ID, failsAs, query, repoPath, seg } from './client';
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

const stagingPath = (repo: string, branch: string) => `${branchPath(repo, branch)}/staging/backing`;

/** A fresh address in the repository's storage with a presigned PUT for one object (docs/behaviour.md, Objects page). */
export async function getStagingLocation(repo: string, branch: string, path: string, signal?: AbortSignal): Promise<StagingLocation> {
  const staging = await api
    .get(stagingPath(repo, branch), { searchParams: query({ path, presign: true }), signal, ...failsAs('get a staging location') })
    .json<StagingLocation>();
  if (!staging.presigned_url) throw new ApiError(0, 'the server gave no presigned address for this upload');
  return staging;
}

/**
 * PUTs the file straight to the object store at a presigned address (Azure needs its block-blob header) and answers
 * the store's checksum of it.
 */
export async function putToPresignedUrl(
  url: string,
  file: Blob,
  options: UploadOptions & { blockstoreType: string },
): Promise<string> {
  const headers: Record<string, string> = {};
  if (file.type) headers['Content-Type'] = file.type;
  if (options.blockstoreType === 'azure') headers['x-ms-blob-type'] = 'BlockBlob';
  const xhr = await send({
    onProgress: options.onProgress,
    signal: options.signal,
    method: 'PUT',
    url,
    headers,
    body: file,
    failure: (x) => new ApiError(x.status, `Error uploading file: HTTP ${x.status}`),
  });
  return presignedChecksum(xhr.getResponseHeader('content-md5'), xhr.getResponseHeader('etag'));
}

export interface StagedObject {
  staging: StagingLocation;
  checksum: string;
  file: Blob;
}

/** Registers an object uploaded to a staging location at `path`. */
export function linkStagedObject(repo: string, branch: string, path: string, staged: StagedObject, signal?: AbortSignal): Promise<ObjectStats> {
  return api
    .put(stagingPath(repo, branch), {
      searchParams: query({ path }),
      json: {
        staging: staged.staging,
        checksum: staged.checksum,
        size_bytes: staged.file.size,
        content_type: staged.file.type || 'application/octet-stream',
      },
      signal,
      ...failsAs('link the staged object'),
    })
    .json<ObjectStats>();
}
