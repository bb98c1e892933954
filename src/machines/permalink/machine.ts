// The `y` shortcut (issue 12, as GitHub's): the page's address names the commit its ref points at now instead of the
// ref, so it keeps showing what it shows today. The ref is resolved afresh (a branch may have moved since the page
// was loaded); the route provides `navigate`, which puts the commit id into the URL's `ref`.
import { setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ResolvedRef } from '../../api/types';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { shortCommitId } from '../../lib/format';
import { screenActions, type Navigation } from '../../lib/screen';

export interface PermalinkRequest {
  repoId: string;
  /** The page's ref: the URL's `ref`, else the default branch. */
  ref: string;
}

export type PermalinkEvent = { type: 'permalink.make' } & PermalinkRequest;

export const PERMALINK_FAILURE = 'Could not make a permalink';

/**
 * The page stays what it is: the same route, path and other parameters, with the commit as its ref. It replaces the
 * address rather than adding one, as the page shows the same thing.
 */
const commitAt = (commitId: string): Navigation => ({ to: '.', search: (prev) => ({ ...prev, ref: commitId }), replace: true });

export const permalinkMachine = setup({
  types: {
    events: {} as PermalinkEvent,
  },
  actors: {
    resolve: promisePlaceholder<ResolvedRef, PermalinkRequest>('resolve'),
  },
  actions: {
    ...screenActions,
    announce: (_, commitId: string) => notifySuccess(`Permalink: the address now names commit ${shortCommitId(commitId)}`),
    report: (_, error: unknown) => notifyFailure(PERMALINK_FAILURE, error),
  },
}).createMachine({
  id: 'permalink',
  initial: 'idle',
  states: {
    idle: {
      on: { 'permalink.make': 'resolving' },
    },
    /** A second `y` meanwhile changes nothing: the first one's answer is the same. */
    resolving: {
      invoke: {
        src: 'resolve',
        input: ({ event }) => ({ repoId: event.repoId, ref: event.ref }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'navigate', params: ({ event }) => commitAt(event.output.commitId) },
            { type: 'announce', params: ({ event }) => event.output.commitId },
          ],
        },
        onError: { target: 'idle', actions: { type: 'report', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
  },
});

export type PermalinkActorRef = ActorRefFrom<typeof permalinkMachine>;
export type PermalinkSnapshot = SnapshotFrom<typeof permalinkMachine>;
