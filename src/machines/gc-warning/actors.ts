import { fromPromise } from 'xstate';
import { getGcRules } from '../../api/settings';

/** Whether the repository has garbage-collection rules. */
export async function hasGcRules(repoId: string, signal?: AbortSignal): Promise<boolean> {
  return (await getGcRules(repoId, signal)) !== null;
}

export const gcWarningActors = {
  hasGcRules: fromPromise<boolean, { repoId: string }>(({ input, signal }) => hasGcRules(input.repoId, signal)),
};
