import type { ReactNode } from 'react';
import { Button, Code, Flex, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { LuFolderOpen } from 'react-icons/lu';
import type { Commit, Repository } from '../../api/types';
import { commitMessage, shortCommitId } from '../../lib/format';
import { Committer } from '../components/Committer';
import { CopyButton } from '../components/CopyButton';
import { RelativeDate } from '../components/RelativeDate';

export interface CommitDetailPageProps {
  repo: Repository;
  commit: Commit;
  /** What the commit changed (the route below this one). */
  children: ReactNode;
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Row>
      <Table.Cell fontWeight="semibold" width="44" verticalAlign="middle">
        {label}
      </Table.Cell>
      <Table.Cell verticalAlign="middle">{children}</Table.Cell>
    </Table.Row>
  );
}

/** One commit: what it is, where it came from, and (below) what it changed against its first parent. */
export function CommitDetailPage({ repo, commit, children }: CommitDetailPageProps) {
  const metadata = Object.entries(commit.metadata ?? {});
  const uri = `lakefs://${repo.id}/${commit.id}`;

  return (
    <Stack gap="5">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h2" size="lg" color={commit.message ? undefined : 'fg.muted'}>
          {commitMessage(commit.message)}
        </Heading>
        <Button asChild size="sm" variant="outline" ms="auto">
          <RouterLink to="/repositories/$repoId/objects" params={{ repoId: repo.id }} search={{ ref: commit.id }}>
            <LuFolderOpen />
            Browse objects
          </RouterLink>
        </Button>
      </Flex>
      <Table.Root size="sm" aria-label="Commit" variant="outline">
        <Table.Body>
          <InfoRow label="ID">
            <HStack gap="2" wrap="wrap">
              <Code>{commit.id}</Code>
              <CopyButton value={commit.id} label="ID" showLabel title="Copy the commit ID" />
              <CopyButton value={uri} label="URI" showLabel title={`Copy the commit URI: ${uri}`} />
            </HStack>
          </InfoRow>
          <InfoRow label="Committer">
            <Committer name={commit.committer} />
          </InfoRow>
          <InfoRow label="Creation Date">
            <RelativeDate unixSeconds={commit.creation_date} />
          </InfoRow>
          <InfoRow label="Parents">
            {commit.parents.length === 0 ? (
              <Text color="fg.muted">None</Text>
            ) : (
              <HStack gap="3" wrap="wrap">
                {commit.parents.map((id) => (
                  <Link asChild key={id} fontFamily="mono" fontSize="sm">
                    <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId: repo.id, commitId: id }}>
                      {shortCommitId(id)}
                    </RouterLink>
                  </Link>
                ))}
              </HStack>
            )}
          </InfoRow>
        </Table.Body>
      </Table.Root>
      {metadata.length > 0 && (
        <Table.Root size="sm" aria-label="Metadata" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Metadata Key</Table.ColumnHeader>
              <Table.ColumnHeader>Value</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {metadata.map(([key, value]) => (
              <Table.Row key={key}>
                <Table.Cell fontFamily="mono">{key}</Table.Cell>
                <Table.Cell fontFamily="mono" wordBreak="break-all">
                  {value}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {children}
    </Stack>
  );
}
