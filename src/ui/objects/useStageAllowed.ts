import { useEffect, useState } from 'react';
import { stageAllowed } from '../../api/objects';

/**
 * The upload preflight for a branch and prefix: undefined while unknown (or without a branch), then whether the
 * server allows staging there. A failing preflight (other than a refusal) counts as allowed; the upload itself
 * then reports the problem.
 */
export function useStageAllowed(repoId: string, branch: string | undefined, prefix: string): boolean | undefined {
  const [answer, setAnswer] = useState<{ key: string; allowed: boolean } | undefined>();
  const key = `${repoId}\u0000${branch ?? ''}\u0000${prefix}`;

  useEffect(() => {
    if (branch === undefined) return;
    const controller = new AbortController();
    stageAllowed(repoId, branch, prefix, controller.signal).then(
      (allowed) => setAnswer({ key, allowed }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key, allowed: true });
      },
    );
    return () => controller.abort();
  }, [repoId, branch, prefix, key]);

  return branch !== undefined && answer?.key === key ? answer.allowed : undefined;
}
