import { fromPromise } from 'xstate';
import { getCapabilities, getCurrentUser } from '../../api/auth';
import { getConfig } from '../../api/config';
import { getSetupState } from '../../api/setup';
import type { Page, Policy, User } from '../../api/types';
import { LIST_ALL_PAGE_SIZE } from '../../lib/page-sizes';
import type { ServerSettings } from './machine';

const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

/** Every effective policy of the user, all pages. The access-control API loads apart from the entry. */
async function allEffectivePolicies(userId: string, signal: AbortSignal): Promise<Policy[]> {
  const { listUserPolicies } = await import('../../api/access-control');
  const policies: Policy[] = [];
  let after: string | undefined;
  for (;;) {
    const page: Page<Policy> = await listUserPolicies(userId, { effective: true, after, amount: LIST_ALL_PAGE_SIZE }, signal);
    policies.push(...page.results);
    if (!page.pagination.has_more || !page.pagination.next_offset) return policies;
    after = page.pagination.next_offset;
  }
}

export const sessionActors = {
  loadPolicies: fromPromise<Policy[], { userId: string }>(({ input, signal }) => allEffectivePolicies(input.userId, signal)),
  loadUser: fromPromise<User>(({ signal }) => getCurrentUser(signal)),
  loadSettings: fromPromise<ServerSettings>(async ({ signal }) => {
    const [config, setupState, capabilities] = await Promise.all([
      orNull(getConfig(signal)),
      orNull(getSetupState(signal)),
      orNull(getCapabilities(signal)),
    ]);
    return { config, loginConfig: setupState?.login_config ?? null, capabilities };
  }),
};
