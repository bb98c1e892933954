// Access control: who a caller is (service.ts, its logins in sessions.ts), what they may do (the evaluator, through the authorizer), and the
// vocabulary of permissions. Other parts (the HTTP API, the S3 gateway) use this index.
export { AuthService, type AuthOptions, type Credentials, type CredentialsWithSecret, type Principal, type User } from './service';
export { Authorizer, type Decision, type Principals } from './authorizer';
export { allOf, allActionNames, anyOf, anyResource, arn, need, type Permission, type Requirement } from './permissions';
export { defaultLoginSettings, rbacModes, type LoginSettings, type RbacMode } from './login-settings';
export { activationUrl, type InvitationMailer } from './invitations';
export type { GroupRecord, Page, PageRequest, PolicyRecord, UserRecord } from './directory';
export { aclPolicyId, type Acl, type AclPermission } from './builtins';
export { isCachedAuthKey } from './record-keys';
