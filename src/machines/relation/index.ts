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

/** Candidates read to count them: past this many the picker says '5 of 100+'. */
export const COUNTED_CANDIDATES = 100;

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
      // lakeFS's listings page without a total: the picker reads up to COUNTED_CANDIDATES to say how many match ('5 of
      // 11'), a small read for the users, groups and policies of one installation, and shows the first few.
      search: fromPromise<CandidatePage, { prefix: string; amount: number }>(async ({ input }) => {
        const page = await relation.candidates({ prefix: input.prefix, amount: Math.max(input.amount, COUNTED_CANDIDATES) });
        const ids = page.results.map((row) => row.id);
        return {
          ids: ids.slice(0, input.amount),
          hasMore: ids.length > input.amount || page.pagination.has_more,
          total: ids.length,
          ...(page.pagination.has_more ? { totalIsAtLeast: true } : {}),
        };
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
