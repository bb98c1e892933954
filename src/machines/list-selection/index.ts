import { deleteGroup, deletePolicy, deleteUser } from '../../api/access-control';
import { liveCreatePrincipalMachine } from '../create-principal';
import { deleteEach, listSelectionMachine } from './machine';

export * from './machine';

const deleters = { users: deleteUser, groups: deleteGroup, policies: deletePolicy } as const;

export type AuthListKind = keyof typeof deleters;

const liveListSelection = (kind: AuthListKind) =>
  listSelectionMachine.provide({ actors: { deleteSelected: deleteEach(deleters[kind]), create: liveCreatePrincipalMachine } });

/** The Users, Groups and Policies lists over the real API; the route's useScreen provides the router's actions. */
export const liveListSelectionMachines = {
  users: liveListSelection('users'),
  groups: liveListSelection('groups'),
  policies: liveListSelection('policies'),
};
