import { Badge } from '@chakra-ui/react';
import { LuGitMerge, LuGitPullRequest, LuGitPullRequestClosed } from 'react-icons/lu';
import type { PullRequestStatus } from '../../api/types';

const LOOK: Record<PullRequestStatus, { palette: string; icon: typeof LuGitMerge; label: string }> = {
  open: { palette: 'green', icon: LuGitPullRequest, label: 'Open' },
  closed: { palette: 'gray', icon: LuGitPullRequestClosed, label: 'Closed' },
  merged: { palette: 'purple', icon: LuGitMerge, label: 'Merged' },
};

/** A pull request's status: open (green), closed (grey) or merged (purple), with its icon. */
export function PullRequestStatusBadge({ status, size = 'md' }: { status: PullRequestStatus; size?: 'md' | 'lg' }) {
  const { palette, icon: Icon, label } = LOOK[status];
  return (
    <Badge colorPalette={palette} variant="subtle" size={size} gap="1">
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}
