import { useMemo } from 'react';
import { HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Ref } from '../../api/types';
import { shortCommitId } from '../../lib/format';
import type { RefsPageActorRef } from '../../machines/refs-page/machine';
import { CopyButton } from '../components/CopyButton';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { lakefsRefUri, s3RefUri } from './refUris';
import { DeleteRefButton, EmptyRefs, RefsScreen, type RefsScreenProps } from './RefsScreen';

const column = listColumnHelper<Ref>();

function tagColumns(repoId: string, screen: RefsPageActorRef): ListColumn<Ref>[] {
  return [
    column.accessor('id', {
      header: 'Tag',
      meta: { width: '30%' },
      cell: (info) => (
        <Link asChild fontWeight="semibold" colorPalette="tarn" color="colorPalette.fg" truncate>
          <RouterLink to="/repositories/$repoId/objects" params={{ repoId }} search={{ ref: info.getValue() }} title={info.getValue()}>
            {info.getValue()}
          </RouterLink>
        </Link>
      ),
    }),
    column.accessor('commit_id', {
      header: 'Commit',
      meta: { width: '20%' },
      cell: (info) => (
        <Link asChild fontFamily="mono" fontSize="sm">
          <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: info.getValue() }}>
            {shortCommitId(info.getValue())}
          </RouterLink>
        </Link>
      ),
    }),
    column.display({
      id: 'copy',
      header: 'Copy',
      meta: { width: '50%' },
      cell: (info) => {
        const id = info.row.original.id;
        return (
          // The delete sits at the row's end, where the Branches screen has it.
          <HStack gap="1">
            <CopyButton value={id} label="ID" showLabel title={`Copy the tag ID: ${id}`} />
            <CopyButton value={lakefsRefUri(repoId, id)} label="URI" showLabel title={`Copy the URI: ${lakefsRefUri(repoId, id)}`} />
            <CopyButton value={s3RefUri(repoId, id)} label="S3 URI" showLabel title={`Copy the S3 gateway URI: ${s3RefUri(repoId, id)}`} />
            <DeleteRefButton screen={screen} kind="tag" repoId={repoId} id={id} ms="auto" />
          </HStack>
        );
      },
    }),
  ];
}

export type TagsPageProps = Omit<RefsScreenProps, 'columns' | 'searchLabel' | 'createLabel' | 'empty' | 'notice' | 'children'>;

/** The repository's tags (docs/behaviour.md, Branches and tags): immutable pointers, created and deleted, never edited. */
export function TagsPage(props: TagsPageProps) {
  const { repo, screen, prefix } = props;
  const columns = useMemo(() => tagColumns(repo.id, screen), [repo.id, screen]);
  return (
    <RefsScreen
      {...props}
      columns={columns}
      searchLabel="Find Tag"
      createLabel="Create Tag"
      empty={<EmptyRefs>{prefix ? 'No tags match.' : "There aren't any tags yet."}</EmptyRefs>}
    >
      <Text color="fg.muted" fontSize="sm">
        A tag is an immutable pointer to a single commit: it names a version of the data that never moves.
      </Text>
    </RefsScreen>
  );
}
