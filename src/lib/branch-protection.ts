// The repository's branch protection rules as the console applies them: it marks protected branches and disables what
// their rules refuse before the server has to. The matching itself (lib/branch-protection-match, a glob compiler) is
// loaded only for a repository that has rules, which most pages of most repositories never need.

export interface BranchProtection {
  /** The patterns of the repository's branch protection rules. */
  readonly patterns: readonly string[];
  /** Whether a rule covers `branch`, as the server decides it. */
  covers(branch: string): boolean;
}

export const NO_BRANCH_PROTECTION: BranchProtection = { patterns: [], covers: () => false };

/** The protection of a repository whose rules have these patterns, with the matcher loaded when there are any. */
export async function branchProtection(patterns: readonly string[]): Promise<BranchProtection> {
  if (patterns.length === 0) return NO_BRANCH_PROTECTION;
  const { isProtectedBranch } = await import('./branch-protection-match');
  return { patterns, covers: (branch) => isProtectedBranch(patterns, branch) };
}

/** Why a control that writes to a protected branch is disabled. */
export function protectedBranchReason(branch: string): string {
  return `Branch ${branch} is protected (Settings › Branch Protection): make the change on another branch, then merge it in.`;
}
