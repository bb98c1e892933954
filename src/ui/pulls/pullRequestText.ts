// The short sentences that place a pull request in time and say who opened it.
import type { PullRequest } from '../../api/types';
import { formatRelativeTime } from '../../lib/format';

/** The list's line: "opened 3 hours ago by alice", "merged yesterday, opened by alice". */
export function pullRequestSummary(pull: PullRequest, now?: number): string {
  if (pull.status === 'open') return `opened ${formatRelativeTime(pull.creation_date, now)} by ${pull.author}`;
  const when = formatRelativeTime(pull.closed_date ?? pull.creation_date, now);
  return `${pull.status} ${when}, opened by ${pull.author}`;
}
