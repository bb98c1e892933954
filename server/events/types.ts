// What changes in a repository, as its live stream tells it (GET /repositories/{repository}/events).

/** What moved a branch: the operation that wrote its new head. */
export type BranchCause = 'create' | 'delete' | 'commit' | 'merge' | 'revert' | 'cherry-pick' | 'import' | 'reset';

export type RepositoryEvent =
  | { type: 'branch'; repository: string; branch: string; action: 'created' | 'deleted' | 'moved'; cause: BranchCause; commitId?: string }
  /** Uncommitted changes on a branch: `count` writes (uploads, deletions, resets) since the event before. */
  | { type: 'staging'; repository: string; branch: string; count: number }
  | { type: 'run'; repository: string; runId: string; branch: string; eventType: string; status: 'running' | 'completed' | 'failed' }
  | { type: 'import'; repository: string; importId: string; branch: string; state: string; ingested: number; commitId?: string };

/** An event with the id the bus gave it: unique and ordered across every server on the bus. */
export interface StampedEvent {
  id: number;
  event: RepositoryEvent;
}
