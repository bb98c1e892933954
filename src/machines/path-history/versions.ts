// The versions of a path in a ref's history: the commits that changed it (the commit log's `objects` / `prefixes`
// filters), each with what it left there: an object's size and checksum as of the commit (or that it was deleted),
// a prefix's count of objects added, changed and removed against the commit's first parent.
import type { Commit, Diff, ObjectStats, Page, PageParams } from '../../api/types';
import type { LogParams } from '../../api/commits';
import { countChanges, type ChangeCounts } from '../change-summary/count';

/** Whose history is listed: a path of a ref; a path ending in `/` is a prefix. */
export interface HistorySource {
  repoId: string;
  ref: string;
  path: string;
}

export const isPrefix = (path: string): boolean => path.endsWith('/');

/** Commits listed at a time: each asks one more call (a stat, or a page of its diff). */
export const HISTORY_PAGE_SIZE = 25;

/** A prefix's changes in one commit are counted up to here, then shown as "1,000+". */
export const HISTORY_COUNT_LIMIT = 1000;

export interface PrefixCounts {
  added: number;
  changed: number;
  removed: number;
  /** Counting stopped at HISTORY_COUNT_LIMIT: there are more. */
  capped: boolean;
}

/** What a commit left at the path. */
export type VersionState =
  | { kind: 'object'; size: number; checksum: string }
  /** The commit removed the object. */
  | { kind: 'deleted' }
  /** `counts` is undefined for a commit with no parent, which has nothing to be compared with. */
  | { kind: 'prefix'; counts: PrefixCounts | undefined };

export interface PathVersion {
  commit: Commit;
  state: VersionState;
}

/** The calls a page of versions is made of (the API's, or a test's fakes). */
export interface VersionReads {
  log: (repoId: string, ref: string, params: LogParams, signal: AbortSignal) => Promise<Page<Commit>>;
  /** The object's stat at a commit; undefined when it is not there. */
  statAt: (repoId: string, commitId: string, path: string, signal: AbortSignal) => Promise<ObjectStats | undefined>;
  diff: (repoId: string, left: string, right: string, params: { prefix: string; after?: string; amount: number }, signal: AbortSignal) => Promise<Page<Diff>>;
}

function prefixCounts(counts: ChangeCounts): PrefixCounts {
  return {
    added: counts.counts.added,
    changed: counts.counts.changed,
    removed: counts.counts.removed,
    capped: counts.resumeAfter !== undefined,
  };
}

async function versionOf(reads: VersionReads, { repoId, path }: HistorySource, commit: Commit, signal: AbortSignal): Promise<PathVersion> {
  if (isPrefix(path)) {
    const parent = commit.parents[0];
    if (parent === undefined) return { commit, state: { kind: 'prefix', counts: undefined } };
    const counted = await countChanges(({ after, amount }) => reads.diff(repoId, parent, commit.id, { prefix: path, after, amount }, signal), undefined, HISTORY_COUNT_LIMIT);
    return { commit, state: { kind: 'prefix', counts: prefixCounts(counted) } };
  }
  const stats = await reads.statAt(repoId, commit.id, path, signal);
  return { commit, state: stats ? { kind: 'object', size: stats.size_bytes ?? 0, checksum: stats.checksum } : { kind: 'deleted' } };
}

/** One page of a path's versions, newest first, paged by commit id as the log is. */
export async function readVersions(reads: VersionReads, source: HistorySource, { after, amount }: PageParams, signal: AbortSignal): Promise<Page<PathVersion>> {
  const filter = isPrefix(source.path) ? { prefixes: [source.path] } : { objects: [source.path] };
  const page = await reads.log(source.repoId, source.ref, { after, amount, ...filter }, signal);
  const results = await Promise.all(page.results.map((commit) => versionOf(reads, source, commit, signal)));
  return { results, pagination: page.pagination };
}
