import { fromPromise } from 'xstate';
import { createPolicy, getPolicy, updatePolicy } from '../../api/access-control';
import type { Policy } from '../../api/types';
import { policyEditorMachine, type PolicyEditorMode } from './machine';

export * from './machine';
export * from './document';

/** The policy editor over the real API; a route's useScreen provides the router's actions. */
export const livePolicyEditorMachine = policyEditorMachine.provide({
  actors: {
    save: fromPromise<Policy, { mode: PolicyEditorMode; policy: Policy }>(({ input }) =>
      input.mode === 'create' ? createPolicy(input.policy) : updatePolicy(input.policy),
    ),
    read: fromPromise<Policy, { id: string }>(({ input, signal }) => getPolicy(input.id, signal)),
  },
});
