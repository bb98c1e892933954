import { Box, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Commit } from '../../api/types';
import { commitMessageForPicker, shortCommitId } from '../../lib/format';
import { pagedListView, type PagedListActorRef } from '../../machines/paged-list';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { MorePages, PickerOption } from './PickerList';
import type { SelectedRef } from './selected-ref';

export interface BranchCommitsProps {
  branch: string;
  /** The branch's commits, newest first. */
  list: PagedListActorRef<Commit>;
  selectedId: string;
  onSelect: (ref: SelectedRef) => void;
}

/** The commits of one branch; choosing one selects that commit as the ref. */
export function BranchCommits({ branch, list, selectedId, onSelect }: BranchCommitsProps) {
  const view = useSelector(list, pagedListView);
  if (view.loading) return <Loading />;
  return (
    <Stack gap="2">
      {(view.failed || view.moreFailed) && <ErrorAlert error={view.error} onRetry={() => list.send({ type: 'list.retry' })} />}
      <Box as="ul" role="listbox" aria-label={`Commits of ${branch}`} maxH="320px" overflowY="auto" listStyleType="none">
        {view.rows.map((commit) => (
          <Box as="li" key={commit.id} role="none">
            <PickerOption
              selected={commit.id === selectedId}
              width="full"
              justifyContent="space-between"
              title={commit.message}
              onClick={() => onSelect({ id: commit.id, kind: 'commit' })}
            >
              <HStack justify="space-between" width="full" gap="3">
                <Text as="span" truncate>
                  {commitMessageForPicker(commit.message)}
                </Text>
                <Code size="sm" flexShrink={0}>
                  {shortCommitId(commit.id)}
                </Code>
              </HStack>
            </PickerOption>
          </Box>
        ))}
      </Box>
      <MorePages list={list} view={view}>
        More commits
      </MorePages>
    </Stack>
  );
}
