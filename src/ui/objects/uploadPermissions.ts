import { useEffect, useSyncExternalStore } from 'react';
import { stageAllowed } from '../../api/objects';

// The objects page asks the upload preflight once per branch, not once per folder: browsing folders must not
// flicker the Upload button. The upload itself still asks for each destination path before sending the file.

/**
 * The object path the branch-wide question is asked about: the preflight needs a path, and permissions are
 * granted on object paths, so a name at the branch's root stands for the branch.
 */
export const BRANCH_PROBE_PATH = 'tarn-upload-permission-probe';

type Ask = (repoId: string, branch: string) => Promise<boolean>;

interface Answer {
  /** The last answer; undefined until the first check has finished. */
  allowed: boolean | undefined;
  checking: boolean;
}

const askServer: Ask = (repoId, branch) => stageAllowed(repoId, branch, BRANCH_PROBE_PATH);

/** Upload preflight answers per repository and branch, kept for as long as the owner (the objects route) lives. */
export class UploadPermissions {
  private readonly answers = new Map<string, Answer>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly ask: Ask = askServer) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Whether uploads to the branch are allowed, as last answered (a re-check in flight keeps the last answer). */
  allowed(repoId: string, branch: string): boolean | undefined {
    return this.answers.get(key(repoId, branch))?.allowed;
  }

  /** Asks about a branch the first time it is needed; later calls use the answer already there or on its way. */
  ensure(repoId: string, branch: string): void {
    if (!this.answers.has(key(repoId, branch))) this.check(repoId, branch);
  }

  /** Asks again (the user refreshed the page), unless a check is already under way. */
  recheck(repoId: string, branch: string): void {
    if (this.answers.get(key(repoId, branch))?.checking) return;
    this.check(repoId, branch);
  }

  private check(repoId: string, branch: string) {
    const id = key(repoId, branch);
    this.store(id, { allowed: this.answers.get(id)?.allowed, checking: true });
    this.ask(repoId, branch).then(
      (allowed) => this.store(id, { allowed, checking: false }),
      // A failing preflight (other than a refusal) does not block the button; the upload reports the problem.
      () => this.store(id, { allowed: true, checking: false }),
    );
  }

  private store(id: string, answer: Answer) {
    this.answers.set(id, answer);
    for (const listener of this.listeners) listener();
  }
}

function key(repoId: string, branch: string): string {
  return `${repoId}\u0000${branch}`;
}

/** Whether the user may upload to `branch` (undefined while first asked, or without a branch). */
export function useUploadAllowed(permissions: UploadPermissions, repoId: string, branch: string | undefined): boolean | undefined {
  const allowed = useSyncExternalStore(permissions.subscribe, () =>
    branch === undefined ? undefined : permissions.allowed(repoId, branch),
  );
  useEffect(() => {
    if (branch !== undefined) permissions.ensure(repoId, branch);
  }, [permissions, repoId, branch]);
  return allowed;
}
