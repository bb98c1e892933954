// Repository settings: garbage-collection rules, branch protection rules and the read-only flag.
import { api, failsAs, preflight, repoPath } from './client';
import { NotFoundError } from './errors';
import type { BranchProtectionRule, GarbageCollectionRules, Repository, RepositoryReadOnlySetting } from './types';

const settingsPath = (repo: string, setting: string) => `${repoPath(repo)}/settings/${setting}`;

/** The repository's garbage-collection rules, or null when none are set (the server answers 404). */
export async function getGcRules(repo: string, signal?: AbortSignal): Promise<GarbageCollectionRules | null> {
  try {
    return await api.get(settingsPath(repo, 'gc_rules'), { signal, ...failsAs('get gc policy') }).json<GarbageCollectionRules>();
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export async function setGcRules(repo: string, rules: GarbageCollectionRules): Promise<void> {
  await api.put(settingsPath(repo, 'gc_rules'), { json: rules, ...failsAs('set gc policy') });
}

export async function deleteGcRules(repo: string): Promise<void> {
  await api.delete(settingsPath(repo, 'gc_rules'), failsAs('delete gc policy'));
}

/** The server's preflight (docs/behaviour.md, Repository settings): whether the user may set the garbage-collection rules. */
export function gcRulesSetAllowed(repo: string, signal?: AbortSignal): Promise<boolean> {
  return preflight(`${repoPath(repo)}/gc/rules/set_allowed`, { signal, ...failsAs('check whether you may change the gc policy') });
}

/** The server's preflight (docs/behaviour.md, Repository settings): whether the user may set the branch protection rules. */
export function branchProtectionSetAllowed(repo: string, signal?: AbortSignal): Promise<boolean> {
  return preflight(`${repoPath(repo)}/branch_protection/set_allowed`, {
    signal,
    ...failsAs('check whether you may change the branch protection rules'),
  });
}

/** The branch protection rules with the checksum they were read at (the `ETag`, '' when no rules were ever set). */
export interface BranchProtection {
  rules: BranchProtectionRule[];
  checksum: string;
}

export async function getBranchProtection(repo: string, signal?: AbortSignal): Promise<BranchProtection> {
  const response = await api.get(settingsPath(repo, 'branch_protection'), { signal, ...failsAs('get branch protection rules') });
  const rules = await response.json<BranchProtectionRule[]>();
  return { rules, checksum: response.headers.get('ETag') ?? '' };
}

/**
 * Replaces the whole rule list, if it is still the one read at `checksum`; otherwise the server answers 412
 * (a PreconditionError) and nothing changes.
 */
export async function setBranchProtection(repo: string, rules: BranchProtectionRule[], checksum: string): Promise<void> {
  await api.put(settingsPath(repo, 'branch_protection'), { json: rules, headers: { 'If-Match': checksum }, ...failsAs('set branch protection rules') });
}

/** Tarn's own call: makes the repository read-only or writable again, answering with the repository. */
export function setRepositoryReadOnly(repo: string, readOnly: boolean): Promise<Repository> {
  const setting: RepositoryReadOnlySetting = { read_only: readOnly };
  return api.put(settingsPath(repo, 'read_only'), { json: setting, ...failsAs(readOnly ? 'make the repository read-only' : 'make the repository writable') }).json();
}
