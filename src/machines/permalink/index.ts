import { fromPromise } from 'xstate';
import { resolveRef } from '../../api/resolve-ref';
import type { ResolvedRef } from '../../api/types';
import { permalinkMachine, type PermalinkRequest } from './machine';

export * from './machine';

/** Resolves over the real API; the route provides `navigate`. */
export const livePermalinkMachine = permalinkMachine.provide({
  actors: {
    resolve: fromPromise<ResolvedRef, PermalinkRequest>(({ input, signal }) => resolveRef(input.repoId, input.ref, signal)),
  },
});
