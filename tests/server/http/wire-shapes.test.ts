// Every answer of a real HTTP session, checked against lakeFS's API document (`api/swagger.yml`): each operation of
// the document is published under lakeFS's operationId, method and path, with lakeFS's success status and answer;
// every JSON answer is checked field by field against lakeFS's schemas (required fields present with the right
// types, and no field lakeFS does not name), and a success lakeFS sends without a body comes without one. The
// session must get a success answer from every route the server publishes, so a new route without a shape here fails
// this test. The schemas the server publishes (its zod wire schemas, which also type the console) are checked
// against the same table.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openS3BlockStore } from '../../../server/blockstore';
import { computeCommitId } from '../../../server/graveler/commit-id';
import { deltaTable } from '../../table-fixtures';
import { startS3Server, type TestS3Server } from '../s3-server';
import { basicAuth, client, startTestServer, type Client, type TestServer } from './harness';

// `name*` is required. Types: string, integer, boolean, object (any), map (string → string), Schema, T[] for a
// list, and a|b|c for a string enum; a trailing `?` lets the value be null. A schema that is not an object with
// fields is `=type` (RepositoryMetadata is a map).
const lakeFS: Record<string, string> = {
  Error: 'message*:string',
  Pagination: 'has_more*:boolean next_offset*:string results*:integer max_per_page*:integer',
  Repository:
    'id*:string creation_date*:integer default_branch*:string storage_id:string storage_namespace*:string read_only:boolean',
  RepositoryList: 'pagination*:Pagination results*:Repository[]',
  Ref: 'id*:string commit_id*:string',
  RefList: 'pagination*:Pagination results*:Ref[]',
  Commit:
    'id*:string parents*:string[] committer*:string message*:string creation_date*:integer meta_range_id*:string ' +
    'metadata:map generation:integer version:integer',
  CommitList: 'pagination*:Pagination results*:Commit[]',
  ObjectStats:
    'path*:string path_type*:common_prefix|object physical_address*:string physical_address_expiry:integer ' +
    'checksum*:string size_bytes:integer mtime*:integer metadata:map content_type:string',
  ObjectStatsList: 'pagination*:Pagination results*:ObjectStats[]',
  ObjectError: 'status_code*:integer message*:string path:string',
  ObjectErrorList: 'errors*:ObjectError[]',
  Diff: 'type*:added|removed|changed|conflict|prefix_changed path*:string path_type*:common_prefix|object size_bytes:integer right:DiffObjectStat',
  DiffObjectStat: 'checksum*:string mtime*:integer content_type*:string metadata:map',
  DiffList: 'pagination*:Pagination results*:Diff[]',
  MergeResult: 'reference*:string',
  PullRequestBasic: 'status:open|closed|merged title:string description:string',
  PullRequest:
    'id*:string status*:open|closed|merged title*:string description*:string creation_date*:string author*:string ' +
    'source_branch*:string destination_branch*:string merged_commit_id:string closed_date:string',
  PullRequestsList: 'pagination*:Pagination results*:PullRequest[]',
  PullRequestCreation: 'title*:string description:string source_branch*:string destination_branch*:string',
  PullRequestCreationResponse: 'id*:string',
  FindMergeBaseResult: 'source_commit_id*:string destination_commit_id*:string base_commit_id*:string',
  ObjectCopyCreation: 'src_path*:string src_ref:string force:boolean shallow:boolean',
  UpdateObjectUserMetadata: 'set*:map',
  RepositoryMetadata: '=map',
  RepositoryMetadataSet: 'metadata*:map',
  RepositoryMetadataKeys: 'keys*:string[]',
  RefsDump: 'commits_meta_range_id*:string tags_meta_range_id*:string branches_meta_range_id*:string',
  RefsRestore: 'commits_meta_range_id*:string tags_meta_range_id*:string branches_meta_range_id*:string force:boolean',
  TaskInfo: 'id*:string',
  RepositoryDumpStatus: 'id*:string done*:boolean update_time*:string error:string refs:RefsDump',
  RepositoryRestoreStatus: 'id*:string done*:boolean update_time*:string error:string',
  StorageURI: 'location*:string',
  ObjectStageCreation:
    'physical_address*:string checksum*:string size_bytes*:integer mtime:integer metadata:map content_type:string force:boolean',
  UnderlyingObjectProperties: 'storage_class:string?',
  CommitRecordCreation:
    'commit_id*:string version*:integer committer*:string message*:string metarange_id*:string creation_date*:integer ' +
    'parents*:string[] metadata:map generation*:integer force:boolean',
  InstallationUsageReport: 'installation_id*:string reports*:UsageReport[]',
  UsageReport: 'year*:integer month*:integer count*:integer',
  Config:
    'version_config:VersionConfig storage_config:StorageConfig storage_config_list:StorageConfig[] ui_config:UIConfig ' +
    'capabilities_config:object',
  UIConfig: 'custom_viewers:CustomViewer[]',
  CustomViewer: 'name*:string url*:string extensions:string[] content_types:string[]',
  VersionConfig: 'version:string version_context:string latest_version:string upgrade_recommended:boolean upgrade_url:string',
  StorageConfig:
    'blockstore_type*:string blockstore_namespace_example*:string blockstore_namespace_ValidityRegex*:string ' +
    'default_namespace_prefix:string pre_sign_support*:boolean pre_sign_support_ui*:boolean import_support*:boolean ' +
    'import_validity_regex*:string pre_sign_multipart_upload:boolean blockstore_id:string blockstore_description:string',
  SetupState: 'state:initialized|not_initialized comm_prefs_missing:boolean login_config:LoginConfig',
  LoginConfig:
    'RBAC:none|simplified|internal|external username_ui_placeholder:string password_ui_placeholder:string ' +
    'login_url*:string login_url_method:none|redirect|select login_failed_message:string fallback_login_url:string ' +
    'fallback_login_label:string login_cookie_names*:string[] logout_url*:string',
  CredentialsWithSecret: 'access_key_id*:string secret_access_key*:string creation_date*:integer',
  AuthenticationToken: 'token*:string token_expiration:integer',
  AuthCapabilities: 'invite_user:boolean forgot_password:boolean',
  User: 'id*:string creation_date*:integer friendly_name:string email:string',
  CurrentUser: 'user*:User',
  UserList: 'pagination*:Pagination results*:User[]',
  UserCreation: 'id*:string invite_user:boolean',
  // lakeFS answers an invitation with a User; Tarn's InvitedUser adds the activation link (see ourAdditions).
  InvitedUser: 'id*:string creation_date*:integer friendly_name:string email:string',
  Group: 'id*:string name:string description:string creation_date*:integer',
  GroupList: 'pagination*:Pagination results*:Group[]',
  GroupCreation: 'id*:string description:string',
  // lakeFS declares a string; these four are the values it accepts.
  ACL: 'permission*:Admin|Read|Super|Write',
  // lakeFS's optional `condition` (IP and string conditions) is not offered.
  Statement: 'effect*:allow|deny resource*:string action*:string[]',
  Policy: 'id*:string creation_date:integer statement*:Statement[]',
  PolicyList: 'pagination*:Pagination results*:Policy[]',
  Credentials: 'access_key_id*:string creation_date*:integer',
  CredentialsList: 'pagination*:Pagination results*:Credentials[]',
  UpdatePasswordByToken: 'token*:string newPassword*:string email:string',
  // Tarn's own file finder.
  FoundObject: 'path*:string size_bytes*:integer mtime*:integer content_type:string',
  FoundObjectList: 'pagination*:Pagination results*:FoundObject[]',
  // Tarn's own storage insights.
  PrefixUsage: 'prefix*:string delimiter*:string totals*:UsageTotals children*:UsageChild[] others*:UsageOthers staged:StagedUsage',
  UsageTotals: 'objects*:integer bytes*:integer',
  UsageChild: 'path*:string type*:common_prefix|object objects*:integer bytes*:integer',
  UsageOthers: 'children*:integer objects*:integer bytes*:integer',
  StagedUsage: 'added*:integer changed*:integer removed*:integer objects*:integer bytes*:integer bytes_written*:integer',
  // Tarn's own tables of a ref.
  TableColumn: 'name*:string type*:string nullable*:boolean',
  TableSummary:
    'path*:string format*:delta|iceberg version*:string? schema*:TableColumn[] partition_columns*:string[] files*:integer? ' +
    'rows*:integer? error*:string?',
  TableList: 'pagination*:Pagination results*:TableSummary[]',
  TableVersion: 'version*:string time*:integer? operation*:string files_added*:integer? files_removed*:integer? rows_added*:integer?',
  TableDataFile: 'path*:string size_bytes*:integer rows*:integer?',
  TableDetail:
    'path*:string format*:delta|iceberg version*:string? schema*:TableColumn[] partition_columns*:string[] files*:integer? ' +
    'rows*:integer? history*:TableVersion[] data_files*:TableDataFile[]',
  // Tarn's own branch list with each branch's distance from the default branch.
  BranchSummary:
    'id*:string commit_id*:string commit_creation_date*:integer ahead*:integer behind*:integer ahead_capped*:boolean ' +
    'behind_capped*:boolean merged*:boolean',
  BranchSummaryList: 'default_branch*:string pagination*:Pagination results*:BranchSummary[]',
  // Tarn's own audit log.
  AuditRecord:
    'time*:string user:string access_key_id:string action:string resource:string operation*:string method*:string ' +
    'path*:string status*:integer client:string repository:string request_id:string',
  AuditRecordList: 'pagination*:Pagination results*:AuditRecord[]',
  // Tarn's own answer to "who can do this?".
  Principals: 'users*:string[] groups*:string[]',
  // Tarn's own merge dry run. A conflict's side is null where it deleted the path, which the published document
  // cannot say of a reference: the session's conflict keeps both sides.
  MergePreview:
    'source_commit_id*:string destination_commit_id*:string base_commit_id*:string changes*:integer fast_forward*:boolean ' +
    'nothing_to_merge*:boolean conflicts*:MergeConflictPath[] conflicts_truncated*:boolean destination_dirty*:boolean ' +
    'destination_protected*:boolean read_only*:boolean',
  MergeConflictPath: 'path*:string source*:ConflictVersion dest*:ConflictVersion',
  ConflictVersion: 'size_bytes*:integer mtime*:integer checksum*:string content_type*:string',
  GarbageCollectionRules: 'default_retention_days*:integer branches*:GarbageCollectionRule[]',
  GarbageCollectionRule: 'branch_id*:string retention_days*:integer',
  GarbageCollectionConfig: 'grace_period:integer',
  GarbageCollectionPrepareResponse:
    'run_id*:string gc_commits_location*:string gc_addresses_location*:string gc_commits_presigned_url:string',
  PrepareGarbageCollectionCommitsStatus:
    'task_id*:string completed*:boolean update_time*:string result:GarbageCollectionPrepareResponse error:Error',
  PrepareGCUncommittedRequest: 'continuation_token:string',
  PrepareGCUncommittedResponse: 'run_id*:string gc_uncommitted_location*:string continuation_token:string',
  BranchProtectionRule: 'pattern*:string',
  // lakeFS's statuses are completed|failed only: Tarn records runs as they start, so they can be running too, and
  // a hook after a failed one is skipped (server/http/wire/actions.ts).
  ActionRun:
    'run_id*:string branch*:string start_time*:string end_time:string event_type*:string status*:completed|failed|running commit_id*:string',
  ActionRunList: 'pagination*:Pagination results*:ActionRun[]',
  HookRun: 'hook_run_id*:string action*:string hook_id*:string start_time*:string end_time:string status*:completed|failed|running|skipped',
  HookRunList: 'pagination*:Pagination results*:HookRun[]',
  StagingLocation: 'physical_address:string presigned_url:string? presigned_url_expiry:integer',
  StagingMetadata:
    'staging*:StagingLocation checksum*:string size_bytes*:integer user_metadata:map content_type:string mtime:integer force:boolean',
  PresignMultipartUpload: 'upload_id*:string physical_address*:string presigned_urls:string[]',
  UploadPart: 'part_number*:integer etag*:string',
  CompletePresignMultipartUpload: 'physical_address*:string parts*:UploadPart[] user_metadata:map content_type:string',
  AbortPresignMultipartUpload: 'physical_address*:string',
  UploadPartFrom: 'physical_address*:string',
  UploadTo: 'presigned_url*:string',
  CopyPartSource: 'repository*:string ref*:string path*:string range:string',
  // lakeFS declares it as UploadPartFrom and the copy's source (allOf); Tarn publishes the fields together.
  UploadPartCopyFrom: 'physical_address*:string copy_source*:CopyPartSource',
  ImportLocation: 'type*:common_prefix|object path*:string destination*:string',
  // lakeFS declares a CommitCreation, of which an import takes the message and metadata only: Tarn names just those.
  ImportCreation: 'paths*:ImportLocation[] commit*:ImportCommit force:boolean',
  ImportCommit: 'message*:string metadata:map',
  ImportCreationResponse: 'id*:string',
  ExternalLoginInformation: 'token_expiration_duration:integer identityRequest*:object',
  AccessKeyCredentials: 'access_key_id*:string secret_access_key*:string',
  StatsEvent: 'class*:string name*:string count*:integer',
  StatsEventsList: 'events*:StatsEvent[]',
  StsAuthRequest: 'code*:string state*:string redirect_uri*:string ttl_seconds:integer',
  ExternalPrincipalCreation: 'settings:object',
  ImportStatus: 'completed*:boolean update_time*:string ingested_objects:integer metarange_id:string commit:Commit error:Error',
};

/**
 * Every operation of lakeFS's document, by operationId: its method, path, first success status and that answer's
 * body (a schema, `bytes`, `text`, or none).
 */
const lakeFSOperations: Record<string, string> = {
setupCommPrefs: 'POST /setup_comm_prefs 200',
  getSetupState: 'GET /setup_lakefs 200 SetupState',
  setup: 'POST /setup_lakefs 200 CredentialsWithSecret',
  getCurrentUser: 'GET /user 200 CurrentUser',
  login: 'POST /auth/login 200 AuthenticationToken',
  externalPrincipalLogin: 'POST /auth/external/principal/login 200 AuthenticationToken',
  stsLogin: 'POST /sts/login 200 AuthenticationToken',
  getAuthCapabilities: 'GET /auth/capabilities 200 AuthCapabilities',
  listUsers: 'GET /auth/users 200 UserList',
  createUser: 'POST /auth/users 201 User',
  getUser: 'GET /auth/users/{userId} 200 User',
  deleteUser: 'DELETE /auth/users/{userId} 204',
  listGroups: 'GET /auth/groups 200 GroupList',
  createGroup: 'POST /auth/groups 201 Group',
  getGroup: 'GET /auth/groups/{groupId} 200 Group',
  deleteGroup: 'DELETE /auth/groups/{groupId} 204',
  listPolicies: 'GET /auth/policies 200 PolicyList',
  createPolicy: 'POST /auth/policies 201 Policy',
  getPolicy: 'GET /auth/policies/{policyId} 200 Policy',
  updatePolicy: 'PUT /auth/policies/{policyId} 200 Policy',
  deletePolicy: 'DELETE /auth/policies/{policyId} 204',
  listGroupMembers: 'GET /auth/groups/{groupId}/members 200 UserList',
  addGroupMembership: 'PUT /auth/groups/{groupId}/members/{userId} 201',
  deleteGroupMembership: 'DELETE /auth/groups/{groupId}/members/{userId} 204',
  listUserCredentials: 'GET /auth/users/{userId}/credentials 200 CredentialsList',
  createCredentials: 'POST /auth/users/{userId}/credentials 201 CredentialsWithSecret',
  deleteCredentials: 'DELETE /auth/users/{userId}/credentials/{accessKeyId} 204',
  getCredentials: 'GET /auth/users/{userId}/credentials/{accessKeyId} 200 Credentials',
  listUserGroups: 'GET /auth/users/{userId}/groups 200 GroupList',
  listUserPolicies: 'GET /auth/users/{userId}/policies 200 PolicyList',
  attachPolicyToUser: 'PUT /auth/users/{userId}/policies/{policyId} 201',
  detachPolicyFromUser: 'DELETE /auth/users/{userId}/policies/{policyId} 204',
  createUserExternalPrincipal: 'POST /auth/users/{userId}/external/principals 201',
  deleteUserExternalPrincipal: 'DELETE /auth/users/{userId}/external/principals 204',
  listUserExternalPrincipals: 'GET /auth/users/{userId}/external/principals/ls 200 ExternalPrincipalList',
  getExternalPrincipal: 'GET /auth/external/principals 200 ExternalPrincipal',
  listGroupPolicies: 'GET /auth/groups/{groupId}/policies 200 PolicyList',
  attachPolicyToGroup: 'PUT /auth/groups/{groupId}/policies/{policyId} 201',
  detachPolicyFromGroup: 'DELETE /auth/groups/{groupId}/policies/{policyId} 204',
  setGroupACL: 'POST /auth/groups/{groupId}/acl 201',
  getGroupACL: 'GET /auth/groups/{groupId}/acl 200 ACL',
  listRepositories: 'GET /repositories 200 RepositoryList',
  createRepository: 'POST /repositories 201 Repository',
  getRepository: 'GET /repositories/{repository} 200 Repository',
  deleteRepository: 'DELETE /repositories/{repository} 204',
  getRepositoryMetadata: 'GET /repositories/{repository}/metadata 200 RepositoryMetadata',
  setRepositoryMetadata: 'POST /repositories/{repository}/metadata 204',
  deleteRepositoryMetadata: 'DELETE /repositories/{repository}/metadata 204',
  getGCRules: 'GET /repositories/{repository}/settings/gc_rules 200 GarbageCollectionRules',
  setGCRules: 'PUT /repositories/{repository}/settings/gc_rules 204',
  deleteGCRules: 'DELETE /repositories/{repository}/settings/gc_rules 204',
  getBranchProtectionRules: 'GET /repositories/{repository}/settings/branch_protection 200 BranchProtectionRule[]',
  setBranchProtectionRules: 'PUT /repositories/{repository}/settings/branch_protection 204',
  dumpRefs: 'PUT /repositories/{repository}/refs/dump 201 RefsDump',
  restoreRefs: 'PUT /repositories/{repository}/refs/restore 200',
  dumpSubmit: 'POST /repositories/{repository}/dump 202 TaskInfo',
  dumpStatus: 'GET /repositories/{repository}/dump 200 RepositoryDumpStatus',
  restoreSubmit: 'POST /repositories/{repository}/restore 202 TaskInfo',
  restoreStatus: 'GET /repositories/{repository}/restore 200 RepositoryRestoreStatus',
  listTags: 'GET /repositories/{repository}/tags 200 RefList',
  createTag: 'POST /repositories/{repository}/tags 201 Ref',
  getTag: 'GET /repositories/{repository}/tags/{tag} 200 Ref',
  deleteTag: 'DELETE /repositories/{repository}/tags/{tag} 204',
  listBranches: 'GET /repositories/{repository}/branches 200 RefList',
  createBranch: 'POST /repositories/{repository}/branches 201 text',
  logCommits: 'GET /repositories/{repository}/refs/{ref}/commits 200 CommitList',
  commit: 'POST /repositories/{repository}/branches/{branch}/commits 201 Commit',
  CreateCommitRecord: 'POST /repositories/{repository}/commits 204',
  getBranch: 'GET /repositories/{repository}/branches/{branch} 200 Ref',
  deleteBranch: 'DELETE /repositories/{repository}/branches/{branch} 204',
  resetBranch: 'PUT /repositories/{repository}/branches/{branch} 204',
  hardResetBranch: 'PUT /repositories/{repository}/branches/{branch}/hard_reset 204',
  revertBranch: 'POST /repositories/{repository}/branches/{branch}/revert 204',
  cherryPick: 'POST /repositories/{repository}/branches/{branch}/cherry-pick 201 Commit',
  mergeIntoBranch: 'POST /repositories/{repository}/refs/{sourceRef}/merge/{destinationBranch} 200 MergeResult',
  findMergeBase: 'GET /repositories/{repository}/refs/{sourceRef}/merge/{destinationBranch} 200 FindMergeBaseResult',
  diffBranch: 'GET /repositories/{repository}/branches/{branch}/diff 200 DiffList',
  diffRefs: 'GET /repositories/{repository}/refs/{leftRef}/diff/{rightRef} 200 DiffList',
  getCommit: 'GET /repositories/{repository}/commits/{commitId} 200 Commit',
  getObject: 'GET /repositories/{repository}/refs/{ref}/objects 200 bytes',
  headObject: 'HEAD /repositories/{repository}/refs/{ref}/objects 200',
  createPresignMultipartUpload: 'POST /repositories/{repository}/branches/{branch}/staging/pmpu 201 PresignMultipartUpload',
  completePresignMultipartUpload: 'PUT /repositories/{repository}/branches/{branch}/staging/pmpu/{uploadId} 200 ObjectStats',
  abortPresignMultipartUpload: 'DELETE /repositories/{repository}/branches/{branch}/staging/pmpu/{uploadId} 204',
  uploadPart: 'PUT /repositories/{repository}/branches/{branch}/staging/pmpu/{uploadId}/parts/{partNumber} 200 UploadTo',
  uploadPartCopy: 'PUT /repositories/{repository}/branches/{branch}/staging/pmpu/{uploadId}/parts/{partNumber}/copy 204',
  getPhysicalAddress: 'GET /repositories/{repository}/branches/{branch}/staging/backing 200 StagingLocation',
  linkPhysicalAddress: 'PUT /repositories/{repository}/branches/{branch}/staging/backing 200 ObjectStats',
  importStatus: 'GET /repositories/{repository}/branches/{branch}/import 200 ImportStatus',
  importStart: 'POST /repositories/{repository}/branches/{branch}/import 202 ImportCreationResponse',
  importCancel: 'DELETE /repositories/{repository}/branches/{branch}/import 204',
  uploadObjectPreflight: 'GET /repositories/{repository}/branches/{branch}/objects/stage_allowed 204',
  stageObject: 'PUT /repositories/{repository}/branches/{branch}/objects 201 ObjectStats',
  uploadObject: 'POST /repositories/{repository}/branches/{branch}/objects 201 ObjectStats',
  deleteObject: 'DELETE /repositories/{repository}/branches/{branch}/objects 204',
  deleteObjects: 'POST /repositories/{repository}/branches/{branch}/objects/delete 200 ObjectErrorList',
  copyObject: 'POST /repositories/{repository}/branches/{branch}/objects/copy 201 ObjectStats',
  statObject: 'GET /repositories/{repository}/refs/{ref}/objects/stat 200 ObjectStats',
  updateObjectUserMetadata: 'PUT /repositories/{repository}/branches/{branch}/objects/stat/user_metadata 201',
  getUnderlyingProperties: 'GET /repositories/{repository}/refs/{ref}/objects/underlyingProperties 200 UnderlyingObjectProperties',
  listObjects: 'GET /repositories/{repository}/refs/{ref}/objects/ls 200 ObjectStatsList',
  createSymlinkFile: 'POST /repositories/{repository}/refs/{branch}/symlink 201 StorageURI',
  listRepositoryRuns: 'GET /repositories/{repository}/actions/runs 200 ActionRunList',
  getRun: 'GET /repositories/{repository}/actions/runs/{run_id} 200 ActionRun',
  listRunHooks: 'GET /repositories/{repository}/actions/runs/{run_id}/hooks 200 HookRunList',
  getRunHookOutput: 'GET /repositories/{repository}/actions/runs/{run_id}/hooks/{hook_run_id}/output 200 bytes',
  getMetadataObject: 'GET /repositories/{repository}/metadata/object/{type}/{object_id} 200 bytes',
  getMetaRange: 'GET /repositories/{repository}/metadata/meta_range/{meta_range} 200 StorageURI',
  getRange: 'GET /repositories/{repository}/metadata/range/{range} 200 StorageURI',
  setGarbageCollectionRulesPreflight: 'GET /repositories/{repository}/gc/rules/set_allowed 204',
  internalGetGarbageCollectionRules: 'GET /repositories/{repository}/gc/rules 200 GarbageCollectionRules',
  internalSetGarbageCollectionRules: 'POST /repositories/{repository}/gc/rules 204',
  internalDeleteGarbageCollectionRules: 'DELETE /repositories/{repository}/gc/rules 204',
  prepareGarbageCollectionCommits: 'POST /repositories/{repository}/gc/prepare_commits 201 GarbageCollectionPrepareResponse',
  prepareGarbageCollectionUncommitted: 'POST /repositories/{repository}/gc/prepare_uncommited 201 PrepareGCUncommittedResponse',
  createBranchProtectionRulePreflight: 'GET /repositories/{repository}/branch_protection/set_allowed 204',
  internalGetBranchProtectionRules: 'GET /repositories/{repository}/branch_protection 200 BranchProtectionRule[]',
  internalCreateBranchProtectionRule: 'POST /repositories/{repository}/branch_protection 204',
  internalDeleteBranchProtectionRule: 'DELETE /repositories/{repository}/branch_protection 204',
  listPullRequests: 'GET /repositories/{repository}/pulls 200 PullRequestsList',
  createPullRequest: 'POST /repositories/{repository}/pulls 201 PullRequestCreationResponse',
  getPullRequest: 'GET /repositories/{repository}/pulls/{pull_request} 200 PullRequest',
  updatePullRequest: 'PATCH /repositories/{repository}/pulls/{pull_request} 200',
  mergePullRequest: 'PUT /repositories/{repository}/pulls/{pull_request}/merge 200 MergeResult',
  healthCheck: 'GET /healthcheck 204',
  getConfig: 'GET /config 200 Config',
  getLakeFSVersion: 'GET /config/version 200 VersionConfig',
  getStorageConfig: 'GET /config/storage 200 StorageConfig',
  getGarbageCollectionConfig: 'GET /config/garbage-collection 200 GarbageCollectionConfig',
  postStatsEvents: 'POST /statistics 204',
  getUsageReportSummary: 'GET /usage-report/summary 200 InstallationUsageReport',
  getLicense: 'GET /license 200 License',
  oauthCallback: 'GET /oidc/callback 302',
};

/** lakeFS's calls Tarn answers only with 501, as lakeFS's open-source server does without an Enterprise license or an external authenticator. */
const answeredNotImplemented = new Set([
  'getLicense',
  'externalPrincipalLogin',
  'stsLogin',
  'oauthCallback',
  'createUserExternalPrincipal',
  'deleteUserExternalPrincipal',
  'listUserExternalPrincipals',
  'getExternalPrincipal',
]);

/** Answers Tarn publishes under a name of its own, with lakeFS's fields (a named list; a User with its activation link). */
const renamedAnswers: Record<string, string> = {
  getBranchProtectionRules: 'BranchProtectionRules',
  internalGetBranchProtectionRules: 'BranchProtectionRules',
  createUser: 'InvitedUser',
};

/** Tarn's calls beyond lakeFS's document: its own, and lakeFS Enterprise's later ones (answered 501). */
const ourOperations = new Set([
  'updatePasswordByToken',
  'whoCan',
  'findObjects',
  'getUsage',
  'commitGraph',
  'listBranchSummaries',
  'setReadOnly',
  'getOpenAPIDocument',
  'prepareGarbageCollectionCommitsAsync',
  'prepareGarbageCollectionCommitsStatus',
  'commitAsync',
  'commitAsyncStatus',
  'mergeIntoBranchAsync',
  'mergeIntoBranchAsyncStatus',
  'previewMerge',
  'listAuditLog',
  'streamRepositoryEvents',
  'listTables',
  'describeTable',
]);

/** Routes no session here can answer with success: s3rver has no AbortMultipartUpload (its refusals are checked). */
const unanswerable = new Set(['DELETE /repositories/{repository}/branches/{branch}/staging/pmpu/{uploadId}']);

/** Answers that are a bare list (lakeFS declares them inline; we name them), by the name of their items. */
const listsOf: Record<string, string> = { BranchProtectionRules: 'BranchProtectionRule' };

/**
 * Optional fields that lakeFS sends all the same (its handlers always set them), by kind of row; a common prefix
 * row carries only the fields ObjectStats requires.
 */
const alsoSent: Record<string, (row: Record<string, unknown>) => { fields: string[]; only?: boolean }> = {
  Repository: () => ({ fields: ['read_only', 'storage_id'] }),
  Commit: () => ({ fields: ['metadata', 'generation', 'version'] }),
  ObjectStats: (row) =>
    row.path_type === 'object'
      ? { fields: ['size_bytes', 'content_type'] }
      : { fields: ['path', 'path_type', 'physical_address', 'checksum', 'mtime'], only: true },
  Diff: (row) => (row.path_type === 'object' ? { fields: ['size_bytes'] } : { fields: [] }),
  SetupState: () => ({ fields: ['state', 'comm_prefs_missing', 'login_config'] }),
  Config: () => ({ fields: ['version_config', 'storage_config'] }),
  GarbageCollectionConfig: () => ({ fields: ['grace_period'] }),
  AuthCapabilities: () => ({ fields: ['invite_user'] }),
  UnderlyingObjectProperties: () => ({ fields: ['storage_class'] }),
};

/** Fields we add beyond lakeFS, on purpose (server/http/README.md says why). */
const ourAdditions = new Set([
  'User.accessKeyId',
  'Error.reference',
  'Error.conflicts',
  // lakeFS's ErrorNoACL: the 404 of a group without an ACL.
  'Error.no_acl',
  'InvitedUser.accessKeyId',
  'InvitedUser.activation_url',
  'ACL.repositories',
  'UIConfig.RBAC',
]);

interface Field {
  type: string;
  required: boolean;
}

function fieldsOf(schema: string): Map<string, Field> {
  const table = lakeFS[schema];
  if (!table) throw new Error(`no field table for ${schema}`);
  return new Map(
    table.split(/\s+/).map((entry) => {
      const [name, type] = entry.split(':') as [string, string];
      return [name.replace('*', ''), { type, required: name.endsWith('*') }];
    }),
  );
}

function valueProblems(value: unknown, type: string, where: string): string[] {
  if (type.endsWith('?')) return value === null ? [] : valueProblems(value, type.slice(0, -1), where);
  if (type.endsWith('[]')) {
    if (!Array.isArray(value)) return [`${where}: expected a list, got ${JSON.stringify(value)}`];
    return value.flatMap((item, i) => valueProblems(item, type.slice(0, -2), `${where}[${i}]`));
  }
  if (type.includes('|')) {
    return typeof value === 'string' && type.split('|').includes(value) ? [] : [`${where}: expected one of ${type}, got ${JSON.stringify(value)}`];
  }
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type ? [] : [`${where}: expected ${type}, got ${JSON.stringify(value)}`];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${where}: expected an integer, got ${JSON.stringify(value)}`];
    case 'object':
      return isObject(value) ? [] : [`${where}: expected an object, got ${JSON.stringify(value)}`];
    case 'map':
      return isObject(value) && Object.values(value).every((v) => typeof v === 'string')
        ? []
        : [`${where}: expected a string map, got ${JSON.stringify(value)}`];
    default:
      return shapeProblems(value, type, where);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The type of a schema that is not an object with fields (`=map`), else undefined. */
function wholeType(schema: string): string | undefined {
  const table = lakeFS[schema];
  return table?.startsWith('=') ? table.slice(1) : undefined;
}

function shapeProblems(value: unknown, schema: string, where = schema): string[] {
  const whole = wholeType(schema);
  if (whole) return valueProblems(value, whole, where);
  if (!isObject(value)) return [`${where}: expected a ${schema} object, got ${JSON.stringify(value)}`];
  const fields = fieldsOf(schema);
  const problems: string[] = [];
  for (const [name, field] of fields) {
    if (!(name in value)) {
      if (field.required) problems.push(`${where}.${name}: required by lakeFS, missing`);
      continue;
    }
    problems.push(...valueProblems(value[name], field.type, `${where}.${name}`));
  }
  for (const name of Object.keys(value)) {
    if (!fields.has(name) && !ourAdditions.has(`${schema}.${name}`)) problems.push(`${where}.${name}: not a field of lakeFS's ${schema}`);
  }
  const sent = alsoSent[schema]?.(value);
  for (const name of sent?.fields ?? []) {
    if (!(name in value) && !fields.get(name)?.required) problems.push(`${where}.${name}: lakeFS sends it here, missing`);
  }
  if (sent?.only) {
    for (const name of Object.keys(value)) {
      if (!sent.fields.includes(name)) problems.push(`${where}.${name}: lakeFS does not send it here`);
    }
  }
  return problems;
}

describe('the field table checker', () => {
  it('finds missing, mistyped and unknown fields', () => {
    expect(shapeProblems({ id: 'r', commit_id: 'c' }, 'Ref')).toEqual([]);
    expect(shapeProblems({ id: 'r' }, 'Ref')).toEqual(['Ref.commit_id: required by lakeFS, missing']);
    expect(shapeProblems({ id: 'r', commit_id: 1, commitId: 'c' }, 'Ref')).toEqual([
      'Ref.commit_id: expected string, got 1',
      "Ref.commitId: not a field of lakeFS's Ref",
    ]);
    expect(shapeProblems({ path: 'a/', path_type: 'folder', physical_address: '', checksum: '' }, 'ObjectStats')).toEqual([
      'ObjectStats.path_type: expected one of common_prefix|object, got "folder"',
      'ObjectStats.mtime: required by lakeFS, missing',
    ]);
    const prefix = { path: 'a/', path_type: 'common_prefix', physical_address: '', checksum: '', mtime: 0 };
    expect(shapeProblems(prefix, 'ObjectStats')).toEqual([]);
    expect(shapeProblems({ ...prefix, size_bytes: 0 }, 'ObjectStats')).toEqual(['ObjectStats.size_bytes: lakeFS does not send it here']);
    expect(shapeProblems({ ...prefix, path_type: 'object' }, 'ObjectStats')).toEqual([
      'ObjectStats.size_bytes: lakeFS sends it here, missing',
      'ObjectStats.content_type: lakeFS sends it here, missing',
    ]);
    expect(shapeProblems({ storage_class: null }, 'UnderlyingObjectProperties')).toEqual([]);
    expect(shapeProblems({ storage_class: 'GLACIER' }, 'UnderlyingObjectProperties')).toEqual([]);
    expect(shapeProblems({ storage_class: 1 }, 'UnderlyingObjectProperties')).toEqual(['UnderlyingObjectProperties.storage_class: expected string, got 1']);
    expect(shapeProblems({}, 'UnderlyingObjectProperties')).toEqual(['UnderlyingObjectProperties.storage_class: lakeFS sends it here, missing']);
  });
});

/** The id of one range file of a namespace folder (the API names ranges only inside metarange files). */
function rangeIdIn(namespaceDir: string): string {
  const [id] = readdirSync(join(namespaceDir, '_tarn', 'ranges'));
  if (!id) throw new Error(`no range file under ${namespaceDir}`);
  return id;
}

interface PublishedRoute {
  operationId: string;
  method: string;
  template: string;
  pattern: RegExp;
  status: number;
  /** The success answer's body: its JSON schema's name, `bytes`, `text`, or '' for none. */
  answer: string;
  schema?: string;
}

type PublishedOperation = {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};

/** The routes the server publishes in its own OpenAPI document, with the status and body of each success answer. */
async function publishedRoutes(server: TestServer): Promise<PublishedRoute[]> {
  const document = (await (await fetch(`${server.api}/openapi.json`)).json()) as { paths: Record<string, Record<string, PublishedOperation>> };
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const [status, success] = Object.entries(operation.responses).find(([code]) => code !== 'default')!;
      const ref = success.content?.['application/json']?.schema?.$ref;
      const types = Object.keys(success.content ?? {});
      const answer = ref ? ref.split('/').pop()! : types.includes('application/octet-stream') ? 'bytes' : types.includes('text/html') ? 'text' : types.join();
      return {
        operationId: operation.operationId ?? '',
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        status: Number(status),
        answer,
        ...(ref ? { schema: answer } : {}),
      };
    }),
  );
}

/** A path template with its parameters unnamed: lakeFS and Tarn may name them apart. */
const shapeOf = (template: string) => template.replace(/\{[^}]+\}/g, '{}');

/** How a published route differs from lakeFS's documented operation of the same id. */
function operationProblems(id: string, documented: string, route: PublishedRoute | undefined): string[] {
  const [method = '', path = '', status = '', body = ''] = documented.split(' ');
  if (!route) return [`${id}: not published`];
  const problems: string[] = [];
  if (route.method !== method || shapeOf(route.template) !== shapeOf(path)) problems.push(`${id}: published as ${route.method} ${route.template}, lakeFS has ${method} ${path}`);
  if (answeredNotImplemented.has(id)) return route.status === 501 ? problems : [...problems, `${id}: answers ${route.status}, not 501`];
  if (route.status !== Number(status)) problems.push(`${id}: answers ${route.status}, lakeFS ${status}`);
  const expected = renamedAnswers[id] ?? body;
  if (route.answer !== expected) problems.push(`${id}: answers ${route.answer || 'no body'}, lakeFS ${expected || 'no body'}`);
  return problems;
}

let s3: TestS3Server;
let server: TestServer;
let routes: PublishedRoute[];
const problems: string[] = [];
const answered = new Set<string>();

/** Sends a call and checks its answer: the route's schema on success, lakeFS's Error otherwise. */
async function call(api: Client | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const url = new URL(`${server.api}${path}`);
  const route = routes.find((r) => r.method === method && r.pattern.test(url.pathname.slice('/api/v1'.length)));
  if (!route) throw new Error(`${method} ${path} matches no published route`);
  const res = api
    ? await api.raw(path, {
        method,
        headers: { ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body !== undefined ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
      })
    : await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
  // A live stream never ends by itself: its status and type are the answer.
  const streams = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const text = method === 'HEAD' ? '' : streams ? (await res.body?.cancel(), '') : await res.text();
  const json = (res.headers.get('content-type') ?? '').startsWith('application/json');
  const what = `${method} ${route.template} → ${res.status}`;
  if (res.status === route.status) {
    answered.add(`${route.method} ${route.template}`);
    if (route.schema) {
      if (!json) problems.push(`${what}: ${route.schema} expected, got ${res.headers.get('content-type')}`);
      else {
        const items = listsOf[route.schema];
        const found = items ? valueProblems(JSON.parse(text), `${items}[]`, items) : shapeProblems(JSON.parse(text), route.schema);
        problems.push(...found.map((p) => `${what}: ${p}`));
      }
    } else if (route.answer === '' && text !== '') problems.push(`${what}: no body expected, got ${text}`);
  } else if (res.status >= 400 && method !== 'HEAD') {
    if (!json) problems.push(`${what}: Error expected, got ${res.headers.get('content-type')}`);
    else problems.push(...shapeProblems(JSON.parse(text), 'Error').map((p) => `${what}: ${p}`));
  }
  return { status: res.status, text, body: json && text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

beforeAll(async () => {
  // S3 as the block store, so the presigned transfers answer too; `local://` repositories work beside it.
  s3 = await startS3Server(['shapes']);
  server = await startTestServer(undefined, { blockstore: { type: 's3', s3: s3.settings } });
  routes = await publishedRoutes(server);
});
afterAll(async () => {
  await server.close();
  await s3.close();
});

interface PublishedSchema {
  allOf?: PublishedSchema[];
  type?: string;
  nullable?: boolean;
  $ref?: string;
  enum?: string[];
  items?: PublishedSchema;
  properties?: Record<string, PublishedSchema>;
  required?: string[];
  additionalProperties?: PublishedSchema | boolean;
}

/** A published property's type in the field table's notation. */
function notation(schema: PublishedSchema): string {
  if (schema.nullable) return `${notation({ ...schema, nullable: false })}?`;
  if (schema.$ref) return schema.$ref.split('/').pop()!;
  if (schema.enum) return [...schema.enum].sort().join('|');
  if (schema.type === 'array') return `${notation(schema.items ?? {})}[]`;
  if (schema.type === 'object') {
    const values = schema.additionalProperties;
    return typeof values === 'object' && values.type === 'string' ? 'map' : 'object';
  }
  return schema.type ?? 'untyped';
}

/** A schema made of others (`allOf`, as lakeFS extends one schema into another) as one, with all their fields. */
function flattened(schema: PublishedSchema, named: Record<string, PublishedSchema>): PublishedSchema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map((part) => flattened(part.$ref ? (named[part.$ref.split('/').pop()!] ?? {}) : part, named));
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})) as Record<string, PublishedSchema>,
    required: parts.flatMap((part) => part.required ?? []),
  };
}

/** Differences between a published schema and lakeFS's field table. */
function schemaProblems(name: string, published: PublishedSchema | undefined, named: Record<string, PublishedSchema> = {}): string[] {
  if (!published) return [`${name}: not published`];
  const schema = flattened(published, named);
  const whole = wholeType(name);
  if (whole) return notation(schema) === whole ? [] : [`${name}: declared ${notation(schema)}, lakeFS has ${whole}`];
  const fields = fieldsOf(name);
  const required = new Set(schema.required ?? []);
  const problems: string[] = [];
  for (const [field, expected] of fields) {
    const published = schema.properties?.[field];
    if (!published) {
      problems.push(`${name}.${field}: not declared`);
      continue;
    }
    const type = expected.type.includes('|') ? expected.type.split('|').sort().join('|') : expected.type;
    if (notation(published) !== type) problems.push(`${name}.${field}: declared ${notation(published)}, lakeFS has ${expected.type}`);
    if (required.has(field) !== expected.required) problems.push(`${name}.${field}: ${expected.required ? 'required' : 'optional'} in lakeFS`);
  }
  for (const field of Object.keys(schema.properties ?? {})) {
    if (!fields.has(field) && !ourAdditions.has(`${name}.${field}`)) problems.push(`${name}.${field}: not a field of lakeFS's ${name}`);
  }
  return problems;
}

describe('the published operations', () => {
  it('are every operation of lakeFS’s document, each with its method, path, success status and answer', () => {
    expect(Object.keys(lakeFSOperations)).toHaveLength(133);
    const problems = Object.entries(lakeFSOperations).flatMap(([id, documented]) =>
      operationProblems(id, documented, routes.find((r) => r.operationId === id)),
    );
    expect(problems).toEqual([]);
    const unknown = routes.filter((r) => !(r.operationId in lakeFSOperations) && !ourOperations.has(r.operationId));
    expect(unknown.map((r) => `${r.operationId} ${r.method} ${r.template}`)).toEqual([]);
  });

  it('are compared by a checker that finds another path, status or answer', () => {
    const route = (overrides: Partial<PublishedRoute>): PublishedRoute => ({
      operationId: 'updatePullRequest',
      method: 'PATCH',
      template: '/repositories/{repository}/pulls/{id}',
      pattern: /^$/,
      status: 200,
      answer: '',
      ...overrides,
    });
    const documented = lakeFSOperations.updatePullRequest ?? '';
    expect(operationProblems('updatePullRequest', documented, route({}))).toEqual([]);
    expect(operationProblems('updatePullRequest', documented, route({ status: 204 }))).toEqual(['updatePullRequest: answers 204, lakeFS 200']);
    expect(operationProblems('updatePullRequest', documented, route({ answer: 'PullRequest' }))).toEqual([
      'updatePullRequest: answers PullRequest, lakeFS no body',
    ]);
    expect(operationProblems('updatePullRequest', documented, route({ method: 'PUT' }))).toEqual([
      'updatePullRequest: published as PUT /repositories/{repository}/pulls/{id}, lakeFS has PATCH /repositories/{repository}/pulls/{pull_request}',
    ]);
    expect(operationProblems('getLicense', lakeFSOperations.getLicense ?? '', route({ method: 'GET', template: '/license', status: 200 }))).toEqual([
      'getLicense: answers 200, not 501',
    ]);
    expect(operationProblems('getLicense', '', undefined)).toEqual(['getLicense: not published']);
  });
});

describe('the published schemas', () => {
  it('declare lakeFS’s fields, with its types, required where lakeFS requires them', async () => {
    const document = (await (await fetch(`${server.api}/openapi.json`)).json()) as {
      components: { schemas: Record<string, PublishedSchema> };
    };
    const named = document.components.schemas;
    expect(Object.keys(lakeFS).flatMap((name) => schemaProblems(name, named[name], named))).toEqual([]);
  });

  it('are compared by a checker that finds missing, mistyped and extra fields', () => {
    expect(schemaProblems('Ref', { properties: { id: { type: 'string' }, commit_id: { type: 'string' } }, required: ['id', 'commit_id'] })).toEqual([]);
    expect(
      schemaProblems('Ref', { properties: { id: { type: 'integer' }, commitId: { type: 'string' } }, required: ['id'] }),
    ).toEqual(['Ref.id: declared integer, lakeFS has string', 'Ref.commit_id: not declared', "Ref.commitId: not a field of lakeFS's Ref"]);
    expect(schemaProblems('Commit', { properties: { metadata: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['metadata'] })).toContain(
      'Commit.metadata: optional in lakeFS',
    );
    const extended = {
      allOf: [
        { $ref: '#/components/schemas/UploadPartFrom' },
        { type: 'object', properties: { copy_source: { $ref: '#/components/schemas/CopyPartSource' } }, required: ['copy_source'] },
      ],
    };
    const base = { UploadPartFrom: { properties: { physical_address: { type: 'string' } }, required: ['physical_address'] } };
    expect(schemaProblems('UploadPartCopyFrom', extended, base)).toEqual([]);
    expect(schemaProblems('UploadPartCopyFrom', extended, {})).toEqual(['UploadPartCopyFrom.physical_address: not declared']);
    expect(schemaProblems('UnderlyingObjectProperties', { properties: { storage_class: { type: 'string' } } })).toEqual([
      'UnderlyingObjectProperties.storage_class: declared string, lakeFS has string?',
    ]);
  });
});

describe('every answer of a session has lakeFS’s wire shape', () => {
  it('for every published route', async () => {
    const get = (api: Client | undefined, path: string, headers?: Record<string, string>) => call(api, 'GET', path, undefined, headers);
    const anon = undefined;

    // Setup, comm prefs, login and the current user.
    await get(anon, '/setup_lakefs');
    await call(anon, 'POST', '/setup_lakefs', { username: '' });
    const setup = await call(anon, 'POST', '/setup_lakefs', { username: 'admin' });
    const keys = setup.body as { access_key_id: string; secret_access_key: string };
    await call(anon, 'POST', '/setup_comm_prefs', { email: 'ops@example.com', featureUpdates: false, securityUpdates: false });
    await get(anon, '/setup_lakefs');
    await get(anon, '/auth/capabilities');
    await call(anon, 'POST', '/auth/login', { access_key_id: keys.access_key_id, secret_access_key: 'wrong' });
    await call(anon, 'POST', '/auth/login', { access_key_id: keys.access_key_id, secret_access_key: keys.secret_access_key });
    const api = client(server, basicAuth(keys.access_key_id, keys.secret_access_key));
    await get(api, '/user');
    await get(anon, '/user');

    // Installation facts.
    await get(api, '/config');
    await get(api, '/config/version');
    await get(api, '/config/storage');
    await get(anon, '/healthcheck');
    await call(api, 'POST', '/statistics', { events: [{ class: 'c', name: 'n', count: 1 }] });
    await get(anon, '/openapi.json');

    // Repositories.
    await call(api, 'POST', '/repositories', { name: 'shapes', storage_namespace: 'local://shapes' });
    await call(api, 'POST', '/repositories', { name: 'quickstart', storage_namespace: 'local://quickstart', sample_data: true });
    await call(api, 'POST', '/repositories', { name: 'shapes', storage_namespace: 'local://shapes-again' });
    await get(api, '/repositories/shapes/events');
    await get(api, '/repositories');
    await get(api, '/repositories/shapes');
    await get(api, '/repositories/nothing-here');

    // Objects: uploads (raw and multipart), listings with and without common prefixes, reads, stat, deletes.
    const form = new FormData();
    form.append('content', new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), 'b.csv');
    await call(api, 'POST', '/repositories/shapes/branches/main/objects?path=dir/b.csv', form);
    await call(api, 'POST', '/repositories/shapes/branches/main/objects?path=a.txt', 'hello', { 'content-type': 'text/plain', 'x-lakefs-meta-owner': 'me' });
    await call(api, 'POST', '/repositories/shapes/branches/main/objects?path=gone.txt', 'bye');
    await get(api, '/repositories/shapes/refs/main/objects/ls?delimiter=/');
    await get(api, '/repositories/shapes/refs/main/objects/ls?user_metadata=false');
    await get(api, '/repositories/shapes/refs/main/objects/find?q=B.CSV');
    await get(api, '/repositories/shapes/refs/main/usage?prefix=&delimiter=/');
    for (const file of deltaTable('tables/orders')) {
      const table = new FormData();
      table.append('content', new Blob([file.bytes.slice()]), 'file');
      await call(api, 'POST', `/repositories/shapes/branches/main/objects?path=${encodeURIComponent(file.path)}`, table);
    }
    await get(api, '/repositories/shapes/refs/main/tables');
    await get(api, '/repositories/shapes/refs/main/tables/describe?path=tables/orders');
    await get(api, '/repositories/shapes/refs/main/objects?path=a.txt');
    await call(api, 'HEAD', '/repositories/shapes/refs/main/objects?path=a.txt');
    await get(api, '/repositories/shapes/refs/main/objects?path=a.txt', { range: 'bytes=100-200' });
    await get(api, '/repositories/shapes/refs/main/objects/stat?path=a.txt');
    await get(api, '/repositories/shapes/refs/main/objects/stat?path=missing.txt');
    await get(api, '/repositories/shapes/branches/main/objects/stage_allowed?path=c.txt');
    await call(api, 'DELETE', '/repositories/shapes/branches/main/objects?path=gone.txt');
    await call(api, 'POST', '/repositories/shapes/branches/main/objects/delete', { paths: ['dir/none.txt'] });
    await get(api, '/repositories/shapes/branches/main/diff?delimiter=/');
    await get(api, '/repositories/shapes/branches/main/diff');

    // Presigned transfers, on a repository in S3: a direct upload and its link, presigned reads, a multipart upload.
    await call(api, 'POST', '/repositories', { name: 'shapes-s3', storage_namespace: 's3://shapes/lake' });
    const s3Branch = '/repositories/shapes-s3/branches/main';
    await get(api, `/repositories/shapes/branches/main/staging/backing?path=x&presign=true`);
    const staging = (await get(api, `${s3Branch}/staging/backing?path=direct.txt&presign=true`)).body ?? {};
    const put = await fetch(String(staging.presigned_url), { method: 'PUT', body: 'direct' });
    await call(api, 'PUT', `${s3Branch}/staging/backing?path=direct.txt`, { staging, checksum: put.headers.get('etag'), size_bytes: 6 });
    await call(api, 'PUT', `${s3Branch}/staging/backing?path=direct.txt`, { staging: { physical_address: 's3://shapes/lake/data/x' }, checksum: 'c', size_bytes: 6 });
    await get(api, '/repositories/shapes-s3/refs/main/objects/stat?path=direct.txt&presign=true');
    await get(api, '/repositories/shapes-s3/refs/main/objects/ls?presign=true');
    await get(api, '/repositories/shapes-s3/refs/main/objects?path=direct.txt&presign=true');
    const multipart = (await call(api, 'POST', `${s3Branch}/staging/pmpu?path=multi.bin&parts=1`)).body ?? {};
    const uploadPath = `${s3Branch}/staging/pmpu/${String(multipart.upload_id)}`;
    const partAddress = (await call(api, 'PUT', `${uploadPath}/parts/1?path=multi.bin`, { physical_address: multipart.physical_address })).body ?? {};
    const part = await fetch(String(partAddress.presigned_url), { method: 'PUT', body: 'one part' });
    const copySource = { repository: 'shapes-s3', ref: 'main', path: 'direct.txt', range: 'bytes=0-2' };
    await call(api, 'PUT', `${uploadPath}/parts/2/copy?path=multi.bin`, { physical_address: multipart.physical_address, copy_source: copySource });
    const copied = await api.raw(`${uploadPath}/parts/3/copy?path=multi.bin`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ physical_address: multipart.physical_address, copy_source: { ...copySource, range: 'bytes=3-' } }),
    });
    await call(api, 'PUT', `${uploadPath}?path=multi.bin`, {
      physical_address: multipart.physical_address,
      parts: [
        { part_number: 1, etag: part.headers.get('etag') },
        { part_number: 2, etag: copied.headers.get('etag') },
      ],
    });
    await call(api, 'DELETE', `${s3Branch}/staging/pmpu/${String(multipart.upload_id)}?path=multi.bin`, { physical_address: 'unsigned' });

    // Imports from the bucket, on a clean branch of the repository in S3: one that completes, one that fails.
    const bucket = openS3BlockStore(s3.settings);
    await bucket.put('s3://shapes/import-source', 'a.csv', Buffer.from('a\n1\n'));
    await bucket.put('s3://shapes/import-source', 'nested/b.csv', Buffer.from('b\n2\n'));
    await bucket.close?.();
    await call(api, 'POST', '/repositories/shapes-s3/branches', { name: 'imports', source: 'main' });
    const importPath = '/repositories/shapes-s3/branches/imports/import';
    const imported = (await call(api, 'POST', importPath, { paths: [{ path: 's3://shapes/import-source/', destination: 'in/', type: 'common_prefix' }], commit: { message: 'import', metadata: { k: 'v' } } })).body;
    await vi.waitFor(async () => expect((await get(api, `${importPath}?id=${String(imported?.id)}`)).body?.completed).toBe(true));
    await call(api, 'DELETE', `${importPath}?id=${String(imported?.id)}`);
    const empty = (await call(api, 'POST', importPath, { paths: [{ path: 's3://shapes/nothing-here/', destination: 'none/', type: 'common_prefix' }], commit: { message: 'm' } })).body;
    await vi.waitFor(async () => expect((await get(api, `${importPath}?id=${String(empty?.id)}`)).body?.error).toBeDefined());
    await call(api, 'DELETE', `${importPath}?id=${String(empty?.id)}`);
    await get(api, `${importPath}?id=none`);
    await call(api, 'POST', importPath, { paths: [], commit: { message: 'm' } });

    // Commits.
    const first = await call(api, 'POST', '/repositories/shapes/branches/main/commits', { message: 'first', metadata: { k: 'v' } });
    await call(api, 'POST', '/repositories/shapes/branches/main/commits', { message: 'nothing' });
    await get(api, '/repositories/shapes/refs/main/commits');
    await get(api, '/repositories/shapes/graph?amount=1');
    await get(api, `/repositories/shapes/commits/${String(first.body?.id)}`);

    // Branches and tags.
    await call(api, 'POST', '/repositories/shapes/branches', { name: 'dev', source: 'main' });
    await call(api, 'POST', '/repositories/shapes/branches', { name: 'dev', source: 'main' });
    await get(api, '/repositories/shapes/branches');
    await get(api, '/repositories/shapes/branches_summary?amount=10');
    await get(api, '/repositories/shapes/branches/dev');
    await call(api, 'POST', '/repositories/shapes/tags', { id: 'v1', ref: 'main' });
    await get(api, '/repositories/shapes/tags');
    await get(api, '/repositories/shapes/tags/v1');

    // Pull requests: created, listed, read, edited, merged.
    await call(api, 'POST', '/repositories/shapes/branches', { name: 'proposal', source: 'main' });
    await call(api, 'POST', '/repositories/shapes/branches/proposal/objects?path=proposed.txt', 'proposed');
    await call(api, 'POST', '/repositories/shapes/branches/proposal/commits', { message: 'proposal' });
    const pull = await call(api, 'POST', '/repositories/shapes/pulls', { title: 'Proposal', source_branch: 'proposal', destination_branch: 'main' });
    await call(api, 'PATCH', `/repositories/shapes/pulls/${String(pull.body?.id)}`, { description: 'words' });
    await call(api, 'PUT', `/repositories/shapes/pulls/${String(pull.body?.id)}/merge`);
    await get(api, `/repositories/shapes/pulls/${String(pull.body?.id)}`);
    await get(api, '/repositories/shapes/pulls?status=closed');

    // Diffs and merges: a clean merge, then a conflict.
    await call(api, 'POST', '/repositories/shapes/branches/dev/objects?path=dir/c.txt', 'dev');
    await call(api, 'PUT', '/repositories/shapes/branches/dev', { type: 'object', path: 'dir/c.txt' });
    await call(api, 'POST', '/repositories/shapes/branches/dev/objects?path=dir/c.txt', 'dev');
    await call(api, 'POST', '/repositories/shapes/branches/dev/commits', { message: 'on dev' });
    await get(api, '/repositories/shapes/refs/main/diff/dev?delimiter=/');
    await get(api, '/repositories/shapes/refs/main/diff/dev?include_right_stats=true');
    await get(api, '/repositories/shapes/refs/main/diff/dev?type=two_dot');
    await get(api, '/repositories/shapes/refs/dev/merge/main');
    await call(api, 'POST', '/repositories/shapes/refs/dev/merge/main', {});
    await call(api, 'POST', '/repositories/shapes/branches/dev/objects?path=a.txt', 'dev says');
    await call(api, 'POST', '/repositories/shapes/branches/dev/commits', { message: 'dev a' });
    await call(api, 'POST', '/repositories/shapes/branches/main/objects?path=a.txt', 'main says');
    await call(api, 'POST', '/repositories/shapes/branches/main/commits', { message: 'main a' });
    const conflict = await call(api, 'POST', '/repositories/shapes/refs/dev/merge/main', {});
    expect(conflict.status).toBe(409);
    const preview = await get(api, '/repositories/shapes/refs/dev/merge/main/preview');
    expect(preview.body?.conflicts).toEqual([expect.objectContaining({ path: 'a.txt' })]);

    // Revert, cherry-pick, resets and deletes.
    await call(api, 'POST', '/repositories/shapes/branches/dev/objects?path=pick.txt', 'pick me');
    const pick = await call(api, 'POST', '/repositories/shapes/branches/dev/commits', { message: 'to pick' });
    await call(api, 'POST', '/repositories/shapes/branches', { name: 'picks', source: 'main' });
    await call(api, 'POST', '/repositories/shapes/branches/picks/cherry-pick', { ref: String(pick.body?.id) });
    await call(api, 'POST', '/repositories/shapes/branches/picks/revert', { ref: 'picks', parent_number: 1 });
    await call(api, 'POST', '/repositories/shapes/branches/picks/objects?path=x.txt', 'x');
    await call(api, 'PUT', '/repositories/shapes/branches/picks', { type: 'reset' });
    await call(api, 'PUT', '/repositories/shapes/branches/picks/hard_reset?ref=main');
    await call(api, 'DELETE', '/repositories/shapes/branches/picks');

    // Copies and user metadata.
    await call(api, 'POST', '/repositories/shapes/branches/main/objects/copy?dest_path=copy.txt', { src_path: 'a.txt' });
    await call(api, 'POST', '/repositories/shapes/branches/main/objects/copy?dest_path=copy.txt', { src_path: 'none.txt' });
    await call(api, 'PUT', '/repositories/shapes/branches/main/objects/stat/user_metadata?path=copy.txt', { set: { k: 'v' } });

    // Repository metadata, refs dump and restore, tree file locations.
    await call(api, 'POST', '/repositories/shapes/metadata', { metadata: { k: 'v', gone: 'soon' } });
    await call(api, 'DELETE', '/repositories/shapes/metadata', { keys: ['gone'] });
    await get(api, '/repositories/shapes/metadata');
    const dump = (await call(api, 'PUT', '/repositories/shapes/refs/dump')).body;
    await call(api, 'POST', '/repositories?bare=true', { name: 'shapes-copy', storage_namespace: 'local://shapes' });
    await call(api, 'PUT', '/repositories/shapes-copy/refs/restore', dump);
    await call(api, 'PUT', '/repositories/shapes-copy/refs/restore', dump);
    const dumpTask = (await call(api, 'POST', '/repositories/shapes/dump')).body;
    await call(api, 'POST', '/repositories?bare=true', { name: 'shapes-task', storage_namespace: 'local://shapes' });
    const restoreTask = (await call(api, 'POST', '/repositories/shapes-task/restore', dump)).body;
    await vi.waitFor(async () => expect((await call(api, 'GET', `/repositories/shapes/dump?task_id=${String(dumpTask?.id)}`)).body?.refs).toBeDefined());
    await vi.waitFor(async () => expect((await call(api, 'GET', `/repositories/shapes-task/restore?task_id=${String(restoreTask?.id)}`)).body?.done).toBe(true));
    await get(api, '/repositories/shapes/restore?task_id=none');
    const metaRange = (await get(api, '/repositories/shapes/commits/main')).body?.meta_range_id;
    await get(api, `/repositories/shapes/metadata/meta_range/${String(metaRange)}`);
    await get(api, `/repositories/shapes/metadata/range/${'0'.repeat(64)}`);
    await get(api, `/repositories/shapes/metadata/range/${rangeIdIn(join(server.dataDir, 'blocks', 'shapes'))}`);
    await get(api, `/repositories/shapes/metadata/object/meta_range/${String(metaRange)}`);
    await get(api, `/repositories/shapes/metadata/object/range/${'0'.repeat(64)}`);

    // Linking data in the namespace, block store properties, symlink manifests, commit records, usage.
    const linked = (await get(api, '/repositories/shapes/refs/main/objects/stat?path=a.txt')).body;
    const stage = { physical_address: String(linked?.physical_address), checksum: String(linked?.checksum), size_bytes: Number(linked?.size_bytes) };
    await call(api, 'PUT', '/repositories/shapes/branches/main/objects?path=linked.txt', stage);
    await call(api, 'PUT', '/repositories/shapes/branches/main/objects?path=linked.txt', { ...stage, physical_address: 'local://elsewhere/x' });
    await get(api, '/repositories/shapes/refs/main/objects/underlyingProperties?path=linked.txt');
    await get(api, '/repositories/shapes/refs/main/objects/underlyingProperties?path=none.txt');
    await call(api, 'POST', '/repositories/shapes/refs/main/symlink?location=dir/');
    const root = { version: 1, committer: '', message: 'root', metarange_id: '', creation_date: 0, parents: [], generation: 1 };
    await call(api, 'POST', '/repositories/shapes/commits', { ...root, commit_id: computeCommitId({ ...root, creationDate: 0, metaRangeId: '', metadata: {} }) });
    await call(api, 'POST', '/repositories/shapes/commits', { ...root, commit_id: '0'.repeat(64) });
    await get(api, '/usage-report/summary');

    // lakeFS Enterprise's calls.
    await call(api, 'POST', '/repositories/shapes/branches/main/commits/async', { message: 'later' });
    await get(api, '/repositories/shapes/branches/main/commits/async/t1/status');
    await call(api, 'POST', '/repositories/shapes/refs/dev/merge/main/async', {});
    await get(api, '/repositories/shapes/refs/dev/merge/main/async/t1/status');
    await get(api, '/license');

    // lakeFS's calls through an external authenticator, which Tarn lacks.
    await call(anon, 'POST', '/auth/external/principal/login', { identityRequest: {} });
    await call(anon, 'POST', '/sts/login', { code: 'c', state: 's', redirect_uri: 'https://example.com/callback' });
    await get(anon, '/oidc/callback');
    await call(api, 'POST', '/auth/users/admin/external/principals?principalId=p', {});
    await call(api, 'DELETE', '/auth/users/admin/external/principals?principalId=p');
    await get(api, '/auth/users/admin/external/principals/ls');
    await get(api, '/auth/external/principals?principalId=p');
    await call(api, 'DELETE', '/repositories/shapes/tags/v1');

    // Action runs: a post-create-tag action whose hook fails (Tarn runs no lua), read back once it has run.
    const action = 'name: shapes\non:\n  post-create-tag:\nhooks:\n  - id: script\n    type: lua\n';
    await call(api, 'POST', '/repositories/shapes/branches/main/objects?path=_lakefs_actions/shapes.yaml', action);
    await call(api, 'POST', '/repositories/shapes/branches/main/commits', { message: 'actions' });
    await call(api, 'POST', '/repositories/shapes/tags', { id: 'v2', ref: 'main' });
    await server.idle();
    const runs = await get(api, '/repositories/shapes/actions/runs?branch=&commit=');
    const runId = String((runs.body?.results as Array<{ run_id: string }>)[0]?.run_id);
    await get(api, `/repositories/shapes/actions/runs/${runId}`);
    await get(api, '/repositories/shapes/actions/runs/nothing');
    await get(api, `/repositories/shapes/actions/runs/${runId}/hooks`);
    await get(api, `/repositories/shapes/actions/runs/${runId}/hooks/0000_0000/output`);

    // Settings: branch protection (both paths), GC rules (both paths), the read-only flag, GC's grace period.
    await get(api, '/repositories/shapes/settings/branch_protection');
    await call(api, 'PUT', '/repositories/shapes/settings/branch_protection', [{ pattern: 'main' }], { 'if-match': '""' });
    await call(api, 'PUT', '/repositories/shapes/settings/branch_protection', [{ pattern: 'x' }], { 'if-match': '""' });
    await get(api, '/repositories/shapes/settings/branch_protection');
    await call(api, 'POST', '/repositories/shapes/branch_protection', { pattern: 'release-*' });
    await get(api, '/repositories/shapes/branch_protection');
    await call(api, 'DELETE', '/repositories/shapes/branch_protection', { pattern: 'release-*' });
    await get(api, '/repositories/shapes/branch_protection/set_allowed');
    await get(api, '/repositories/shapes/settings/gc_rules');
    const rules = { default_retention_days: 21, branches: [{ branch_id: 'main', retention_days: 28 }] };
    await call(api, 'PUT', '/repositories/shapes/settings/gc_rules', rules);
    await get(api, '/repositories/shapes/settings/gc_rules');
    // Garbage-collection preparation, by those rules.
    await call(api, 'POST', '/repositories/shapes/gc/prepare_commits');
    const prepareTask = (await call(api, 'POST', '/repositories/shapes/gc/prepare_commits/async')).body;
    const prepareStatus = `/repositories/shapes/gc/prepare_commits/status?id=${String(prepareTask?.id)}`;
    await vi.waitFor(async () => expect((await get(api, prepareStatus)).body?.completed).toBe(true));
    await get(api, '/repositories/shapes/gc/prepare_commits/status?id=none');
    await call(api, 'POST', '/repositories/shapes/gc/prepare_uncommited');
    await call(api, 'POST', '/repositories/shapes/gc/prepare_uncommited', { continuation_token: 'not-ours' });
    await call(api, 'DELETE', '/repositories/shapes/settings/gc_rules');
    await call(api, 'POST', '/repositories/shapes/gc/rules', rules);
    await get(api, '/repositories/shapes/gc/rules');
    await call(api, 'DELETE', '/repositories/shapes/gc/rules');
    await get(api, '/repositories/shapes/gc/rules/set_allowed');
    await get(api, '/config/garbage-collection');
    await call(api, 'PUT', '/repositories/shapes/settings/read_only', { read_only: true });
    await call(api, 'PUT', '/repositories/shapes/settings/read_only', { read_only: false });
    await call(api, 'DELETE', '/repositories/shapes');

    // Access control: users and invitations, credentials, groups and members, policies and attachments, ACLs.
    await call(api, 'POST', '/auth/users', { id: 'ann' });
    await call(api, 'POST', '/auth/users', { id: 'ann' });
    const invited = (await call(api, 'POST', '/auth/users', { id: 'bob@example.com', invite_user: true })).body;
    const token = new URL(String(invited?.activation_url)).searchParams.get('token');
    await call(anon, 'POST', '/auth/password', { token: 'wrong', newPassword: 'long enough' });
    await call(anon, 'POST', '/auth/password', { token, newPassword: 'long enough', email: 'bob@example.com' });
    await get(api, '/auth/users?prefix=a&amount=1');
    await get(api, '/auth/users/ann');
    await get(api, '/auth/users/nobody');
    const created = (await call(api, 'POST', '/auth/users/ann/credentials')).body;
    await get(api, '/auth/users/ann/credentials');
    await get(api, `/auth/users/ann/credentials/${String(created?.access_key_id)}`);
    await call(api, 'POST', '/auth/groups', { id: 'team', description: 'the team' });
    await get(api, '/auth/groups');
    await get(api, '/auth/groups/team');
    await call(api, 'PUT', '/auth/groups/team/members/ann');
    await get(api, '/auth/groups/team/members');
    await get(api, '/auth/users/ann/groups');
    const statement = [{ effect: 'allow', action: ['fs:Read*'], resource: 'arn:lakefs:fs:::repository/shapes/*' }];
    await call(api, 'POST', '/auth/policies', { id: 'ShapesRead', statement });
    await call(api, 'POST', '/auth/policies', { id: 'Broken', statement: [{ effect: 'allow', action: ['fs:Nope'], resource: '*' }] });
    await get(api, '/auth/policies');
    await get(api, '/auth/policies/ShapesRead');
    await call(api, 'PUT', '/auth/policies/ShapesRead', { id: 'ShapesRead', statement: [...statement, { ...statement[0], effect: 'deny' }] });
    await call(api, 'PUT', '/auth/users/ann/policies/ShapesRead');
    await get(api, '/auth/users/ann/policies?effective=true');
    await call(api, 'PUT', '/auth/groups/team/policies/ShapesRead');
    await get(api, '/auth/groups/team/policies');
    await get(api, '/auth/who-can?action=fs:ReadObject&resource=arn:lakefs:fs:::repository/shapes/object/a');
    await get(api, '/audit?amount=5');
    await call(api, 'DELETE', '/auth/groups/team/policies/ShapesRead');
    await call(api, 'DELETE', '/auth/users/ann/policies/ShapesRead');
    await get(api, '/auth/groups/team/acl');
    await call(api, 'POST', '/auth/groups/team/acl', { permission: 'Write', repositories: ['shapes'] });
    await get(api, '/auth/groups/team/acl');
    await call(api, 'DELETE', '/auth/groups/team/members/ann');
    await call(api, 'DELETE', `/auth/users/ann/credentials/${String(created?.access_key_id)}`);
    await call(api, 'DELETE', '/auth/groups/team');
    await call(api, 'DELETE', '/auth/policies/ShapesRead');
    await call(api, 'DELETE', '/auth/users/ann');

    expect(problems).toEqual([]);
    const missed = routes
      .filter((r) => !answered.has(`${r.method} ${r.template}`) && !unanswerable.has(`${r.method} ${r.template}`))
      .map((r) => `${r.method} ${r.template} → ${r.status}`);
    expect(missed, 'routes the session never got a success answer from').toEqual([]);
  });
});
