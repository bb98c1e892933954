// Access control: its contracts mounted with their handlers.
import type { AuthService } from '../../../auth';
import { createRouter, type Router } from '../../router';
import { accessControlHandlers, type AccessControlOptions } from './handlers';
import * as routes from './routes';

export type { AccessControlOptions } from './handlers';

export function accessControlRouter(auth: AuthService, options: AccessControlOptions): Router {
  const handle = accessControlHandlers(auth, options);
  const router = createRouter();
  router.openapi(routes.listUsers, handle.listUsers);
  router.openapi(routes.createUser, handle.createUser);
  // The fixed path before the templated ones: /auth/who-can is not a user.
  router.openapi(routes.whoCan, handle.whoCan);
  router.openapi(routes.updatePasswordByToken, handle.updatePasswordByToken);
  router.openapi(routes.getUser, handle.getUser);
  router.openapi(routes.deleteUser, handle.deleteUser);
  router.openapi(routes.listUserGroups, handle.listUserGroups);
  router.openapi(routes.listUserPolicies, handle.listUserPolicies);
  router.openapi(routes.attachPolicyToUser, handle.attachPolicyToUser);
  router.openapi(routes.detachPolicyFromUser, handle.detachPolicyFromUser);
  router.openapi(routes.listUserCredentials, handle.listUserCredentials);
  router.openapi(routes.createCredentials, handle.createCredentials);
  router.openapi(routes.getCredentials, handle.getCredentials);
  router.openapi(routes.deleteCredentials, handle.deleteCredentials);
  router.openapi(routes.listGroups, handle.listGroups);
  router.openapi(routes.createGroup, handle.createGroup);
  router.openapi(routes.getGroup, handle.getGroup);
  router.openapi(routes.deleteGroup, handle.deleteGroup);
  router.openapi(routes.listGroupMembers, handle.listGroupMembers);
  router.openapi(routes.addGroupMember, handle.addGroupMember);
  router.openapi(routes.removeGroupMember, handle.removeGroupMember);
  router.openapi(routes.listGroupPolicies, handle.listGroupPolicies);
  router.openapi(routes.attachPolicyToGroup, handle.attachPolicyToGroup);
  router.openapi(routes.detachPolicyFromGroup, handle.detachPolicyFromGroup);
  router.openapi(routes.getGroupAcl, handle.getGroupAcl);
  router.openapi(routes.setGroupAcl, handle.setGroupAcl);
  router.openapi(routes.listPolicies, handle.listPolicies);
  router.openapi(routes.createPolicy, handle.createPolicy);
  router.openapi(routes.getPolicy, handle.getPolicy);
  router.openapi(routes.updatePolicy, handle.updatePolicy);
  router.openapi(routes.deletePolicy, handle.deletePolicy);
  return router;
}
