import { HStack, IconButton, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuDownload, LuFile, LuFolder, LuHistory, LuTrash2 } from 'react-icons/lu';
import { objectUrl } from '../../api/objects';
import type { ObjectStats } from '../../api/types';
import { formatDate, formatSize } from '../../lib/format';
import { listColumnHelper, type ListColumn } from '../components';
import { basename } from './paths';

export interface ObjectColumnsOptions {
  repoId: string;
  refId: string;
  /** The folder being listed; names are shown relative to it. */
  dir: string;
  /** Delete is offered only when the ref is a branch that may be written. */
  canDelete: boolean;
  onDelete: (entry: ObjectStats) => void;
  onBlame: (entry: ObjectStats) => void;
}

const column = listColumnHelper<ObjectStats>();

function displayName(entry: ObjectStats, dir: string): string {
  return entry.path.startsWith(dir) && entry.path !== dir ? entry.path.slice(dir.length) : entry.path;
}

export function objectColumns({ repoId, refId, dir, canDelete, onDelete, onBlame }: ObjectColumnsOptions): ListColumn<ObjectStats>[] {
  return [
    column.display({
      id: 'name',
      header: 'Name',
      meta: { width: '50%' },
      cell: ({ row }) => {
        const entry = row.original;
        const isFolder = entry.path_type === 'common_prefix';
        const name = displayName(entry, dir);
        return (
          <HStack gap="2" minW="0">
            {isFolder ? <LuFolder aria-label="Folder" /> : <LuFile aria-label="File" />}
            <Link asChild minW="0">
              {isFolder ? (
                <RouterLink to="/repositories/$repoId/objects" params={{ repoId }} search={{ ref: refId, path: entry.path }}>
                  <Text as="span" truncate>
                    {name}
                  </Text>
                </RouterLink>
              ) : (
                <RouterLink to="/repositories/$repoId/object" params={{ repoId }} search={{ ref: refId, path: entry.path }}>
                  <Text as="span" truncate>
                    {name}
                  </Text>
                </RouterLink>
              )}
            </Link>
          </HStack>
        );
      },
    }),
    column.display({
      id: 'size',
      header: 'Size',
      meta: { width: '12%', align: 'end' },
      cell: ({ row }) => {
        const size = row.original.size_bytes;
        if (row.original.path_type !== 'object' || size === undefined) return null;
        return <span title={`${size} bytes`}>{formatSize(size)}</span>;
      },
    }),
    column.display({
      id: 'modified',
      header: 'Modified',
      meta: { width: '20%' },
      cell: ({ row }) => {
        const { mtime } = row.original;
        return row.original.path_type === 'object' && mtime !== undefined ? formatDate(mtime) : null;
      },
    }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      meta: { width: '18%', align: 'end' },
      cell: ({ row }) => {
        const entry = row.original;
        const name = basename(entry.path);
        const isObject = entry.path_type === 'object';
        return (
          <HStack gap="0" justify="flex-end">
            {isObject && (
              <IconButton asChild aria-label={`Download ${name}`} title="Download" size="xs" variant="ghost">
                <a href={objectUrl(repoId, refId, entry.path)} download={name}>
                  <LuDownload />
                </a>
              </IconButton>
            )}
            <IconButton aria-label={`Blame ${name}`} title="Blame" size="xs" variant="ghost" onClick={() => onBlame(entry)}>
              <LuHistory />
            </IconButton>
            {isObject && canDelete && (
              <IconButton
                aria-label={`Delete ${name}`}
                title="Delete"
                size="xs"
                variant="ghost"
                colorPalette="red"
                onClick={() => onDelete(entry)}
              >
                <LuTrash2 />
              </IconButton>
            )}
          </HStack>
        );
      },
    }),
  ];
}
