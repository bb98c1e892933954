// Import (docs/behaviour.md, Objects page): ingest data that already lives in storage into a branch as one commit, without copying it.
// The server answers the start at once (202) and runs the import in the background; its status is read by id.
import { api, failsAs, query, repoPath, seg } from './client';
import type { ImportCreation, ImportCreationResponse, ImportStatus } from './types';

const importPath = (repo: string, branch: string) => `${repoPath(repo)}/branches/${seg(branch)}/import`;

/** Starts an import into `branch`; answers the id its status and cancellation are asked by. */
export function startImport(repo: string, branch: string, creation: ImportCreation): Promise<ImportCreationResponse> {
  return api.post(importPath(repo, branch), { json: creation, ...failsAs('start import') }).json();
}

export function getImportStatus(repo: string, branch: string, id: string, signal?: AbortSignal): Promise<ImportStatus> {
  return api.get(importPath(repo, branch), { searchParams: query({ id }), signal, ...failsAs('get import status') }).json();
}

/** Cancels a running import (204); the server refuses one that already completed. */
export async function cancelImport(repo: string, branch: string, id: string): Promise<void> {
  await api.delete(importPath(repo, branch), { searchParams: query({ id }), ...failsAs('cancel import') });
}
