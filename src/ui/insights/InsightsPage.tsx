import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuRefreshCw } from 'react-icons/lu';
import type { InsightsPageActorRef } from '../../machines/insights-page';
import { GROWTH_COMMITS } from '../../machines/insights-page';
import { formatObjectCount, formatSize } from '../../lib/format';
import { DiffBreadcrumb } from '../diff/DiffBreadcrumb';
import { EmptyState } from '../components/EmptyState';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { BranchVolumes, signedSize } from './BranchVolumes';
import { GrowthChart } from './GrowthChart';
import { UsageTreemap } from './UsageTreemap';

export interface InsightsPageProps {
  screen: InsightsPageActorRef;
}

function Section({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <HStack justify="space-between">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {action}
      </HStack>
      {children}
    </Stack>
  );
}

function SizesSection({ screen }: InsightsPageProps) {
  const { repoId, ref, prefix, usage } = useSelector(screen, (s) => s.context);
  const open = (next: string) => screen.send({ type: 'prefix.open', prefix: next });
  const staged = usage.staged;
  return (
    <Section
      title="Sizes by folder"
      action={
        <Button size="xs" variant="outline" onClick={() => screen.send({ type: 'refresh' })}>
          <LuRefreshCw /> Refresh
        </Button>
      }
    >
      <DiffBreadcrumb rootLabel={ref} prefix={prefix} onNavigate={open} />
      <Text fontSize="sm" color="fg.muted" data-testid="usage-totals">
        {prefix ? `Under ${prefix}` : `In ${ref}`}: {formatSize(usage.totals.bytes)} in {formatObjectCount(usage.totals.objects)}
        {staged && staged.added + staged.changed + staged.removed > 0 && `, of which uncommitted: ${signedSize(staged.bytes)} (${staged.added} added, ${staged.changed} changed, ${staged.removed} removed)`}
      </Text>
      {usage.totals.objects === 0 ? (
        <EmptyState
          title="Nothing stored here"
          description={
            prefix
              ? `No objects under ${prefix} in ${ref}. Go back up with the path above, or pick another ref.`
              : `${ref} holds no objects yet. Upload or import data from the Objects tab, and its sizes show here.`
          }
        />
      ) : (
        <>
          <UsageTreemap repoId={repoId} refId={ref} usage={usage} onOpenFolder={open} />
          <Text fontSize="xs" color="fg.muted">
            Each cell’s area is its share of the bytes. Open a folder with a click or Enter; the path above leads back up.
          </Text>
        </>
      )}
    </Section>
  );
}

function GrowthSection({ screen }: InsightsPageProps) {
  const state = useSelector(screen, (s) => ({ loading: s.hasTag('growthLoading'), failed: s.matches({ growth: 'failed' }), growth: s.context.growth, error: s.context.growthError, ref: s.context.ref }));
  let body: React.ReactNode;
  if (state.loading) body = <Loading label={`Counting the objects of ${state.ref} at its last ${GROWTH_COMMITS} commits…`} />;
  else if (state.failed)
    body = <ErrorAlert title="Could not count the growth" error={state.error} onRetry={() => screen.send({ type: 'growth.retry' })} />;
  else if (!state.growth || state.growth.points.length === 0) body = <EmptyState title="No commits yet" description={`${state.ref} has no commits to compare.`} />;
  else body = <GrowthChart growth={state.growth} />;
  return (
    <Section title={`Growth over the last ${GROWTH_COMMITS} commits`}>
      <Text fontSize="sm" color="fg.muted">
        Objects and bytes of the whole of {state.ref} once each commit was made, oldest on the left.
      </Text>
      {body}
    </Section>
  );
}

function VolumesSection({ screen }: InsightsPageProps) {
  const state = useSelector(screen, (s) => ({ loading: s.hasTag('volumesLoading'), failed: s.matches({ volumes: 'failed' }), volumes: s.context.volumes, error: s.context.volumesError, repoId: s.context.repoId }));
  let body: React.ReactNode;
  if (state.loading) body = <Loading label="Counting the uncommitted changes of every branch…" />;
  else if (state.failed)
    body = <ErrorAlert title="Could not count the uncommitted changes" error={state.error} onRetry={() => screen.send({ type: 'volumes.retry' })} />;
  else if (!state.volumes || state.volumes.branches.length === 0) body = <EmptyState title="No branches" description="This repository has no branches to count." />;
  else
    body = (
      <>
        <BranchVolumes repoId={state.repoId} volumes={state.volumes} />
        {state.volumes.more && (
          <Text fontSize="xs" color="fg.muted">
            Only the first {state.volumes.branches.length} branches are counted.
          </Text>
        )}
      </>
    );
  return (
    <Section title="Uncommitted volume per branch">
      <Text fontSize="sm" color="fg.muted">
        What each branch has written and not committed yet, against its last commit.
      </Text>
      {body}
    </Section>
  );
}

/** The Insights tab: sizes by folder as a treemap that drills down, growth over the last commits, and uncommitted volume per branch. */
export function InsightsPage({ screen }: InsightsPageProps) {
  return (
    <Stack gap="8">
      <SizesSection screen={screen} />
      <GrowthSection screen={screen} />
      <VolumesSection screen={screen} />
    </Stack>
  );
}
