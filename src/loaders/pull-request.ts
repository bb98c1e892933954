// A pull request's route reads: the pull request, and the changes its page shows. While it is open or closed they
// are the source's changes against the destination (three-dot, as Compare shows them); once merged, the merge
// commit's changes against its first parent (the branches themselves no longer differ). A branch deleted since the
// pull request was opened is named, rather than shown as a failed read.
import { getBranch } from '../api/branches';
import { NotFoundError } from '../api/client';
import { getCommit } from '../api/commits';
import { listDiffLevel, type DiffSource } from '../api/diff';
import { getPullRequest } from '../api/pulls';
import type { Diff, Page, PullRequest } from '../api/types';
import { PAGE_SIZE } from '../lib/page-sizes';

export type PullRequestChanges =
  /** The source's changes against the destination; the tree starts from `firstPage`. */
  | { status: 'branches'; source: DiffSource & { left: string; right: string }; firstPage: Page<Diff>; hasChanges: boolean }
  /** The merge commit's changes against its first parent. */
  | { status: 'merged'; source: DiffSource & { left: string; right: string }; firstPage: Page<Diff> }
  /** A branch of the pull request no longer exists. */
  | { status: 'missingBranch'; branch: string }
  | { status: 'failed'; error: unknown };

export type PullRequestPage = { status: 'notFound' } | { status: 'found'; pull: PullRequest; changes: PullRequestChanges };

async function readRoot(source: DiffSource, signal: AbortSignal): Promise<Page<Diff>> {
  return listDiffLevel(source, { prefix: '', amount: PAGE_SIZE }, signal);
}

/** The first branch of `branches` that does not exist, if any. */
async function missingBranch(repoId: string, branches: string[], signal: AbortSignal): Promise<string | undefined> {
  const found = await Promise.all(
    branches.map((branch) =>
      getBranch(repoId, branch, signal).then(
        () => true,
        (error: unknown) => {
          if (error instanceof NotFoundError) return false;
          throw error;
        },
      ),
    ),
  );
  return branches[found.indexOf(false)];
}

async function readChanges(repoId: string, pull: PullRequest, signal: AbortSignal): Promise<PullRequestChanges> {
  if (pull.status === 'merged' && pull.merged_commit_id) {
    const commit = await getCommit(repoId, pull.merged_commit_id, signal);
    const parent = commit.parents[0] ?? commit.id;
    const source = { repoId, left: parent, right: commit.id };
    return { status: 'merged', source, firstPage: await readRoot(source, signal) };
  }
  const source = { repoId, left: pull.destination_branch, right: pull.source_branch };
  try {
    const firstPage = await readRoot(source, signal);
    return { status: 'branches', source, firstPage, hasChanges: firstPage.results.length > 0 };
  } catch (error) {
    // The comparison names no side when a ref is missing: ask which one (only when it failed that way).
    if (!(error instanceof NotFoundError)) throw error;
    const missing = await missingBranch(repoId, [pull.destination_branch, pull.source_branch], signal);
    if (missing === undefined) throw error;
    return { status: 'missingBranch', branch: missing };
  }
}

export async function loadPullRequestPage(repoId: string, id: string, signal: AbortSignal): Promise<PullRequestPage> {
  let pull: PullRequest;
  try {
    pull = await getPullRequest(repoId, id, signal);
  } catch (error) {
    if (error instanceof NotFoundError) return { status: 'notFound' };
    throw error;
  }
  try {
    return { status: 'found', pull, changes: await readChanges(repoId, pull, signal) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { status: 'found', pull, changes: { status: 'failed', error } };
  }
}
