import { fromPromise } from 'xstate';
import {
  addGroupMember,
  attachPolicyToGroup,
  attachPolicyToUser,
  detachPolicyFromGroup,
  detachPolicyFromUser,
  listGroups,
  listPolicies,
  listUsers,
  removeGroupMember,
} from '../../api/access-control';
import type { Page } from '../../api/types';
import { relationMachine } from './machine';

export * from './machine';

/** The links a tab edits: whose they are, and what kind of thing is linked. */
export type RelationKind = 'userGroups' | 'userPolicies' | 'groupMembers' | 'groupPolicies';

type Lister = (params: { prefix: string; amount: number }) => Promise<Page<{ id: string }>>;

const relations: Record<RelationKind, { candidates: Lister; add: (owner: string, id: string) => Promise<void>; remove: (owner: string, id: string) => Promise<void> }> = {
  userGroups: { candidates: listGroups, add: (user, group) => addGroupMember(group, user), remove: (user, group) => removeGroupMember(group, user) },
  userPolicies: { candidates: listPolicies, add: attachPolicyToUser, remove: detachPolicyFromUser },
  groupMembers: { candidates: listUsers, add: addGroupMember, remove: removeGroupMember },
  groupPolicies: { candidates: listPolicies, add: attachPolicyToGroup, remove: detachPolicyFromGroup },
};

/** The tab's links of `owner` (a user or a group id) over the real API; `refresh` loads the tab again. */
export function liveRelationMachine(kind: RelationKind, owner: string, refresh: () => void) {
  const relation = relations[kind];
  return relationMachine.provide({
    actions: { refresh },
    actors: {
      search: fromPromise<string[], { prefix: string; amount: number }>(async ({ input }) =>
        (await relation.candidates(input)).results.map((row) => row.id),
      ),
      add: fromPromise<void, { id: string }>(({ input }) => relation.add(owner, input.id)),
      remove: fromPromise<void, { id: string }>(({ input }) => relation.remove(owner, input.id)),
    },
  });
}
