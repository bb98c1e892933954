// The events actions react to, named as lakeFS names them, and what a hook learns about the one that fired.

/** The operations that fire events; each fires `pre-<operation>` before it takes effect and `post-<operation>` after. */
export const operations = ['commit', 'merge', 'create-branch', 'delete-branch', 'create-tag', 'delete-tag', 'revert', 'cherry-pick'] as const;
export type Operation = (typeof operations)[number];

export type Phase = 'pre' | 'post';

export type EventType = `${Phase}-${Operation}`;

export const eventTypes: readonly EventType[] = operations.flatMap((operation) => [`pre-${operation}` as const, `post-${operation}` as const]);

export const isEventType = (name: string): name is EventType => (eventTypes as readonly string[]).includes(name);

/**
 * What happened, as the catalog reports it: the operation (the phase is known from which of runPre/runPost is
 * called) and the fields of lakeFS's event payload that do not depend on the hook.
 */
export interface ActionEvent {
  operation: Operation;
  repositoryId: string;
  /** Empty for tag events, which belong to no branch. */
  branchId: string;
  /** Where the action files are read, and what the payload reports as `source_ref`. */
  sourceRef: string;
  /** Empty when the event has no commit yet (a pre-commit's commit is not part of history). */
  commitId: string;
  commitMessage: string;
  committer: string;
  commitMetadata: Record<string, string>;
  tagId?: string;
  /** The ref a merge took its changes from, as the caller named it. */
  mergeSource?: string;
}

/** The JSON body a webhook receives (lakeFS's event information); optional fields are left out when empty. */
export interface EventPayload {
  event_type: string;
  /** RFC 3339, whole seconds. */
  event_time: string;
  action_name: string;
  hook_id: string;
  repository_id: string;
  branch_id: string;
  source_ref?: string;
  tag_id?: string;
  commit_id?: string;
  commit_message: string;
  committer: string;
  commit_metadata?: Record<string, string>;
  merge_source?: string;
}

export function eventPayload(event: ActionEvent, type: EventType, actionName: string, hookId: string, at: Date): EventPayload {
  const metadata = Object.keys(event.commitMetadata).length > 0 ? event.commitMetadata : undefined;
  return {
    event_type: type,
    event_time: at.toISOString().replace(/\.\d+Z$/, 'Z'),
    action_name: actionName,
    hook_id: hookId,
    repository_id: event.repositoryId,
    branch_id: event.branchId,
    ...(event.sourceRef ? { source_ref: event.sourceRef } : {}),
    ...(event.tagId ? { tag_id: event.tagId } : {}),
    ...(event.commitId ? { commit_id: event.commitId } : {}),
    commit_message: event.commitMessage,
    committer: event.committer,
    ...(metadata ? { commit_metadata: metadata } : {}),
    ...(event.mergeSource ? { merge_source: event.mergeSource } : {}),
  };
}
