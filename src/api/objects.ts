import { api, failsAs, preflight, query, repoPath, seg } from './client';
import { refObjects } from './object-listing';
import type { ObjectCopyCreation, ObjectErrorList, ObjectStats } from './types';

export { objectUrl } from '../lib/api-address';
export { listObjects, type ListObjectsParams } from './object-listing';

const branchObjects = (repo: string, branch: string) => `${repoPath(repo)}/branches/${seg(branch)}/objects`;

export function statObject(repo: string, ref: string, path: string, signal?: AbortSignal): Promise<ObjectStats> {
  return api.get(`${refObjects(repo, ref)}/stat`, { searchParams: query({ path }), signal, ...failsAs('get object') }).json();
}


/** An object's content as text. */
export function getObjectText(repo: string, ref: string, path: string, options: { signal?: AbortSignal } = {}): Promise<string> {
  return api.get(refObjects(repo, ref), { searchParams: query({ path }), signal: options.signal, ...failsAs('get object') }).text();
}

/** An object's content as a Blob of the given type (for renderers that cannot point at the object address). */
export async function getObjectBlob(repo: string, ref: string, path: string, type: string, signal?: AbortSignal): Promise<Blob> {
  const bytes = await api.get(refObjects(repo, ref), { searchParams: query({ path }), signal, ...failsAs('get object') }).arrayBuffer();
  return new Blob([bytes], { type });
}

export async function deleteObject(repo: string, branch: string, path: string): Promise<void> {
  await api.delete(branchObjects(repo, branch), { searchParams: query({ path }), ...failsAs('delete object') });
}

/** Copies an object from any ref (`src_ref`, default the branch) to `destPath` of the branch, as an uncommitted change. */
export function copyObject(repo: string, branch: string, destPath: string, source: ObjectCopyCreation, signal?: AbortSignal): Promise<ObjectStats> {
  return api
    .post(`${branchObjects(repo, branch)}/copy`, { searchParams: query({ dest_path: destPath }), json: source, signal, ...failsAs('copy object') })
    .json();
}

/** lakeFS's deleteObjects: at most 1,000 paths; the answer lists the paths that could not be deleted, with why. */
export function deleteObjects(repo: string, branch: string, paths: readonly string[], signal?: AbortSignal): Promise<ObjectErrorList> {
  return api.post(`${branchObjects(repo, branch)}/delete`, { json: { paths }, signal, ...failsAs('delete objects') }).json();
}

/** An object's content as the server streams it (a non-OK answer throws, as every call does). */
export function getObjectResponse(repo: string, ref: string, path: string, signal?: AbortSignal): Promise<Response> {
  return api.get(refObjects(repo, ref), { searchParams: query({ path }), signal, ...failsAs('get object') });
}

/** Upload preflight: 204 means allowed; a 401 that is not a lost session means not allowed. */
export function stageAllowed(repo: string, branch: string, path: string, signal?: AbortSignal): Promise<boolean> {
  return preflight(`${branchObjects(repo, branch)}/stage_allowed`, { searchParams: query({ path }), signal, ...failsAs('check upload permission') });
}

