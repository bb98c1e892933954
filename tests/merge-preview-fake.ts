// A merge dry run's answer for the console's tests (machines and screens): one that finds nothing in the way,
// shaped by the server's wire schema, with what a test needs changed.
import type { MergePreview } from '../server/http/wire';

export function mergePreview(overrides: Partial<MergePreview> = {}): MergePreview {
  return {
    source_commit_id: 's',
    destination_commit_id: 'd',
    base_commit_id: 'b',
    changes: 1,
    fast_forward: false,
    nothing_to_merge: false,
    conflicts: [],
    conflicts_truncated: false,
    destination_dirty: false,
    destination_protected: false,
    read_only: false,
    ...overrides,
  };
}
