// Access control on the wire, in lakeFS's shapes: users, groups and their members, policies and their statements,
// credentials, the simplified mode's group ACLs, and activation of invited users.
import { z } from '@hono/zod-openapi';
import { User } from './auth';
import { pageOf } from './common';

export const UserList = pageOf(User, 'UserList');
export type UserList = z.output<typeof UserList>;

/** `id` is the user name (an email address when `invite_user`); inviting makes an activation token. */
export const UserCreation = z
  .object({ id: z.string({ message: 'id is required' }), invite_user: z.boolean().optional() })
  .openapi('UserCreation');
export type UserCreation = z.input<typeof UserCreation>;

/**
 * Tarn's addition to the answer of an invitation: no mail server is configured by default, so the console shows the
 * admin the activation link to pass on (absent when the invitation was mailed).
 */
export const InvitedUser = z.object({ ...User.shape, activation_url: z.string().optional() }).openapi('InvitedUser');
export type InvitedUser = z.output<typeof InvitedUser>;

export const Group = z
  .object({ id: z.string(), name: z.string().optional(), description: z.string().optional(), creation_date: z.number().int() })
  .openapi('Group');
export type Group = z.output<typeof Group>;

export const GroupList = pageOf(Group, 'GroupList');
export type GroupList = z.output<typeof GroupList>;

export const GroupCreation = z
  .object({ id: z.string({ message: 'id is required' }), description: z.string().optional() })
  .openapi('GroupCreation');
export type GroupCreation = z.input<typeof GroupCreation>;

export const aclPermissions = ['Read', 'Write', 'Super', 'Admin'] as const;

/** A group's one permission in simplified mode; `repositories` limits it to those (all when absent). */
export const ACL = z
  .object({
    permission: z.enum(aclPermissions, { message: 'permission must be Read, Write, Super or Admin' }),
    repositories: z.array(z.string()).optional(),
  })
  .openapi('ACL');
export type ACL = z.output<typeof ACL>;

export const policyEffects = ['allow', 'deny'] as const;

export const Statement = z
  .object({
    effect: z.enum(policyEffects, { message: 'effect must be allow or deny' }),
    /** An ARN such as arn:lakefs:fs:::repository/{repo}/object/{path}, with `*` and `?` wildcards. */
    resource: z.string({ message: 'resource is required' }),
    /** Actions such as fs:ReadObject, with wildcards (fs:Read*, fs:*). */
    action: z.array(z.string()).min(1, { message: 'action must name at least one action' }),
  })
  .openapi('Statement');
export type Statement = z.output<typeof Statement>;

export const Policy = z
  .object({
    id: z.string({ message: 'id is required' }),
    creation_date: z.number().int().optional(),
    statement: z.array(Statement).min(1, { message: 'statement must have at least one entry' }),
  })
  .openapi('Policy');
export type Policy = z.output<typeof Policy>;
export type PolicyInput = z.input<typeof Policy>;

export const PolicyList = pageOf(Policy, 'PolicyList');
export type PolicyList = z.output<typeof PolicyList>;

export const Credentials = z
  .object({ access_key_id: z.string(), creation_date: z.number().int() })
  .openapi('Credentials');
export type Credentials = z.output<typeof Credentials>;

export const CredentialsList = pageOf(Credentials, 'CredentialsList');
export type CredentialsList = z.output<typeof CredentialsList>;

/** POST /auth/password: an invited user sets a password with the activation token. */
export const UpdatePasswordByToken = z
  .object({
    token: z.string({ message: 'token is required' }),
    newPassword: z.string({ message: 'newPassword is required' }),
    email: z.string().optional(),
  })
  .openapi('UpdatePasswordByToken');
export type UpdatePasswordByToken = z.input<typeof UpdatePasswordByToken>;

/**
 * Tarn's "Who can do this?": the users and groups whose effective policies allow an action on a resource, by the
 * same evaluator that enforces them (GET /auth/who-can?action=&resource=).
 */
export const Principals = z
  .object({ users: z.array(z.string()), groups: z.array(z.string()) })
  .openapi('Principals');
export type Principals = z.output<typeof Principals>;
