// What the layers above see of the catalog: the Catalog itself with the store's plain operations it hands on
// (VersionedStore), the shapes its calls take and return, the id rules they check inputs against, and the storage
// facts the console is told about.
export { Catalog, defaultStorageId, maxUploadParts } from './catalog';
export type {
  CompleteMultipartInput,
  CopyInput,
  CreateRepositoryInput,
  LinkInput,
  PresignedMultipartUpload,
  ReadOptions,
  StagingLocation,
  DeleteFailure,
  ObjectListItem,
  ObjectStats,
  StageInput,
  StoredObject,
  UploadInput,
} from './shapes';
export type { VersionedStore } from './versioned-store';
export {
  maxPartNumber,
  minPartBytes,
  type ChosenPart,
  type MultipartUpload,
  type ObjectAttributes,
  type UploadedPart,
  type UploadTarget,
} from './multipart-uploads';
export type { CommitGraphOptions, CommitGraphPage } from './commit-graph';
export type { PullRequestChange, PullRequestFilter, PullRequestInput, PullRequests } from './pull-requests';
export { noHooks, type HookEvent, type HookOperation, type Hooks } from './hooks';
export type { ImportInput, ImportSettings, ImportStatus } from './importer';
export { localStorageConfig, s3StorageConfig, type StorageConfig } from './storage-config';
export { gcGracePeriodSeconds } from './gc-config';
export type { CommitsPrepared, UncommittedPrepared } from '../gc';
export { validateBranchId, validateRepositoryId, validateTagId } from '../graveler';
export type {
  Branch,
  BranchProtection,
  BranchSummaries,
  BranchSummary,
  Commit,
  DiffItem,
  GcRules,
  MergeBase,
  MergeOptions,
  MergePreview,
  ObjectEntry,
  Page,
  PullRequestRecord,
  PullRequestStatus,
  Ref,
  RefsDump,
  Repository,
  RepositoryMetadata,
  TaskStatus,
  Usage,
} from '../graveler';
