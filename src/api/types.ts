// Wire types of the lakeFS-compatible REST API (field names exactly as on the wire).

export interface Pagination {
  has_more: boolean;
  next_offset: string;
  results: number;
  max_per_page: number;
}

export interface Page<T> {
  results: T[];
  pagination: Pagination;
}

export interface PageParams {
  prefix?: string;
  after?: string;
  amount?: number;
}

export interface Repository {
  id: string;
  creation_date: number;
  default_branch: string;
  storage_namespace: string;
  storage_id?: string;
  read_only?: boolean;
}

export interface RepositoryCreation {
  name: string;
  storage_namespace: string;
  default_branch: string;
  sample_data?: boolean;
  read_only?: boolean;
}

/** A branch or a tag: a name and the commit it points to. */
export interface Ref {
  id: string;
  commit_id: string;
}

export type RefKind = 'branch' | 'tag' | 'commit';

export interface ResolvedRef {
  kind: RefKind;
  id: string;
  commitId: string;
}

export interface Commit {
  id: string;
  parents: string[];
  committer: string;
  message: string;
  creation_date: number;
  meta_range_id: string;
  metadata?: Record<string, string>;
  generation?: number;
  version?: number;
}

export type PathType = 'object' | 'common_prefix';

export interface ObjectStats {
  path: string;
  path_type: PathType;
  physical_address?: string;
  physical_address_expiry?: number;
  checksum?: string;
  size_bytes?: number;
  mtime?: number;
  metadata?: Record<string, string>;
  content_type?: string;
}

export type DiffType = 'added' | 'removed' | 'changed' | 'conflict' | 'prefix_changed';

export interface Diff {
  type: DiffType;
  path: string;
  path_type: PathType;
  size_bytes?: number;
}

export type ResetType = 'reset' | 'object' | 'common_prefix';

export type MergeStrategy = '' | 'source-wins' | 'dest-wins';

export interface MergeResult {
  reference: string;
}

export interface User {
  id: string;
  creation_date: number;
  friendly_name?: string;
  email?: string;
  /** The access key of the current session; only on GET /user from a Tarn server. */
  accessKeyId?: string;
}

export interface CurrentUser {
  user: User;
}

export interface CredentialsWithSecret {
  access_key_id: string;
  secret_access_key: string;
  creation_date: number;
}

export interface AuthenticationToken {
  token: string;
  token_expiration?: number;
}

export interface AuthCapabilities {
  invite_user?: boolean;
  forgot_password?: boolean;
}

export type RbacMode = 'none' | 'simplified' | 'internal' | 'external';

export interface LoginConfig {
  RBAC?: RbacMode;
  username_ui_placeholder?: string;
  password_ui_placeholder?: string;
  login_url: string;
  login_url_method?: 'none' | 'redirect' | 'select';
  login_failed_message?: string;
  fallback_login_url?: string;
  fallback_login_label?: string;
  login_cookie_names: string[];
  logout_url: string;
}

export interface SetupState {
  state?: 'initialized' | 'not_initialized';
  comm_prefs_missing?: boolean;
  login_config?: LoginConfig;
}

export interface CommPrefs {
  email: string;
  featureUpdates: boolean;
  securityUpdates: boolean;
}

export interface StorageConfig {
  blockstore_type: string;
  blockstore_namespace_example: string;
  blockstore_namespace_ValidityRegex: string;
  default_namespace_prefix?: string;
  pre_sign_support: boolean;
  pre_sign_support_ui: boolean;
  import_support: boolean;
  import_validity_regex: string;
  pre_sign_multipart_upload?: boolean;
  blockstore_id?: string;
  blockstore_description?: string;
}

export interface VersionConfig {
  version?: string;
  version_context?: string;
  latest_version?: string;
  upgrade_recommended?: boolean;
  upgrade_url?: string;
}

export interface Config {
  version_config?: VersionConfig;
  storage_config?: StorageConfig;
  storage_config_list?: StorageConfig[];
}

export interface StagingLocation {
  physical_address?: string;
  presigned_url?: string;
  presigned_url_expiry?: number;
}
