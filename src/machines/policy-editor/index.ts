import { fromPromise } from 'xstate';
import { createPolicy, getPolicy, updatePolicy } from '../../api/access-control';
import type { Policy } from '../../api/types';
import { policyEditorMachine, type PolicyEditorMode } from './machine';

export * from './machine';
export * from './document';

/** The policy editor over the real API; `created` is told the id of a policy it creates. */
export function livePolicyEditorMachine(created: (id: string) => void) {
  return policyEditorMachine.provide({
    actions: { created: (_, id) => created(id) },
    actors: {
      save: fromPromise<Policy, { mode: PolicyEditorMode; policy: Policy }>(({ input }) =>
        input.mode === 'create' ? createPolicy(input.policy) : updatePolicy(input.policy),
      ),
      read: fromPromise<Policy, { id: string }>(({ input, signal }) => getPolicy(input.id, signal)),
    },
  });
}
