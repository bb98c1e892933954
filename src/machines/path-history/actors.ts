// The History screen's reads and its one write over the real API.
import { fromPromise } from 'xstate';
import { logCommits } from '../../api/commits';
import { NotFoundError } from '../../api/errors';
import { copyObject, statObject } from '../../api/objects';
import { diffRefs } from '../../api/refs';
import type { ObjectStats, Page, PageParams } from '../../api/types';
import type { RestoreRequest } from './machine';
import { readVersions, type HistorySource, type PathVersion, type VersionReads } from './versions';

const liveReads: VersionReads = {
  log: (repoId, ref, params, signal) => logCommits(repoId, ref, params, signal),
  // A commit that removed the object has no stat for it: the version is a deletion.
  statAt: (repoId, commitId, path, signal) =>
    statObject(repoId, commitId, path, signal).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }),
  diff: (repoId, left, right, params, signal) => diffRefs(repoId, left, right, params, signal),
};

/** A page of a path's versions over the real API. */
export function fetchVersions(source: HistorySource, params: PageParams, signal: AbortSignal): Promise<Page<PathVersion>> {
  return readVersions(liveReads, source, params, signal);
}

/** Restoring is copying the object from the commit to the same path of the branch: an uncommitted change there. */
export const copyVersion = fromPromise<ObjectStats, RestoreRequest>(({ input: { repoId, branch, path, commitId }, signal }) =>
  copyObject(repoId, branch, path, { src_path: path, src_ref: commitId }, signal),
);
