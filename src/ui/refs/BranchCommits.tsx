import { useCallback } from 'react';
import { Box, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { logCommits } from '../../api/commits';
import type { Commit, Page } from '../../api/types';
import { PAGE_SIZE } from '../../lib/constants';
import { commitMessageForPicker, shortCommitId } from '../../lib/format';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { useCursorPages } from '../components/useCursorPages';
import { MorePages, PickerOption } from './PickerList';
import type { SelectedRef } from './RefSelector';

export interface BranchCommitsProps {
  repoId: string;
  branch: string;
  selectedId: string;
  onSelect: (ref: SelectedRef) => void;
}

/** The commits of one branch, newest first; choosing one selects that commit as the ref. */
export function BranchCommits({ repoId, branch, selectedId, onSelect }: BranchCommitsProps) {
  const fetchPage = useCallback(
    (after: string | undefined): Promise<Page<Commit>> => logCommits(repoId, branch, { after, amount: PAGE_SIZE }),
    [repoId, branch],
  );
  const pages = useCursorPages(fetchPage);

  if (pages.loading) return <Loading />;
  return (
    <Stack gap="2">
      {pages.error !== undefined && <ErrorAlert error={pages.error} onRetry={pages.refresh} />}
      <Box as="ul" role="listbox" aria-label={`Commits of ${branch}`} maxH="320px" overflowY="auto" listStyleType="none">
        {pages.rows.map((commit) => (
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
      <MorePages pages={pages}>More commits</MorePages>
    </Stack>
  );
}
