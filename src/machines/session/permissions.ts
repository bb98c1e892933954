// What the signed-in user may do, from the user's effective policies: loaded apart from the entry (the session's
// actor imports this module when a user signs in), with the access-control API and the evaluator.
import { listUserPolicies } from '../../api/access-control';
import type { Page, Policy } from '../../api/types';
import { LIST_ALL_PAGE_SIZE } from '../../lib/page-sizes';
import { evaluate } from '../../lib/permissions';
import type { PermissionCheck } from './machine';

async function allEffectivePolicies(userId: string, signal: AbortSignal): Promise<Policy[]> {
  const policies: Policy[] = [];
  let after: string | undefined;
  for (;;) {
    const page: Page<Policy> = await listUserPolicies(userId, { effective: true, after, amount: LIST_ALL_PAGE_SIZE }, signal);
    policies.push(...page.results);
    if (!page.pagination.has_more || !page.pagination.next_offset) return policies;
    after = page.pagination.next_offset;
  }
}

/** Reads every effective policy of the user, and answers from them whether an action on a resource is allowed. */
export async function loadPermissionCheck(userId: string, signal: AbortSignal): Promise<PermissionCheck> {
  const policies = await allEffectivePolicies(userId, signal);
  return (action, resource) => evaluate(policies, userId, action, resource) === 'allow';
}
