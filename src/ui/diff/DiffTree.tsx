import { lazy, Suspense, type ReactNode } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuChevronDown, LuChevronRight, LuFileDiff, LuTableProperties } from 'react-icons/lu';
import type { Diff } from '../../api/types';
import { contentDiffOffered, rowDiffOffered } from '../../lib/content-diff';
import { formatSize } from '../../lib/format';
import type { DiffTreeActorRef } from '../../machines/diff-tree/machine';
import type { PagedListActorRef } from '../../machines/paged-list';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { usePagedList } from '../components/usePagedList';
import { DiffIcon, DIFF_PALETTE } from './DiffIcon';
import { checkDiffEntry, DIFF_LABELS, displayName, isFolder, type CheckedDiff } from './diffEntry';
import { ObjectDiff } from './ObjectDiff';

// The row diff's view loads with the first one opened, as its SQL and engine do.
const RowDiff = lazy(() => import('./RowDiff').then((module) => ({ default: module.RowDiff })));

export interface DiffTreeProps {
  tree: DiffTreeActorRef;
  /** Accessible name of the tree. */
  label: string;
  /** Opens a folder as the tree's new root (e.g. by putting it in the URL). */
  onOpenFolder?: (prefix: string) => void;
  /** Controls at the end of each row, e.g. revert. */
  rowActions?: (entry: Diff) => ReactNode;
  /** Shown when the starting folder has no changes. */
  empty?: ReactNode;
}

/**
 * A tree of changes: files and folders with their kind of change; folders expand in place, one page at a time, text
 * objects can show their line-by-line changes, and data objects (parquet, csv, tsv) their rows added, removed and
 * changed. Reused by uncommitted changes, commit detail and compare.
 */
export function DiffTree({ tree, label, onOpenFolder, rowActions, empty }: DiffTreeProps) {
  const root = useSelector(tree, (s) => s.children.root);
  const prefix = useSelector(tree, (s) => s.context.prefix);
  return (
    <Box borderWidth="1px" borderRadius="md" py="1">
      {root && (
        <DiffLevel
          tree={tree}
          list={root}
          prefix={prefix}
          depth={0}
          label={label}
          onOpenFolder={onOpenFolder}
          rowActions={rowActions}
          empty={empty}
        />
      )}
    </Box>
  );
}

interface LevelProps extends DiffTreeProps {
  list: PagedListActorRef<Diff>;
  prefix: string;
  depth: number;
}

function DiffLevel({ tree, list, prefix, depth, label, onOpenFolder, rowActions, empty }: LevelProps) {
  const { view, table, retry } = usePagedList(list);

  if (view.loading) return <Loading label="Loading changes..." />;
  if (view.failed) {
    return (
      <Box px="3" py="2">
        <ErrorAlert error={view.error} onRetry={retry} />
      </Box>
    );
  }
  if (view.rows.length === 0) {
    return depth === 0 ? (
      <>{empty ?? <Text px="3" py="4" color="fg.muted">No changes.</Text>}</>
    ) : (
      <Text ps={`${(depth + 1) * 20 + 12}px`} py="1" color="fg.muted" fontSize="sm">
        No changes.
      </Text>
    );
  }
  return (
    <Stack as="ul" role="list" aria-label={label} gap="0" listStyleType="none" m="0" p="0">
      {view.rows.map((raw, index) => (
        <DiffRow
          key={(raw as Partial<Diff>).path ?? `invalid-${index}`}
          tree={tree}
          checked={checkDiffEntry(raw)}
          parentPrefix={prefix}
          depth={depth}
          onOpenFolder={onOpenFolder}
          rowActions={rowActions}
        />
      ))}
      {view.moreFailed && (
        <Box as="li" ps={`${depth * 20 + 12}px`} pe="3" py="1">
          <ErrorAlert error={view.error} onRetry={retry} />
        </Box>
      )}
      {view.hasMore && !view.moreFailed && (
        <Box as="li" ps={`${depth * 20 + 12}px`} py="1">
          <Button size="xs" variant="ghost" onClick={table.onLoadMore} loading={view.loadingMore}>
            {prefix ? `Load more results for prefix ${prefix}` : 'Load more results'}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

interface RowProps extends Omit<DiffTreeProps, 'label' | 'empty'> {
  checked: CheckedDiff;
  parentPrefix: string;
  depth: number;
}

function DiffRow({ tree, checked, parentPrefix, depth, onOpenFolder, rowActions }: RowProps) {
  const path = checked.ok ? checked.entry.path : '';
  const folderList = useSelector(tree, (s) => s.context.folders[path]);
  const content = useSelector(tree, (s) => s.context.contents[path]);
  const rows = useSelector(tree, (s) => s.context.rowDiffs[path]);
  const indent = `${depth * 20 + 8}px`;
  if (!checked.ok) {
    return (
      <Box as="li" ps={indent} pe="3" py="1">
        <Text color="fg.error" fontSize="sm">
          {checked.message}
        </Text>
      </Box>
    );
  }
  const { entry } = checked;
  const folder = isFolder(entry);
  const expanded = folderList !== undefined;
  const name = displayName(entry, parentPrefix);
  return (
    <Box as="li" aria-label={entry.path}>
      <HStack ps={indent} pe="3" minH="9" gap="2" _hover={{ bg: 'bg.muted' }} data-diff-type={entry.type}>
        {folder ? (
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={expanded ? `Collapse ${entry.path}` : `Expand ${entry.path}`}
            aria-expanded={expanded}
            onClick={() => tree.send({ type: 'folder.toggle', path: entry.path })}
          >
            {expanded ? <LuChevronDown /> : <LuChevronRight />}
          </IconButton>
        ) : (
          <Box w="6" flexShrink="0" />
        )}
        <DiffIcon type={entry.type} folder={folder} />
        {folder && onOpenFolder ? (
          <Button variant="plain" size="sm" px="0" h="auto" fontFamily="mono" fontWeight="normal" onClick={() => onOpenFolder(entry.path)}>
            {name}
          </Button>
        ) : (
          <Text fontFamily="mono" fontSize="sm" truncate title={entry.path}>
            {name}
          </Text>
        )}
        <Badge variant="subtle" size="sm" colorPalette={DIFF_PALETTE[entry.type]}>
          {DIFF_LABELS[entry.type]}
        </Badge>
        {!folder && entry.size_bytes !== undefined && (
          <Text fontSize="xs" color="fg.muted" title={`${entry.size_bytes} bytes`}>
            {formatSize(entry.size_bytes)}
          </Text>
        )}
        <HStack ms="auto" gap="1">
          {contentDiffOffered(entry) && (
            <IconButton
              size="xs"
              variant={content ? 'subtle' : 'ghost'}
              aria-label={`Show object changes of ${entry.path}`}
              aria-expanded={content !== undefined}
              title="Show object changes"
              onClick={() => tree.send({ type: 'content.toggle', entry })}
            >
              <LuFileDiff />
            </IconButton>
          )}
          {rowDiffOffered(entry) && (
            <Button
              size="xs"
              variant={rows ? 'subtle' : 'ghost'}
              aria-label={`Compare rows of ${entry.path}`}
              aria-expanded={rows !== undefined}
              onClick={() => tree.send({ type: 'rows.toggle', entry })}
            >
              <LuTableProperties />
              Compare rows
            </Button>
          )}
          {rowActions?.(entry)}
        </HStack>
      </HStack>
      {content && (
        <Box ps={`${depth * 20 + 40}px`} pe="3" py="2">
          <ObjectDiff diff={content} />
        </Box>
      )}
      {rows && (
        <Box ps={`${depth * 20 + 40}px`} pe="3" py="2">
          <Suspense fallback={<Loading label="Loading the row comparison..." />}>
            <RowDiff diff={rows} />
          </Suspense>
        </Box>
      )}
      {folderList && (
        <DiffLevel
          tree={tree}
          list={folderList}
          prefix={entry.path}
          depth={depth + 1}
          label={`Changes under ${entry.path}`}
          onOpenFolder={onOpenFolder}
          rowActions={rowActions}
        />
      )}
    </Box>
  );
}
