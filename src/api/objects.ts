import { API_PREFIX, api, CLIENT_HEADER, CLIENT_ID, query, repoPath, seg } from './client';
import { AuthenticationError, AuthorizationError, errorFromResponse, parseErrorBody } from './errors';
import { onSessionLost } from './session';
import type { ObjectStats, Page } from './types';

export interface ListObjectsParams {
  prefix?: string;
  after?: string;
  amount?: number;
  delimiter?: string;
}

const refObjects = (repo: string, ref: string) => `${repoPath(repo)}/refs/${seg(ref)}/objects`;
const branchObjects = (repo: string, branch: string) => `${repoPath(repo)}/branches/${seg(branch)}/objects`;

export function listObjects(
  repo: string,
  ref: string,
  params: ListObjectsParams = {},
  signal?: AbortSignal,
): Promise<Page<ObjectStats>> {
  return api.get(`${refObjects(repo, ref)}/ls`, { searchParams: query({ ...params }), signal }).json();
}

export function statObject(repo: string, ref: string, path: string, signal?: AbortSignal): Promise<ObjectStats> {
  return api.get(`${refObjects(repo, ref)}/stat`, { searchParams: query({ path }), signal }).json();
}

/** Same-origin address of an object's content (downloads, range reads; the session cookie authorises it). */
export function objectUrl(repo: string, ref: string, path: string): string {
  return `${API_PREFIX}/${refObjects(repo, ref)}?${query({ path }).toString()}`;
}

/** An object's content as text, or only its first `maxBytes` bytes when given. */
export function getObjectText(
  repo: string,
  ref: string,
  path: string,
  options: { maxBytes?: number; signal?: AbortSignal } = {},
): Promise<string> {
  const headers: Record<string, string> = {};
  if (options.maxBytes !== undefined && options.maxBytes > 0) headers.Range = `bytes=0-${options.maxBytes - 1}`;
  return api.get(refObjects(repo, ref), { searchParams: query({ path }), headers, signal: options.signal }).text();
}

export async function deleteObject(repo: string, branch: string, path: string): Promise<void> {
  await api.delete(branchObjects(repo, branch), { searchParams: query({ path }) });
}

/** Upload preflight: 204 means allowed; a 401 that is not a lost session means not allowed. */
export async function stageAllowed(repo: string, branch: string, path: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get(`${branchObjects(repo, branch)}/stage_allowed`, { searchParams: query({ path }), signal });
    return true;
  } catch (e) {
    if (e instanceof AuthorizationError) return false;
    throw e;
  }
}

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

/**
 * Uploads one object as multipart field `content`. XMLHttpRequest rather than fetch, because only XHR reports
 * upload progress.
 */
export function uploadObject(
  repo: string,
  branch: string,
  path: string,
  file: Blob,
  options: UploadOptions = {},
): Promise<ObjectStats> {
  const { onProgress, signal } = options;
  return new Promise<ObjectStats>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.open('POST', `${API_PREFIX}/${branchObjects(repo, branch)}?${query({ path }).toString()}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CLIENT_HEADER, CLIENT_ID);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(parseErrorBody('application/json', xhr.responseText) as ObjectStats);
        return;
      }
      const error = errorFromResponse(
        xhr.status,
        parseErrorBody(xhr.getResponseHeader('content-type'), xhr.responseText),
        xhr.statusText,
      );
      if (error instanceof AuthenticationError) onSessionLost();
      reject(error);
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
    const form = new FormData();
    form.append('content', file);
    xhr.send(form);
  });
}
