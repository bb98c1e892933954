import { deleteGroup, deletePolicy, deleteUser } from '../../api/access-control';
import { liveCreatePrincipalMachine } from '../create-principal';
import { deleteEach, listSelectionMachine } from './machine';

export * from './machine';

const deleters = { users: deleteUser, groups: deleteGroup, policies: deletePolicy } as const;

export type AuthListKind = keyof typeof deleters;

/** The Users, Groups or Policies list over the real API; `refresh` loads the list again after a change. */
export function liveListSelectionMachine(kind: AuthListKind, refresh: () => void) {
  return listSelectionMachine.provide({
    actions: { refresh },
    actors: { deleteSelected: deleteEach(deleters[kind]), create: liveCreatePrincipalMachine },
  });
}
