// The repository layout route's reads: the repository, and the page's ref resolved branch → tag → commit.
import { resolveRef } from '../api/resolve-ref';
import { getRepository } from '../api/repositories';
import { getBranchProtection } from '../api/settings';
import { branchProtection, type BranchProtection } from '../lib/branch-protection';
import type { Repository, ResolvedRef } from '../api/types';
import { sharedRead } from '../lib/shared-read';

/** The page's ref, as the loader resolved it. */
export interface ResolvedRefState {
  /** The ref as asked for (the `ref` query parameter, else the default branch). */
  name: string;
  /** Set when the name resolved to a branch, a tag or a commit. */
  ref?: ResolvedRef;
  /** Set when it did not ('ref not found') or the lookup failed. */
  error?: unknown;
}

export interface RepositoryPageData {
  repo: Repository;
  resolvedRef: ResolvedRefState;
  /**
   * The repository's branch protection rules, so pages mark protected branches and disable what the rules refuse;
   * none when the user may not read them (the server still refuses what they forbid).
   */
  branchProtection: BranchProtection;
}

/**
 * The repository read of one repository page (one repository and `ref` parameter), shared by the layout route's
 * loader and its children's: a child that needs the default branch takes the read the layout started, or the one
 * it finished, instead of reading again. Moving between folders therefore reads nothing; a refresh reads again.
 */
export interface RepositoryRead {
  /** The repository as read last, or being read (a child loader's way to the default branch). */
  current(): Promise<Repository>;
  /** Reads the repository again, unless a read is under way (the layout loader, once per load). */
  fresh(): Promise<Repository>;
}

export function repositoryRead(repoId: string): RepositoryRead {
  let current: Promise<Repository> | undefined;
  // A read under way is shared (sharedRead), so the layout's loader and a child's join one request.
  const fresh = () =>
    (current = sharedRead(['repository', repoId].join('\u0000'), (signal) => getRepository(repoId, signal)));
  return { current: () => current ?? fresh(), fresh };
}

/** A ref resolution (branch → tag → commit), shared with any caller asking the same at once. */
export function resolveRefShared(repoId: string, ref: string, signal?: AbortSignal): Promise<ResolvedRef> {
  return sharedRead(['ref', repoId, ref].join('\u0000'), (shared) => resolveRef(repoId, ref, shared), signal);
}

/** The repository's protection patterns, shared with any caller asking at once; none if they cannot be read. */
function protectionShared(repoId: string, signal?: AbortSignal): Promise<readonly string[]> {
  return sharedRead(
    ['protection', repoId].join('\u0000'),
    async (shared) => (await getBranchProtection(repoId, shared)).rules.map((rule) => rule.pattern),
    signal,
  ).catch(() => []);
}

/**
 * Starts the layout's reads as soon as the route is matched (its `context`, computed once per repository page),
 * ahead of the route's code chunks, which would otherwise take the browser's connections first; the loader then
 * joins these reads instead of starting its own.
 */
export function startRepositoryPage(repoId: string, refName: string | undefined): RepositoryRead {
  // Shared reads are never left unobserved (sharedRead watches them), so none of these needs a catch here.
  const read = repositoryRead(repoId);
  void read.fresh();
  if (refName !== undefined) void resolveRefShared(repoId, refName);
  void protectionShared(repoId);
  return read;
}

/**
 * The layout's data: the repository, and the ref resolved (the default branch when none is given). With a ref in
 * the URL both are asked for at once. A missing repository fails with 'could not find repository {id}'; a ref that
 * resolves to nothing is reported in `resolvedRef.error`, so the page still shows the repository around the error.
 */
export async function loadRepositoryPage(
  read: RepositoryRead,
  repoId: string,
  refName: string | undefined,
  signal?: AbortSignal,
): Promise<RepositoryPageData> {
  const repository = read.fresh();
  const protection = protectionShared(repoId, signal);
  const resolving = refName === undefined ? undefined : settle(resolveRefShared(repoId, refName, signal));
  const repo = await repository;
  const name = refName ?? repo.default_branch;
  const resolution = await (resolving ?? settle(resolveRefShared(repoId, name, signal)));
  if ('error' in resolution && signal?.aborted) throw resolution.error;
  return { repo, resolvedRef: { name, ...resolution }, branchProtection: await branchProtection(await protection) };
}

/** A resolution as data: the ref, or why there is none (never a rejection left unobserved while awaiting another). */
function settle<T>(promise: Promise<T>): Promise<{ ref: T } | { error: unknown }> {
  return promise.then(
    (ref) => ({ ref }),
    (error: unknown) => ({ error }),
  );
}
