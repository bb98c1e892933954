import { formatCount } from '../../lib/format';
import { useMemo, useState } from 'react';
import { Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import type { Commit, Page, Ref } from '../../api/types';
import { incrementalGraphLayout, labelsByCommit } from '../../lib/commit-graph';
import type { CommitsView } from '../../lib/search-schemas';
import type { PagedListActorRef } from '../../machines/paged-list';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { usePagedList } from '../components/usePagedList';
import { CommitGraph } from './CommitGraph';
import { ViewSwitch } from './ViewSwitch';

export interface CommitGraphPageProps {
  repoId: string;
  /** The graph's commits, page after page. */
  graph: PagedListActorRef<Commit>;
  /** The branches and tags that label their head commits: one page of each. */
  branches: Page<Ref>;
  tags: Page<Ref>;
  onSelectView: (view: CommitsView) => void;
}

/** Why some heads may show no label: the lists of branches and tags were cut at their first page. */
function capNote(branches: Page<Ref>, tags: Page<Ref>): string | undefined {
  const cut = [
    branches.pagination.has_more && `the first ${formatCount(branches.results.length)} branches`,
    tags.pagination.has_more && `the first ${formatCount(tags.results.length)} tags`,
  ].filter(Boolean);
  return cut.length > 0 ? `Labels show ${cut.join(' and ')} only.` : undefined;
}

/** Every branch's and tag's history as one graph, newest first. */
export function CommitGraphPage({ repoId, graph, branches, tags, onSelectView }: CommitGraphPageProps) {
  const { view, retry, reload, table } = usePagedList(graph);
  // Kept for the life of this graph: each page arriving lays out its own commits only.
  const [layoutOf] = useState(() => incrementalGraphLayout<Commit>());
  const layout = layoutOf(view.rows);
  const labels = useMemo(() => labelsByCommit(branches.results, tags.results), [branches, tags]);
  const note = capNote(branches, tags);

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <ViewSwitch view="graph" onSelect={onSelectView} />
        <Text color="fg.muted" fontSize="sm">
          All branches and tags
        </Text>
        <IconButton size="sm" variant="ghost" aria-label="Refresh" onClick={reload}>
          <LuRefreshCw />
        </IconButton>
      </Flex>
      {note && (
        <Text color="fg.muted" fontSize="sm">
          {note}
        </Text>
      )}
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading label="Loading commits..." />
      ) : layout.rows.length === 0 ? (
        <Text color="fg.muted">No commits.</Text>
      ) : (
        <CommitGraph
          repoId={repoId}
          layout={layout}
          labels={labels}
          loadingMore={view.loadingMore}
          onLoadMore={table.onLoadMore}
        />
      )}
      {view.loadingMore && <Loading label="Loading more..." />}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
    </Stack>
  );
}
