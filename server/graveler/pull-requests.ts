// The records of pull requests, kept in kv under the repository so that deleting the repository removes them. What a
// pull request may become, and merging it, are the catalog's rules (server/catalog/pull-requests.ts); the store keeps
// the records and changes them by compare-and-set only.
import { randomBytes } from 'node:crypto';
import { NotFoundError } from '../errors';
import type { Ctx } from './context';
import { encodeJson, keys, readJson, updateJson } from './records';

export type PullRequestStatus = 'open' | 'closed' | 'merged';

export interface PullRequestRecord {
  id: string;
  status: PullRequestStatus;
  title: string;
  description: string;
  /** Unix seconds. */
  creationDate: number;
  author: string;
  sourceBranch: string;
  destinationBranch: string;
  mergedCommitId?: string;
  /** Unix seconds of the last close or merge; absent while open. */
  closedDate?: number;
}

/**
 * Ids that sort as the pull requests were created, so a plain ascending scan lists them in creation order: the time
 * in milliseconds, then a sequence for those this process creates within the same millisecond, then random digits
 * that tell apart those several server processes create at once.
 */
export function pullRequestIdGenerator(clock: () => number = Date.now): () => string {
  let lastMillis = -1;
  let sequence = 0;
  return () => {
    const millis = Math.max(clock(), lastMillis);
    sequence = millis === lastMillis ? sequence + 1 : 0;
    lastMillis = millis;
    return `${millis.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(3, '0')}${randomBytes(3).toString('hex')}`;
  };
}

export async function createPullRequestRecord(ctx: Ctx, repo: string, record: PullRequestRecord): Promise<void> {
  // A new id is never taken; 'absent' only guards against the impossible.
  if (!(await ctx.kv.setIf(keys.pullRequest(repo, record.id), encodeJson(record), 'absent'))) {
    throw new Error(`pull request id ${record.id} is taken`);
  }
}

export async function readPullRequestRecord(ctx: Ctx, repo: string, id: string): Promise<PullRequestRecord> {
  const found = await readJson<PullRequestRecord>(ctx.kv, keys.pullRequest(repo, id));
  if (!found) throw new NotFoundError('pull request');
  return found.value;
}

/** Applies `change` to the pull request as updateJson does (it may throw to refuse); answers the record as written. */
export function updatePullRequestRecord(
  ctx: Ctx,
  repo: string,
  id: string,
  change: (current: PullRequestRecord) => PullRequestRecord,
): Promise<PullRequestRecord> {
  return updateJson(ctx.kv, keys.pullRequest(repo, id), 'pull request', change);
}
