// The port through which the catalog tells whoever runs hooks (server/actions, wired in at the root) about the
// operations it performs. The catalog decides when each event fires and what it carries; running actions is not
// its business, so it depends on this interface only.

export type HookOperation = 'commit' | 'merge' | 'create-branch' | 'delete-branch' | 'create-tag' | 'delete-tag' | 'revert' | 'cherry-pick';

/** An operation as hooks see it (lakeFS's hook record). */
export interface HookEvent {
  operation: HookOperation;
  repositoryId: string;
  /** Empty for tag events. */
  branchId: string;
  /** The ref the action files are read at, reported to hooks as `source_ref`. */
  sourceRef: string;
  /** Empty when the operation's commit is not yet part of history (pre-commit, pre-merge, ...). */
  commitId: string;
  commitMessage: string;
  committer: string;
  commitMetadata: Record<string, string>;
  tagId?: string;
  mergeSource?: string;
}

export interface Hooks {
  /** Before the operation takes effect; throwing refuses it. */
  runPre(event: HookEvent): Promise<void>;
  /** After it took effect; runs in the background and never undoes it. */
  runPost(event: HookEvent): void;
  /** The repository is gone: whatever is kept about its hooks goes too. */
  forgetRepository(repositoryId: string): Promise<void>;
}

export const noHooks: Hooks = {
  runPre: async () => undefined,
  runPost: () => undefined,
  forgetRepository: async () => undefined,
};
