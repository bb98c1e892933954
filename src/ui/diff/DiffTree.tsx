import { useCallback, useState, type ReactNode } from 'react';
import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuChevronDown, LuChevronRight, LuFileDiff } from 'react-icons/lu';
import type { Diff, Page } from '../../api/types';
import { formatSize } from '../../lib/format';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { useCursorPages } from '../components/useCursorPages';
import { DiffIcon, DIFF_PALETTE } from './DiffIcon';
import { checkDiffEntry, DIFF_LABELS, displayName, isFolder, type CheckedDiff } from './diffEntry';
import { ObjectDiff } from './ObjectDiff';
import { contentDiffOffered, type ObjectDiffSides } from './loadObjectDiff';

export const DIFF_DELIMITER = '/';

/** One page of diff entries directly under `prefix` (listed with the '/' delimiter). */
export type DiffPageFetcher = (params: { prefix: string; after?: string }) => Promise<Page<Diff>>;

export interface DiffTreeProps {
  /** Accessible name of the tree. */
  label: string;
  fetchPage: DiffPageFetcher;
  /** The folder the tree starts at ('' for the root). */
  prefix: string;
  /** Opens a folder as the tree's new root (e.g. by putting it in the URL). */
  onOpenFolder?: (prefix: string) => void;
  /** Controls at the end of each row, e.g. revert. */
  rowActions?: (entry: Diff) => ReactNode;
  /** Shown when the starting folder has no changes. */
  empty?: ReactNode;
  /** Where the old and new contents live; given, text objects offer their line-by-line changes. */
  contentDiff?: ObjectDiffSides;
}

/**
 * A tree of changes: files and folders with their kind of change; folders expand in place, one page at a time.
 * Reused by uncommitted changes, commit detail and compare.
 */
export function DiffTree({ label, fetchPage, prefix, onOpenFolder, rowActions, empty, contentDiff }: DiffTreeProps) {
  return (
    <Box borderWidth="1px" borderRadius="md" py="1">
      <DiffLevel
        fetchPage={fetchPage}
        prefix={prefix}
        depth={0}
        label={label}
        onOpenFolder={onOpenFolder}
        rowActions={rowActions}
        empty={empty}
        contentDiff={contentDiff}
      />
    </Box>
  );
}

interface LevelProps extends DiffTreeProps {
  depth: number;
}

function DiffLevel({ fetchPage, prefix, depth, label, onOpenFolder, rowActions, empty, contentDiff }: LevelProps) {
  const fetchLevel = useCallback((after: string | undefined) => fetchPage({ prefix, after }), [fetchPage, prefix]);
  const level = useCursorPages(fetchLevel);

  if (level.loading) return <Loading label="Loading changes..." />;
  if (level.error !== undefined) {
    return (
      <Box px="3" py="2">
        <ErrorAlert error={level.error} onRetry={level.refresh} />
      </Box>
    );
  }
  if (level.rows.length === 0) {
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
      {level.rows.map((raw, index) => (
        <DiffRow
          key={(raw as Partial<Diff>).path ?? `invalid-${index}`}
          checked={checkDiffEntry(raw)}
          parentPrefix={prefix}
          depth={depth}
          fetchPage={fetchPage}
          onOpenFolder={onOpenFolder}
          rowActions={rowActions}
          contentDiff={contentDiff}
        />
      ))}
      {level.hasMore && (
        <Box as="li" ps={`${depth * 20 + 12}px`} py="1">
          <Button size="xs" variant="ghost" onClick={level.loadMore} loading={level.loadingMore}>
            {prefix ? `Load more results for prefix ${prefix}` : 'Load more results'}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

interface RowProps extends Omit<LevelProps, 'prefix' | 'empty' | 'label'> {
  checked: CheckedDiff;
  parentPrefix: string;
}

function DiffRow({ checked, parentPrefix, depth, fetchPage, onOpenFolder, rowActions, contentDiff }: RowProps) {
  const [expanded, setExpanded] = useState(false);
  const [showContent, setShowContent] = useState(false);
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
  const name = displayName(entry, parentPrefix);
  return (
    <Box as="li" aria-label={entry.path}>
      <HStack
        ps={indent}
        pe="3"
        minH="9"
        gap="2"
        _hover={{ bg: 'bg.muted' }}
        data-diff-type={entry.type}
      >
        {folder ? (
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={expanded ? `Collapse ${entry.path}` : `Expand ${entry.path}`}
            aria-expanded={expanded}
            onClick={() => setExpanded((open) => !open)}
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
          {contentDiff && contentDiffOffered(entry) && (
            <IconButton
              size="xs"
              variant={showContent ? 'subtle' : 'ghost'}
              aria-label={`Show object changes of ${entry.path}`}
              aria-expanded={showContent}
              title="Show object changes"
              onClick={() => setShowContent((shown) => !shown)}
            >
              <LuFileDiff />
            </IconButton>
          )}
          {rowActions?.(entry)}
        </HStack>
      </HStack>
      {contentDiff && showContent && (
        <Box ps={`${depth * 20 + 40}px`} pe="3" py="2">
          <ObjectDiff entry={entry} {...contentDiff} />
        </Box>
      )}
      {folder && expanded && (
        <DiffLevel
          fetchPage={fetchPage}
          prefix={entry.path}
          depth={depth + 1}
          label={`Changes under ${entry.path}`}
          onOpenFolder={onOpenFolder}
          rowActions={rowActions}
          contentDiff={contentDiff}
        />
      )}
    </Box>
  );
}
