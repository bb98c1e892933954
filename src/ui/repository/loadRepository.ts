import { getRepository } from '../../api/repositories';
import { resolveRef } from '../../api/refs';
import { NotFoundError } from '../../api/client';
import type { Repository } from '../../api/types';
import type { ResolvedRefState } from './RepositoryContext';

export interface RepositoryPageData {
  repo: Repository;
  resolvedRef: ResolvedRefState;
}

/**
 * Loads a repository and resolves the page's ref (the default branch when none is given). A missing repository
 * fails with 'could not find repository {id}'; a ref that resolves to nothing is reported in `resolvedRef.error`
 * so the page can still show the repository around the error.
 */
export async function loadRepository(repoId: string, refName: string | undefined, signal?: AbortSignal): Promise<RepositoryPageData> {
  let repo: Repository;
  try {
    repo = await getRepository(repoId, signal);
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(404, `could not find repository ${repoId}`, error.body);
    throw error;
  }
  const name = refName ?? repo.default_branch;
  try {
    return { repo, resolvedRef: { name, ref: await resolveRef(repoId, name, signal) } };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { repo, resolvedRef: { name, error } };
  }
}
