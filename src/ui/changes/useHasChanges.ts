import { useEffect, useState } from 'react';
import { diffBranch } from '../../api/diff';

/** Whether the branch has any uncommitted change; undefined while unknown. Re-checked when `version` moves. */
export function useHasChanges(repoId: string, branch: string, version: number): boolean | undefined {
  const [state, setState] = useState<{ key: string; value: boolean }>();
  const key = `${repoId}\n${branch}\n${version}`;
  useEffect(() => {
    const controller = new AbortController();
    diffBranch(repoId, branch, { amount: 1 }, controller.signal).then(
      (page) => setState({ key, value: page.results.length > 0 }),
      // Unknown counts as no changes: Commit and Revert stay disabled; the tree shows the error itself.
      () => {
        if (!controller.signal.aborted) setState({ key, value: false });
      },
    );
    return () => controller.abort();
  }, [repoId, branch, key]);
  return state?.key === key ? state.value : undefined;
}
