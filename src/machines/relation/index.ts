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
import { relationMachine, type CandidatePage, type RelationChange } from './machine';

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

const liveRelation = (kind: RelationKind) => {
  const relation = relations[kind];
  return relationMachine.provide({
    actors: {
      // lakeFS's listings page without a total: the picker can say that more match, not how many.
      search: fromPromise<CandidatePage, { prefix: string; amount: number }>(async ({ input }) => {
        const page = await relation.candidates(input);
        return { ids: page.results.map((row) => row.id), hasMore: page.pagination.has_more };
      }),
      add: fromPromise<void, RelationChange>(({ input }) => relation.add(input.owner, input.id)),
      remove: fromPromise<void, RelationChange>(({ input }) => relation.remove(input.owner, input.id)),
    },
  });
};

/** Each tab's links over the real API; the route's useScreen provides the router's actions. */
export const liveRelationMachines: Record<RelationKind, ReturnType<typeof liveRelation>> = {
  userGroups: liveRelation('userGroups'),
  userPolicies: liveRelation('userPolicies'),
  groupMembers: liveRelation('groupMembers'),
  groupPolicies: liveRelation('groupPolicies'),
};
