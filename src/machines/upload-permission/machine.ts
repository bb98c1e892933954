// The Upload button's permission (docs/behaviour.md, Objects page): whether the user may upload to a branch, asked
// once per repository and branch for as long as the objects route lives, and again on Refresh, keeping the last
// answer meanwhile, so browsing folders never flickers the button. Each upload still checks its own destinations
// (machines/upload-queue).
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { callbackPlaceholder } from '../../lib/actor-placeholders';

export interface BranchTarget {
  repoId: string;
  branch: string;
}

export interface PermissionAnswer {
  /** The last answer; undefined until the first check has finished. */
  allowed: boolean | undefined;
  checking: boolean;
}

export interface UploadPermissionContext {
  answers: Record<string, PermissionAnswer>;
}

/** What a check reports back: the preflight's answer for one branch. */
export type PermissionReport = { type: 'permission.answer'; key: string; allowed: boolean };

export type UploadPermissionEvent =
  /** A page of this branch is shown: ask unless there is an answer, or one on its way. */
  | ({ type: 'permission.need' } & BranchTarget)
  /** The user refreshed: ask again unless a check is under way; the last answer stays until the new one. */
  | ({ type: 'permission.recheck' } & BranchTarget)
  | PermissionReport;

export interface PermissionCheckInput extends BranchTarget {
  key: string;
}

export const permissionKey = ({ repoId, branch }: BranchTarget): string => `${repoId}\u0000${branch}`;

export const uploadPermissionMachine = setup({
  types: {
    context: {} as UploadPermissionContext,
    events: {} as UploadPermissionEvent,
  },
  actors: {
    /** Asks the server (stage_allowed) and reports a `permission.answer`. */
    checkBranch: callbackPlaceholder<UploadPermissionEvent, PermissionCheckInput>('checkBranch'),
  },
  guards: {
    unasked: ({ context }, target: BranchTarget) => context.answers[permissionKey(target)] === undefined,
    /** No check of the branch is under way (a recheck then would only ask twice). */
    notChecking: ({ context }, target: BranchTarget) => context.answers[permissionKey(target)]?.checking !== true,
  },
  actions: {
    check: enqueueActions(({ context, enqueue }, target: BranchTarget) => {
      const key = permissionKey(target);
      enqueue.spawnChild('checkBranch', { id: `check:${key}`, input: { ...target, key } });
      enqueue.assign({
        answers: { ...context.answers, [key]: { allowed: context.answers[key]?.allowed, checking: true } },
      });
    }),
  },
}).createMachine({
  id: 'uploadPermission',
  context: { answers: {} },
  on: {
    'permission.need': {
      guard: { type: 'unasked', params: ({ event }) => event },
      actions: { type: 'check', params: ({ event }) => event },
    },
    'permission.recheck': {
      guard: { type: 'notChecking', params: ({ event }) => event },
      actions: { type: 'check', params: ({ event }) => event },
    },
    'permission.answer': {
      actions: [
        enqueueActions(({ enqueue, event }) => enqueue.stopChild(`check:${event.key}`)),
        assign({
          answers: ({ context, event }) => ({ ...context.answers, [event.key]: { allowed: event.allowed, checking: false } }),
        }),
      ],
    },
  },
});

export type UploadPermissionActorRef = ActorRefFrom<typeof uploadPermissionMachine>;
export type UploadPermissionSnapshot = SnapshotFrom<typeof uploadPermissionMachine>;

/** Whether uploads to the branch are allowed, as last answered (undefined while first asked). */
export function uploadAllowed(snapshot: UploadPermissionSnapshot, target: BranchTarget): boolean | undefined {
  return snapshot.context.answers[permissionKey(target)]?.allowed;
}
