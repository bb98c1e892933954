// Access control over the auth service. Whether the caller may make a call was settled before the handler (the
// route's access rule); these apply the model's own rules. In simplified mode, policies are not offered (501), as groups
// carry ACLs instead; the ACL's policy is managed through the group.
import { activationUrl, type AuthService, type InvitationMailer } from '../../../auth';
import { NotImplementedError, NoAclError } from '../../../errors';
import { listingOptions, pageJson } from '../../pagination';
import { principalOf, type AppContext, type AppRouteHandler } from '../../router';
import { aclJson, credentialJson, credentialsJson, groupJson, policyJson, userJson } from '../../serialize';
import type * as routes from './routes';

export interface AccessControlOptions {
  /** The console's address for activation links (else the address the admin called). */
  publicUrl?: string;
  /** Mails invitations; without one, the answer carries the activation link for the admin to pass on. */
  mailer?: InvitationMailer;
}

const now = () => Math.floor(Date.now() / 1000);

export function accessControlHandlers(auth: AuthService, options: AccessControlOptions) {
  const { directory } = auth;

  /** Policies are managed only in role-based mode; simplified mode's groups carry ACLs instead. */
  const requirePolicies = () => {
    if (auth.rbac === 'simplified') throw new NotImplementedError();
  };

  const origin = (c: AppContext) => options.publicUrl ?? new URL(c.req.url).origin;

  const listUsers: AppRouteHandler<typeof routes.listUsers> = async (c) =>
    c.json(pageJson(await directory.listUsers(listingOptions(c.req.valid('query'))), (u) => userJson(u)), 200);

  const createUser: AppRouteHandler<typeof routes.createUser> = async (c) => {
    const body = c.req.valid('json');
    if (!body.invite_user) return c.json(userJson(await directory.createUser({ id: body.id, creation_date: now() })), 201);
    const { user, token } = await auth.invitations.invite(body.id);
    const link = activationUrl(origin(c), token, body.id);
    if (!options.mailer) return c.json({ ...userJson(user), activation_url: link }, 201);
    try {
      await options.mailer.sendInvitation(body.id, link);
    } catch (err) {
      // An invitation nobody received is no invitation: the admin can try again.
      await directory.deleteUser(user.id);
      throw err;
    }
    return c.json(userJson(user), 201);
  };

  const getUser: AppRouteHandler<typeof routes.getUser> = async (c) => c.json(userJson(await directory.getUser(c.req.valid('param').userId)), 200);

  const deleteUser: AppRouteHandler<typeof routes.deleteUser> = async (c) => {
    await auth.deleteUser(principalOf(c), c.req.valid('param').userId);
    return c.body(null, 204);
  };

  const listUserGroups: AppRouteHandler<typeof routes.listUserGroups> = async (c) => {
    const page = await directory.listUserGroups(c.req.valid('param').userId, listingOptions(c.req.valid('query')));
    return c.json(pageJson(page, groupJson), 200);
  };

  const listUserPolicies: AppRouteHandler<typeof routes.listUserPolicies> = async (c) => {
    requirePolicies();
    const query = c.req.valid('query');
    const page = await directory.listUserPolicies(c.req.valid('param').userId, query.effective ?? false, listingOptions(query));
    return c.json(pageJson(page, policyJson), 200);
  };

  const attachPolicyToUser: AppRouteHandler<typeof routes.attachPolicyToUser> = async (c) => {
    requirePolicies();
    const { userId, policyId } = c.req.valid('param');
    await directory.attachPolicyToUser(userId, policyId);
    return c.body(null, 201);
  };

  const detachPolicyFromUser: AppRouteHandler<typeof routes.detachPolicyFromUser> = async (c) => {
    requirePolicies();
    const { userId, policyId } = c.req.valid('param');
    await directory.detachPolicyFromUser(userId, policyId);
    return c.body(null, 204);
  };

  const listUserCredentials: AppRouteHandler<typeof routes.listUserCredentials> = async (c) => {
    const page = await auth.listCredentials(c.req.valid('param').userId, listingOptions(c.req.valid('query')));
    return c.json(pageJson(page, credentialJson), 200);
  };

  const createCredentials: AppRouteHandler<typeof routes.createCredentials> = async (c) =>
    c.json(credentialsJson(await auth.createCredentials(c.req.valid('param').userId)), 201);

  const getCredentials: AppRouteHandler<typeof routes.getCredentials> = async (c) => {
    const { userId, accessKeyId } = c.req.valid('param');
    return c.json(credentialJson(await auth.getCredentials(userId, accessKeyId)), 200);
  };

  const deleteCredentials: AppRouteHandler<typeof routes.deleteCredentials> = async (c) => {
    const { userId, accessKeyId } = c.req.valid('param');
    await auth.deleteCredentials(userId, accessKeyId);
    return c.body(null, 204);
  };

  const listGroups: AppRouteHandler<typeof routes.listGroups> = async (c) =>
    c.json(pageJson(await directory.listGroups(listingOptions(c.req.valid('query'))), groupJson), 200);

  const createGroup: AppRouteHandler<typeof routes.createGroup> = async (c) => {
    const { id, description } = c.req.valid('json');
    const group = await directory.createGroup({ id, creation_date: now(), ...(description ? { description } : {}) });
    return c.json(groupJson(group), 201);
  };

  const getGroup: AppRouteHandler<typeof routes.getGroup> = async (c) => c.json(groupJson(await directory.getGroup(c.req.valid('param').groupId)), 200);

  const deleteGroup: AppRouteHandler<typeof routes.deleteGroup> = async (c) => {
    await directory.deleteGroup(c.req.valid('param').groupId);
    return c.body(null, 204);
  };

  const listGroupMembers: AppRouteHandler<typeof routes.listGroupMembers> = async (c) => {
    const page = await directory.listGroupMembers(c.req.valid('param').groupId, listingOptions(c.req.valid('query')));
    return c.json(pageJson(page, (u) => userJson(u)), 200);
  };

  const addGroupMember: AppRouteHandler<typeof routes.addGroupMember> = async (c) => {
    const { groupId, userId } = c.req.valid('param');
    await directory.addGroupMember(groupId, userId);
    return c.body(null, 201);
  };

  const removeGroupMember: AppRouteHandler<typeof routes.removeGroupMember> = async (c) => {
    const { groupId, userId } = c.req.valid('param');
    await directory.removeGroupMember(groupId, userId);
    return c.body(null, 204);
  };

  const listGroupPolicies: AppRouteHandler<typeof routes.listGroupPolicies> = async (c) => {
    requirePolicies();
    const page = await directory.listGroupPolicies(c.req.valid('param').groupId, listingOptions(c.req.valid('query')));
    return c.json(pageJson(page, policyJson), 200);
  };

  const attachPolicyToGroup: AppRouteHandler<typeof routes.attachPolicyToGroup> = async (c) => {
    requirePolicies();
    const { groupId, policyId } = c.req.valid('param');
    await directory.attachPolicyToGroup(groupId, policyId);
    return c.body(null, 201);
  };

  const detachPolicyFromGroup: AppRouteHandler<typeof routes.detachPolicyFromGroup> = async (c) => {
    requirePolicies();
    const { groupId, policyId } = c.req.valid('param');
    await directory.detachPolicyFromGroup(groupId, policyId);
    return c.body(null, 204);
  };

  const getGroupAcl: AppRouteHandler<typeof routes.getGroupAcl> = async (c) => {
    const acl = await directory.getGroupAcl(c.req.valid('param').groupId);
    if (!acl) throw new NoAclError();
    return c.json(aclJson(acl), 200);
  };

  const setGroupAcl: AppRouteHandler<typeof routes.setGroupAcl> = async (c) => {
    const { permission, repositories } = c.req.valid('json');
    await directory.setGroupAcl(c.req.valid('param').groupId, { permission, ...(repositories?.length ? { repositories } : {}) });
    return c.body(null, 201);
  };

  const listPolicies: AppRouteHandler<typeof routes.listPolicies> = async (c) => {
    requirePolicies();
    return c.json(pageJson(await directory.listPolicies(listingOptions(c.req.valid('query'))), policyJson), 200);
  };

  const createPolicy: AppRouteHandler<typeof routes.createPolicy> = async (c) => {
    requirePolicies();
    const { id, statement } = c.req.valid('json');
    return c.json(policyJson(await directory.createPolicy(id, statement)), 201);
  };

  const getPolicy: AppRouteHandler<typeof routes.getPolicy> = async (c) => {
    requirePolicies();
    return c.json(policyJson(await directory.getPolicy(c.req.valid('param').policyId)), 200);
  };

  const updatePolicy: AppRouteHandler<typeof routes.updatePolicy> = async (c) => {
    requirePolicies();
    const { statement } = c.req.valid('json');
    return c.json(policyJson(await directory.updatePolicy(c.req.valid('param').policyId, statement)), 200);
  };

  const deletePolicy: AppRouteHandler<typeof routes.deletePolicy> = async (c) => {
    requirePolicies();
    await directory.deletePolicy(c.req.valid('param').policyId);
    return c.body(null, 204);
  };

  const updatePasswordByToken: AppRouteHandler<typeof routes.updatePasswordByToken> = async (c) => {
    const { token, newPassword, email } = c.req.valid('json');
    await auth.invitations.activate(token, newPassword, email);
    return c.body(null, 201);
  };

  const whoCan: AppRouteHandler<typeof routes.whoCan> = async (c) => {
    const { action, resource } = c.req.valid('query');
    return c.json(await auth.authorizer.whoCan({ action, resource }), 200);
  };

  return {
    listUsers,
    createUser,
    getUser,
    deleteUser,
    listUserGroups,
    listUserPolicies,
    attachPolicyToUser,
    detachPolicyFromUser,
    listUserCredentials,
    createCredentials,
    getCredentials,
    deleteCredentials,
    listGroups,
    createGroup,
    getGroup,
    deleteGroup,
    listGroupMembers,
    addGroupMember,
    removeGroupMember,
    listGroupPolicies,
    attachPolicyToGroup,
    detachPolicyFromGroup,
    getGroupAcl,
    setGroupAcl,
    listPolicies,
    createPolicy,
    getPolicy,
    updatePolicy,
    deletePolicy,
    updatePasswordByToken,
    whoCan,
  };
}
