import { useEffect } from 'react';
import { Badge, Box, Code, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { Tabs } from '../theme/deferred/tabs';
import { useActorRef } from '../../lib/root-actors';
import { useSelector } from '@xstate/react';
import { LuArrowLeft, LuChevronRight, LuGitBranchPlus, LuGitCommitHorizontal } from 'react-icons/lu';
import type { Ref } from '../../api/types';
import { commitMessageForPicker, shortCommitId } from '../../lib/format';
import { pagedListView, type PagedListActorRef } from '../../machines/paged-list';
import { branchToCreate, liveRefPickerMachine, type RefListKind, type RefPickerActorRef } from '../../machines/ref-picker';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { BranchCommits } from './BranchCommits';
import { useBranchProtection } from '../repository/RepositoryContext';
import { MorePages, PickerOption } from './PickerList';
import { ProtectedBadge } from './ProtectedBadge';
import type { SelectedRef } from './selected-ref';

export interface RefPickerPanelProps {
  repoId: string;
  selected: SelectedRef | null;
  withTags: boolean;
  withCommits: boolean;
  defaultBranch?: string | undefined;
  /** Offers to create a branch of the typed name from this ref. */
  createFrom?: string | undefined;
  onSelect: (ref: SelectedRef) => void;
}

/** The picker's content while it is open: its machine lives as long as the popover shows it. */
export function RefPickerPanel({ repoId, selected, withTags, withCommits, defaultBranch, createFrom, onSelect }: RefPickerPanelProps) {
  const picker = useActorRef(liveRefPickerMachine, {
    input: { repoId, kind: selected?.kind === 'tag' ? 'tag' : 'branch', withTags, withCommits, createFrom },
  });
  // A branch the picker created is the one picked.
  useEffect(() => {
    const created = picker.on('branchCreated', ({ name }) => onSelect({ id: name, kind: 'branch' }));
    return () => created.unsubscribe();
  }, [picker, onSelect]);
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
        <BranchCommits branch={commitsOf} list={commits} selectedId={selected?.id ?? ''} onSelect={onSelect} />
      </Stack>
    );
  }

  const list = (listKind: RefListKind) => (
    <RefList
      key={listKind}
      picker={picker}
      kind={listKind}
      selectedId={selected?.kind === listKind ? selected.id : undefined}
      selectedCommit={selected?.kind === 'commit' ? selected.id : undefined}
      defaultBranch={defaultBranch}
      showCommits={withCommits}
      onSelect={onSelect}
    />
  );

  if (!withTags) return list('branch');

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
  selectedCommit: string | undefined;
  defaultBranch: string | undefined;
  showCommits: boolean;
  onSelect: (ref: SelectedRef) => void;
}

function RefList({ picker, kind, ...rest }: RefListProps) {
  const list = useSelector(picker, (s) => (kind === 'branch' ? s.context.branches : s.context.tags));
  const filter = useSelector(picker, (s) => s.context.filters[kind]);
  const noun = kind === 'branch' ? 'branches' : 'tags';
  const label = rest.showCommits ? `Filter ${noun} or find a commit by ID` : `Filter ${noun}`;
  return (
    <Stack gap="2" pt="2">
      <Input
        size="sm"
        placeholder={label}
        aria-label={label}
        value={filter}
        onChange={(e) => picker.send({ type: 'picker.filter', text: e.target.value })}
        autoFocus
      />
      {rest.showCommits && <CommitMatch picker={picker} selectedId={rest.selectedCommit} onSelect={rest.onSelect} />}
      {list ? <RefOptions picker={picker} kind={kind} list={list} {...rest} /> : <Loading />}
    </Stack>
  );
}

/** The commit the typed id prefix names, while the filter looks like one. */
function CommitMatch({
  picker,
  selectedId,
  onSelect,
}: {
  picker: RefPickerActorRef;
  selectedId: string | undefined;
  onSelect: (ref: SelectedRef) => void;
}) {
  const looking = useSelector(picker, (s) => s.hasTag('lookingUpCommit'));
  const { commitQuery, commitMatch, commitError } = useSelector(picker, (s) => s.context);
  if (commitQuery === '') return null;
  if (looking) return <Loading label="Looking for the commit..." />;
  if (commitError) return <ErrorAlert error={commitError} />;
  if (!commitMatch) {
    return (
      <Text color="fg.muted" fontSize="sm" px="2">
        No commit ID starts with {commitQuery}
      </Text>
    );
  }
  return (
    <Box as="ul" role="listbox" aria-label="Commit" listStyleType="none">
      <Box as="li" role="none">
        <PickerOption
          selected={commitMatch.id === selectedId}
          width="full"
          justifyContent="flex-start"
          title={commitMatch.message}
          onClick={() => onSelect({ id: commitMatch.id, kind: 'commit' })}
        >
          <LuGitCommitHorizontal />
          <Code size="sm" flexShrink={0}>
            {shortCommitId(commitMatch.id)}
          </Code>
          <Text as="span" truncate>
            {commitMessageForPicker(commitMatch.message)}
          </Text>
        </PickerOption>
      </Box>
    </Box>
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
}: Omit<RefListProps, 'selectedCommit'> & { list: PagedListActorRef<Ref> }) {
  const view = useSelector(list, pagedListView);
  const protection = useBranchProtection();
  const noun = kind === 'branch' ? 'branches' : 'tags';
  if (view.loading) return <Loading />;
  return (
    <>
      {(view.failed || view.moreFailed) && <ErrorAlert error={view.error} onRetry={() => list.send({ type: 'list.retry' })} />}
      {kind === 'branch' && <CreateBranchOption picker={picker} rows={view.rows} prefix={view.prefix} />}
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
              {kind === 'branch' && protection.covers(ref.id) && <ProtectedBadge branch={ref.id} />}
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

/**
 * "Create branch {name} from {ref}", once the branch list has answered for the typed name and holds no branch of
 * that name; a refusal (a name the server does not take, a missing permission) is said under it.
 */
function CreateBranchOption({ picker, rows, prefix }: { picker: RefPickerActorRef; rows: readonly Ref[]; prefix: string }) {
  const name = useSelector(picker, (s) => branchToCreate(s.context));
  const from = useSelector(picker, (s) => s.context.createFrom);
  const creating = useSelector(picker, (s) => s.hasTag('creatingBranch'));
  const error = useSelector(picker, (s) => s.context.createError);
  if (name === undefined || from === null || prefix !== name || rows.some((ref) => ref.id === name)) return null;
  return (
    <Stack gap="1">
      <Box as="ul" role="listbox" aria-label="New branch" listStyleType="none">
        <Box as="li" role="none">
          <PickerOption
            selected={false}
            width="full"
            justifyContent="flex-start"
            disabled={creating}
            onClick={() => picker.send({ type: 'picker.createBranch' })}
          >
            <LuGitBranchPlus />
            <Text as="span" truncate>
              {creating ? `Creating branch ${name}...` : `Create branch ${name} from ${from}`}
            </Text>
          </PickerOption>
        </Box>
      </Box>
      {error !== null && <ErrorAlert error={error} />}
    </Stack>
  );
}
