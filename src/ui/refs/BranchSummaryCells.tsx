// The parts of a branch's row that come from its summary, which loads after the row (machines/branch-summaries):
// its last commit's time, how far it and the default branch have moved apart, and the Merged badge; a quiet
// placeholder while the summary is on its way, and one alert with a retry when it could not be read.
import { Badge, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { BranchSummary } from '../../api/types';
import { formatCount } from '../../lib/format';
import type { BranchSummariesActorRef, BranchSummariesSnapshot } from '../../machines/branch-summaries/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { RelativeDate } from '../components/RelativeDate';

export interface BranchSummaryCellProps {
  summaries: BranchSummariesActorRef;
  id: string;
}

const summaryOf = (id: string) => (s: BranchSummariesSnapshot) => s.context.summaries.get(id);
const loading = (s: BranchSummariesSnapshot) => s.hasTag('loading');

/** A count as the row shows it: a capped one is at least that many ("1,000+"). */
const countText = (n: number, capped: boolean) => `${formatCount(n)}${capped ? '+' : ''}`;

const commits = (n: number, capped: boolean) => `${capped ? 'at least ' : ''}${formatCount(n)} ${n === 1 && !capped ? 'commit' : 'commits'}`;

/** "2 ahead, 3 behind": the branch's commits the default branch lacks, then the reverse. */
export function distanceText(s: BranchSummary): string {
  return `${countText(s.ahead, s.ahead_capped)} ahead, ${countText(s.behind, s.behind_capped)} behind`;
}

/** The same in words, for the hover. */
export function distanceTitle(s: BranchSummary, defaultBranch: string): string {
  return (
    `${s.id} has ${commits(s.ahead, s.ahead_capped)} that ${defaultBranch} does not; ` +
    `${defaultBranch} has ${commits(s.behind, s.behind_capped)} that ${s.id} does not.`
  );
}

/** Shown in a cell while its summary loads. */
function Pending() {
  return (
    <Text as="span" color="fg.subtle" fontSize="sm">
      <span aria-hidden="true">…</span>
      <Text as="span" srOnly>
        Loading
      </Text>
    </Text>
  );
}

/** The time of the branch's last commit, relative, with the full date on hover. */
export function BranchUpdated({ summaries, id }: BranchSummaryCellProps) {
  const summary = useSelector(summaries, summaryOf(id));
  const pending = useSelector(summaries, loading);
  if (summary) return <RelativeDate unixSeconds={summary.commit_creation_date} />;
  return pending ? <Pending /> : null;
}

/** How far the branch and the default branch have moved apart; nothing on the default branch itself. */
export function BranchDistance({ summaries, id, defaultBranch }: BranchSummaryCellProps & { defaultBranch: string }) {
  const summary = useSelector(summaries, summaryOf(id));
  const pending = useSelector(summaries, loading);
  if (id === defaultBranch) return null;
  if (summary) {
    return (
      <Text as="span" fontSize="sm" whiteSpace="nowrap" title={distanceTitle(summary, defaultBranch)}>
        {distanceText(summary)}
      </Text>
    );
  }
  return pending ? <Pending /> : null;
}

/** Marks a branch every commit of which is on the default branch. */
export function MergedBadge({ summaries, id, defaultBranch }: BranchSummaryCellProps & { defaultBranch: string }) {
  const merged = useSelector(summaries, (s) => s.context.summaries.get(id)?.merged === true);
  if (!merged) return null;
  return (
    <Badge size="sm" colorPalette="purple" title={`Every commit of ${id} is on ${defaultBranch}`}>
      Merged
    </Badge>
  );
}

/** The failure to read the summaries, with a retry; the list itself stays usable. */
export function BranchSummariesError({ summaries }: { summaries: BranchSummariesActorRef }) {
  const error = useSelector(summaries, (s) => (s.matches('failed') ? (s.context.error ?? new Error('unknown error')) : undefined));
  if (error === undefined) return null;
  return <ErrorAlert error={error} onRetry={() => summaries.send({ type: 'summaries.retry' })} />;
}
