import { fromPromise } from 'xstate';
import { api, repoPath } from '../../api/client';
import { NotFoundError } from '../../api/errors';

/** Whether the repository has garbage-collection rules: GET settings/gc_rules answers 404 when none are set. */
export async function hasGcRules(repoId: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await api.get(`${repoPath(repoId)}/settings/gc_rules`, { signal });
    return true;
  } catch (e) {
    if (e instanceof NotFoundError) return false;
    throw e;
  }
}

export const gcWarningActors = {
  hasGcRules: fromPromise<boolean, { repoId: string }>(({ input, signal }) => hasGcRules(input.repoId, signal)),
};
