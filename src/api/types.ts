// Wire types of the lakeFS-compatible REST API. They are declared once, as the server's zod schemas
// (server/http/wire), and only their types are imported here: no server code reaches the console's bundle.
import type { PagingQuery } from '../../server/http/query';
import type { CommPrefsInput, LoginConfig, mergeStrategies, pullRequestStatusFilters, resetTypes, Setup } from '../../server/http/wire';

export type {
  ACL,
  ActionRun,
  RepositoryEvent,
  AuditRecord,
  Credentials,
  Group,
  InvitedUser,
  Policy,
  Principals,
  Statement,
  AuthCapabilities,
  BranchProtectionRule,
  BranchSummary,
  BranchSummaryList,
  ConflictSide,
  ConflictVersion,
  GarbageCollectionRule,
  GarbageCollectionRules,
  HookRun,
  ImportCreation,
  ImportCreationResponse,
  ImportLocation,
  ImportStatus,
  MergeConflictPath,
  MergePreview,
  FindMergeBaseResult,
  AuthenticationToken,
  Commit,
  Config,
  CredentialsWithSecret,
  CurrentUser,
  Diff,
  DiffType,
  FoundObject,
  FoundObjectList,
  LoginConfig,
  Merge,
  MergeResult,
  ObjectCopyCreation,
  ObjectError,
  ObjectErrorList,
  ObjectStats,
  Page,
  Pagination,
  PathType,
  PrefixUsage,
  PullRequest,
  PullRequestBasic,
  PullRequestCreation,
  PullRequestCreationResponse,
  PullRequestMerge,
  PullRequestStatus,
  PullRequestsList,
  Ref,
  Repository,
  RepositoryCreation,
  RepositoryReadOnlySetting,
  SetupState,
  StagedUsage,
  StagingLocation,
  StorageConfig,
  TableColumn,
  TableDataFile,
  TableDetail,
  TableList,
  TableSummary,
  TableVersion,
  UsageChild,
  UsageTotals,
  User,
  VersionConfig,
} from '../../server/http/wire';

/** The paging query of a listing. */
export type PageParams = PagingQuery;

/** The setup screen always asks for the email address the server takes as optional. */
export type CommPrefs = Required<Pick<CommPrefsInput, 'email' | 'featureUpdates' | 'securityUpdates'>>;

/** The setup call as the setup screen makes it: the admin's name, and the preferences when they are missing. */
export type AdminSetup = Pick<Setup, 'username' | 'email' | 'featureUpdates' | 'securityUpdates'>;

export type ResetType = (typeof resetTypes)[number];

export type MergeStrategy = (typeof mergeStrategies)[number];

/** What the pull-request listing shows: one status, or all of them. */
export type PullRequestStatusFilter = (typeof pullRequestStatusFilters)[number];

export type RbacMode = NonNullable<LoginConfig['RBAC']>;

// The console's own view of a ref, never on the wire as such.

export type RefKind = 'branch' | 'tag' | 'commit';

export interface ResolvedRef {
  kind: RefKind;
  id: string;
  commitId: string;
}

