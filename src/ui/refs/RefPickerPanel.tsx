import { useCallback, useState } from 'react';
import { Badge, Box, HStack, IconButton, Input, Stack, Tabs, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuChevronRight } from 'react-icons/lu';
import { listBranches } from '../../api/branches';
import { listTags } from '../../api/tags';
import type { Page, Ref } from '../../api/types';
import { FILTER_DEBOUNCE_MS, REF_PICKER_PAGE_SIZE } from '../../lib/constants';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { useCursorPages } from '../components/useCursorPages';
import { BranchCommits } from './BranchCommits';
import { MorePages, PickerOption } from './PickerList';
import type { SelectedRef } from './RefSelector';
import { useDebouncedValue } from './useDebouncedValue';

type ListKind = 'branch' | 'tag';

export interface RefPickerPanelProps {
  repoId: string;
  selected: SelectedRef;
  branchesOnly: boolean;
  defaultBranch?: string | undefined;
  onSelect: (ref: SelectedRef) => void;
}

export function RefPickerPanel({ repoId, selected, branchesOnly, defaultBranch, onSelect }: RefPickerPanelProps) {
  const [kind, setKind] = useState<ListKind>(selected.kind === 'tag' && !branchesOnly ? 'tag' : 'branch');
  const [commitsOf, setCommitsOf] = useState<string | undefined>(undefined);

  if (commitsOf !== undefined) {
    return (
      <Stack gap="2">
        <HStack>
          <IconButton aria-label="Back to branches" size="xs" variant="ghost" onClick={() => setCommitsOf(undefined)}>
            <LuArrowLeft />
          </IconButton>
          <Text fontWeight="medium" truncate>
            Commits of {commitsOf}
          </Text>
        </HStack>
        <BranchCommits repoId={repoId} branch={commitsOf} selectedId={selected.id} onSelect={onSelect} />
      </Stack>
    );
  }

  const list = (listKind: ListKind) => (
    <RefList
      key={listKind}
      repoId={repoId}
      kind={listKind}
      selectedId={selected.kind === listKind ? selected.id : undefined}
      defaultBranch={defaultBranch}
      showCommits={!branchesOnly}
      onSelect={onSelect}
      onShowCommits={setCommitsOf}
    />
  );

  if (branchesOnly) return list('branch');

  return (
    <Tabs.Root value={kind} onValueChange={(details) => setKind(details.value as ListKind)} size="sm" variant="line">
      <Tabs.List>
        <Tabs.Trigger value="branch">Branches</Tabs.Trigger>
        <Tabs.Trigger value="tag">Tags</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="branch">{kind === 'branch' && list('branch')}</Tabs.Content>
      <Tabs.Content value="tag">{kind === 'tag' && list('tag')}</Tabs.Content>
    </Tabs.Root>
  );
}

interface RefListProps {
  repoId: string;
  kind: ListKind;
  selectedId: string | undefined;
  defaultBranch: string | undefined;
  showCommits: boolean;
  onSelect: (ref: SelectedRef) => void;
  onShowCommits: (branch: string) => void;
}

function RefList({ repoId, kind, selectedId, defaultBranch, showCommits, onSelect, onShowCommits }: RefListProps) {
  const [filter, setFilter] = useState('');
  const prefix = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const fetchPage = useCallback(
    (after: string | undefined): Promise<Page<Ref>> => {
      const list = kind === 'branch' ? listBranches : listTags;
      return list(repoId, { prefix: prefix || undefined, after, amount: REF_PICKER_PAGE_SIZE });
    },
    [repoId, kind, prefix],
  );
  const pages = useCursorPages(fetchPage);
  const noun = kind === 'branch' ? 'branches' : 'tags';

  return (
    <Stack gap="2" pt="2">
      <Input
        size="sm"
        placeholder={`Filter ${noun}`}
        aria-label={`Filter ${noun}`}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        autoFocus
      />
      {pages.error !== undefined && <ErrorAlert error={pages.error} onRetry={pages.refresh} />}
      {pages.loading ? (
        <Loading />
      ) : (
        <Box as="ul" role="listbox" aria-label={noun} maxH="320px" overflowY="auto" listStyleType="none">
          {pages.rows.length === 0 && pages.error === undefined && (
            <Text as="li" color="fg.muted" py="2" px="2">
              No {noun} found
            </Text>
          )}
          {pages.rows.map((ref) => (
            <HStack as="li" key={ref.id} gap="1" role="none">
              <PickerOption
                selected={ref.id === selectedId}
                flex="1"
                justifyContent="flex-start"
                onClick={() => onSelect({ id: ref.id, kind })}
              >
                <Text as="span" truncate>
                  {ref.id}
                </Text>
                {kind === 'branch' && ref.id === defaultBranch && (
                  <Badge size="sm" colorPalette="gray">
                    Default
                  </Badge>
                )}
              </PickerOption>
              {kind === 'branch' && showCommits && (
                <IconButton
                  aria-label={`Commits of ${ref.id}`}
                  size="xs"
                  variant="ghost"
                  onClick={() => onShowCommits(ref.id)}
                >
                  <LuChevronRight />
                </IconButton>
              )}
            </HStack>
          ))}
        </Box>
      )}
      <MorePages pages={pages}>More {noun}</MorePages>
    </Stack>
  );
}
