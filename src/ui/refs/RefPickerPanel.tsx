import { useState } from 'react';
import { Badge, Box, HStack, IconButton, Input, Stack, Tabs, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { LuArrowLeft, LuChevronRight } from 'react-icons/lu';
import type { Ref } from '../../api/types';
import { pagedListView, type PagedListActorRef } from '../../machines/paged-list';
import { createLiveRefPickerMachine, type RefListKind, type RefPickerActorRef } from '../../machines/ref-picker';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { BranchCommits } from './BranchCommits';
import { MorePages, PickerOption } from './PickerList';
import type { SelectedRef } from './RefSelector';

export interface RefPickerPanelProps {
  repoId: string;
  selected: SelectedRef;
  branchesOnly: boolean;
  defaultBranch?: string | undefined;
  onSelect: (ref: SelectedRef) => void;
}

/** The picker's content while it is open: its machine lives as long as the popover shows it. */
export function RefPickerPanel({ repoId, selected, branchesOnly, defaultBranch, onSelect }: RefPickerPanelProps) {
  const [machine] = useState(() => createLiveRefPickerMachine(repoId));
  const picker = useActorRef(machine, { input: { kind: selected.kind === 'tag' && !branchesOnly ? 'tag' : 'branch' } });
  const kind = useSelector(picker, (s) => s.context.kind);
  const commitsOf = useSelector(picker, (s) => s.context.commitsOf);
  const commits = useSelector(picker, (s) => s.context.commits);

  if (commitsOf !== null && commits !== null) {
    return (
      <Stack gap="2">
        <HStack>
          <IconButton aria-label="Back to branches" size="xs" variant="ghost" onClick={() => picker.send({ type: 'picker.back' })}>
            <LuArrowLeft />
          </IconButton>
          <Text fontWeight="medium" truncate>
            Commits of {commitsOf}
          </Text>
        </HStack>
        <BranchCommits branch={commitsOf} list={commits} selectedId={selected.id} onSelect={onSelect} />
      </Stack>
    );
  }

  const list = (listKind: RefListKind) => (
    <RefList
      key={listKind}
      picker={picker}
      kind={listKind}
      selectedId={selected.kind === listKind ? selected.id : undefined}
      defaultBranch={defaultBranch}
      showCommits={!branchesOnly}
      onSelect={onSelect}
    />
  );

  if (branchesOnly) return list('branch');

  return (
    <Tabs.Root value={kind} onValueChange={(details) => picker.send({ type: 'picker.tab', kind: details.value as RefListKind })} size="sm" variant="line">
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
  picker: RefPickerActorRef;
  kind: RefListKind;
  selectedId: string | undefined;
  defaultBranch: string | undefined;
  showCommits: boolean;
  onSelect: (ref: SelectedRef) => void;
}

function RefList({ picker, kind, ...rest }: RefListProps) {
  const list = useSelector(picker, (s) => (kind === 'branch' ? s.context.branches : s.context.tags));
  const filter = useSelector(picker, (s) => s.context.filters[kind]);
  const noun = kind === 'branch' ? 'branches' : 'tags';
  return (
    <Stack gap="2" pt="2">
      <Input
        size="sm"
        placeholder={`Filter ${noun}`}
        aria-label={`Filter ${noun}`}
        value={filter}
        onChange={(e) => picker.send({ type: 'picker.filter', text: e.target.value })}
        autoFocus
      />
      {list ? <RefOptions picker={picker} kind={kind} list={list} {...rest} /> : <Loading />}
    </Stack>
  );
}

function RefOptions({
  picker,
  kind,
  list,
  selectedId,
  defaultBranch,
  showCommits,
  onSelect,
}: RefListProps & { list: PagedListActorRef<Ref> }) {
  const view = useSelector(list, pagedListView);
  const noun = kind === 'branch' ? 'branches' : 'tags';
  if (view.loading) return <Loading />;
  return (
    <>
      {(view.failed || view.moreFailed) && <ErrorAlert error={view.error} onRetry={() => list.send({ type: 'list.retry' })} />}
      <Box as="ul" role="listbox" aria-label={noun} maxH="320px" overflowY="auto" listStyleType="none">
        {view.rows.length === 0 && !view.failed && (
          <Text as="li" color="fg.muted" py="2" px="2">
            No {noun} found
          </Text>
        )}
        {view.rows.map((ref) => (
          <HStack as="li" key={ref.id} gap="1" role="none">
            <PickerOption selected={ref.id === selectedId} flex="1" justifyContent="flex-start" onClick={() => onSelect({ id: ref.id, kind })}>
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
                onClick={() => picker.send({ type: 'picker.commits', branch: ref.id })}
              >
                <LuChevronRight />
              </IconButton>
            )}
          </HStack>
        ))}
      </Box>
      <MorePages list={list} view={view}>
        More {noun}
      </MorePages>
    </>
  );
}
