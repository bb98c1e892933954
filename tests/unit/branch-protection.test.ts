import { describe, expect, it } from 'vitest';
import { branchProtection, NO_BRANCH_PROTECTION, protectedBranchReason } from '../../src/lib/branch-protection';
import { isProtectedBranch } from '../../src/lib/branch-protection-match';
import { protectionCovers } from '../../server/graveler/settings';

const cases: [pattern: string, branch: string][] = [
  ['main', 'main'],
  ['main', 'main2'],
  ['release-*', 'release-1.0'],
  ['release-*', 'release'],
  ['release-?', 'release-1'],
  ['release-?', 'release-10'],
  ['[ab]*', 'alpha'],
  ['[ab]*', 'gamma'],
  ['{main,prod}', 'prod'],
  ['{main,prod}', 'dev'],
  ['!main', 'dev'],
  ['!main', '!main'],
  ['*', 'anything_at-all'],
];

describe('branch protection in the console', () => {
  it('covers a branch exactly when the server does', () => {
    for (const [pattern, branch] of cases) {
      expect(isProtectedBranch([pattern], branch), `${pattern} over ${branch}`).toBe(protectionCovers(pattern, branch));
    }
    expect(cases.filter(([pattern, branch]) => isProtectedBranch([pattern], branch)).length).toBe(7);
  });

  it('protects a branch any rule covers, and none without rules', () => {
    expect(isProtectedBranch(['dev', 'release-*'], 'release-2')).toBe(true);
    expect(isProtectedBranch([], 'main')).toBe(false);
    expect(protectedBranchReason('main')).toBe(
      'Branch main is protected (Settings › Branch Protection): make the change on another branch, then merge it in.',
    );
  });

  it('loads the matcher only for a repository with rules, and then covers what the patterns cover', async () => {
    expect(await branchProtection([])).toBe(NO_BRANCH_PROTECTION);
    expect(NO_BRANCH_PROTECTION.covers('main')).toBe(false);
    const protection = await branchProtection(['dev', 'release-*']);
    expect(protection.patterns).toEqual(['dev', 'release-*']);
    expect(['dev', 'release-2', 'main'].filter((branch) => protection.covers(branch))).toEqual(['dev', 'release-2']);
  });
});
