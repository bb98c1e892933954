// The versioned store's plain operations: those to which the catalog adds no rule of its own, so the layers above
// call them as the store answers them (`catalog.store`). Reads of repositories, refs, commits and diffs, the resets
// and deletes the store guards itself (read-only repositories, branch protection), repository settings and
// metadata, refs dumps and restores, tree files and commit records. What the catalog does add rules to (hooks,
// object data in the namespace, presigned transfers, imports, ...) is a method of the catalog, never listed here.
import type { Graveler } from '../graveler';

export type VersionedStore = Pick<
  Graveler,
  // Repositories, branches, tags and commits
  | 'getRepository'
  | 'listRepositories'
  | 'getBranch'
  | 'listBranches'
  | 'summarizeBranches'
  | 'getTag'
  | 'listTags'
  | 'getCommit'
  | 'log'
  | 'findMergeBase'
  | 'previewMerge'
  | 'createCommitRecord'
  // Uncommitted changes (the store refuses them on a read-only repository or a protected branch)
  | 'resetBranch'
  | 'resetObject'
  | 'resetPrefix'
  | 'hardReset'
  | 'deleteObject'
  // Diffs, the file finder and storage insights
  | 'diffUncommitted'
  | 'diff'
  | 'findObjects'
  | 'usage'
  // Repository metadata and settings
  | 'getRepositoryMetadata'
  | 'setRepositoryMetadata'
  | 'deleteRepositoryMetadata'
  | 'setReadOnly'
  | 'getBranchProtection'
  | 'setBranchProtection'
  | 'addBranchProtectionRule'
  | 'deleteBranchProtectionRule'
  | 'getGcRules'
  | 'setGcRules'
  | 'deleteGcRules'
  // Refs dump and restore, tree files
  | 'dumpRefs'
  | 'restoreRefs'
  | 'submitDump'
  | 'submitRestore'
  | 'dumpStatus'
  | 'restoreStatus'
  | 'treeFileAddress'
  | 'readTreeFile'
>;
