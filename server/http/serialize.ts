// Store shapes → lakeFS wire shapes (snake_case, unix seconds). Each returns its wire schema's type, so a serialiser
// that drifts from the published schema does not compile.
import type { Acl, Credentials, CredentialsWithSecret, GroupRecord, PolicyRecord, User } from '../auth';
import type { HookRunRecord, RunRecord } from '../actions';
import { defaultStorageId, type BranchSummary, type Commit, type DiffItem, type GcRules, type MergeBase, type MergePreview, type ObjectEntry, type PullRequestRecord, type Ref, type Repository, type Usage } from '../catalog';
import { conflictJson } from './errors';
import type * as wire from './wire';

export const repositoryJson = (r: Repository): wire.Repository => ({
  id: r.id,
  creation_date: r.creationDate,
  default_branch: r.defaultBranch,
  storage_id: defaultStorageId,
  storage_namespace: r.storageNamespace,
  read_only: r.readOnly,
});

export const refJson = (r: Ref): wire.Ref => ({ id: r.id, commit_id: r.commitId });

export const branchSummaryJson = (b: BranchSummary): wire.BranchSummary => ({
  id: b.id,
  commit_id: b.commitId,
  commit_creation_date: b.commitCreationDate,
  ahead: b.ahead,
  behind: b.behind,
  ahead_capped: b.aheadCapped,
  behind_capped: b.behindCapped,
  merged: b.merged,
});

export const commitJson = (c: Commit): wire.Commit => ({
  id: c.id,
  parents: c.parents,
  committer: c.committer,
  message: c.message,
  creation_date: c.creationDate,
  meta_range_id: c.metaRangeId,
  metadata: c.metadata,
  generation: c.generation,
  version: c.version,
});

/** lakeFS reports an object stored without a content type as generic bytes. */
const contentTypeOf = (entry: ObjectEntry) => entry.contentType || 'application/octet-stream';

/** `physicalAddressExpiry` (unix seconds) comes with a presigned address. */
export function objectStatsJson(
  path: string,
  entry: ObjectEntry,
  physicalAddress: string,
  withMetadata: boolean,
  physicalAddressExpiry?: number,
): wire.ObjectStats {
  return {
    path,
    path_type: 'object',
    physical_address: physicalAddress,
    ...(physicalAddressExpiry !== undefined ? { physical_address_expiry: physicalAddressExpiry } : {}),
    checksum: entry.checksum,
    size_bytes: entry.size,
    mtime: entry.mtime,
    content_type: contentTypeOf(entry),
    ...(withMetadata ? { metadata: entry.metadata } : {}),
  };
}

export const foundObjectJson = (path: string, entry: ObjectEntry): wire.FoundObject => ({
  path,
  size_bytes: entry.size,
  mtime: entry.mtime,
  content_type: contentTypeOf(entry),
});

/** A common prefix has no data of its own, but ObjectStats requires these fields: lakeFS sends them empty. */
export const commonPrefixJson = (path: string): wire.ObjectStats => ({
  path,
  path_type: 'common_prefix',
  physical_address: '',
  checksum: '',
  mtime: 0,
});

/**
 * A change as lakeFS reports it. A removed object keeps its old size in a diff of two refs; in a branch's
 * uncommitted diff lakeFS reads the staged tombstone, whose size is 0 (`uncommitted`).
 */
export function diffJson(d: DiffItem, { includeRightStats = false, uncommitted = false }: { includeRightStats?: boolean; uncommitted?: boolean } = {}): wire.Diff {
  const sized = d.right ?? d.left;
  const size = uncommitted && d.type === 'removed' ? 0 : sized?.size;
  return {
    type: d.type,
    path: d.path,
    path_type: d.pathType,
    ...(d.pathType === 'object' && size !== undefined ? { size_bytes: size } : {}),
    ...(includeRightStats && d.right
      ? {
          right: {
            checksum: d.right.checksum,
            mtime: d.right.mtime,
            content_type: contentTypeOf(d.right),
            metadata: d.right.metadata,
          },
        }
      : {}),
  };
}

export const credentialsJson = (c: CredentialsWithSecret): wire.CredentialsWithSecret => ({
  access_key_id: c.access_key_id,
  secret_access_key: c.secret_access_key,
  creation_date: c.creation_date,
});

/** The user record as lakeFS shows it; for the caller, with the access key in use (Tarn's addition, see README). */
export const userJson = (u: User, accessKeyId?: string): wire.User => ({
  id: u.id,
  creation_date: u.creation_date,
  ...(u.friendly_name !== undefined ? { friendly_name: u.friendly_name } : {}),
  ...(u.email !== undefined ? { email: u.email } : {}),
  ...(accessKeyId ? { accessKeyId } : {}),
});

export const groupJson = (g: GroupRecord): wire.Group => ({
  id: g.id,
  name: g.id,
  ...(g.description !== undefined ? { description: g.description } : {}),
  creation_date: g.creation_date,
});

export const policyJson = (p: PolicyRecord): wire.Policy => ({
  id: p.id,
  creation_date: p.creation_date,
  statement: p.statement.map((s) => ({ effect: s.effect, resource: s.resource, action: s.action })),
});

export const credentialJson = (c: Credentials): wire.Credentials => ({ access_key_id: c.access_key_id, creation_date: c.creation_date });

export const aclJson = (acl: Acl): wire.ACL => ({
  permission: acl.permission,
  ...(acl.repositories?.length ? { repositories: acl.repositories } : {}),
});

export const mergeBaseJson = (b: MergeBase): wire.FindMergeBaseResult => ({
  source_commit_id: b.sourceCommitId,
  destination_commit_id: b.destinationCommitId,
  base_commit_id: b.baseCommitId,
});

export const mergePreviewJson = (p: MergePreview): wire.MergePreview => ({
  ...mergeBaseJson(p),
  changes: p.changes,
  fast_forward: p.fastForward,
  nothing_to_merge: p.nothingToMerge,
  conflicts: p.conflicts.map(conflictJson),
  conflicts_truncated: p.conflictsTruncated,
  destination_dirty: p.destinationDirty,
  destination_protected: p.destinationProtected,
  read_only: p.readOnly,
});

const isoSeconds = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

export const pullRequestJson = (pr: PullRequestRecord): wire.PullRequest => ({
  id: pr.id,
  status: pr.status,
  title: pr.title,
  description: pr.description,
  creation_date: isoSeconds(pr.creationDate),
  author: pr.author,
  source_branch: pr.sourceBranch,
  destination_branch: pr.destinationBranch,
  ...(pr.mergedCommitId !== undefined ? { merged_commit_id: pr.mergedCommitId } : {}),
  ...(pr.closedDate !== undefined ? { closed_date: isoSeconds(pr.closedDate) } : {}),
});

export const gcRulesJson = (r: GcRules): wire.GarbageCollectionRules => ({
  default_retention_days: r.defaultRetentionDays,
  branches: r.branches.map((b) => ({ branch_id: b.branchId, retention_days: b.retentionDays })),
});

export const actionRunJson = (r: RunRecord): wire.ActionRun => ({
  run_id: r.runId,
  branch: r.branchId,
  start_time: r.startTime,
  ...(r.endTime ? { end_time: r.endTime } : {}),
  event_type: r.eventType,
  status: r.status,
  commit_id: r.commitId,
});

export const hookRunJson = (h: HookRunRecord): wire.HookRun => ({
  hook_run_id: h.hookRunId,
  action: h.actionName,
  hook_id: h.hookId,
  start_time: h.startTime,
  ...(h.endTime ? { end_time: h.endTime } : {}),
  status: h.status,
});

export const usageJson = (u: Usage): wire.PrefixUsage => ({
  prefix: u.prefix,
  delimiter: u.delimiter,
  totals: u.totals,
  children: u.children,
  others: u.others,
  ...(u.staged
    ? {
        staged: {
          added: u.staged.added,
          changed: u.staged.changed,
          removed: u.staged.removed,
          objects: u.staged.objects,
          bytes: u.staged.bytes,
          bytes_written: u.staged.bytesWritten,
        },
      }
    : {}),
});
