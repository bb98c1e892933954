import { useCallback, useState } from 'react';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { listRepositories } from '../../api/repositories';
import type { Repository, StorageConfig } from '../../api/types';
import { PAGE_SIZE } from '../../lib/constants';
import { BackToStart } from '../components/BackToStart';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { useCursorPages } from '../components/useCursorPages';
import { CreateRepositoryDialog } from './CreateRepositoryDialog';
import { MemBlockstoreWarning } from './MemBlockstoreWarning';
import { RepositorySearch } from './RepositorySearch';
import { RepositoryTable } from './RepositoryTable';
import { WelcomeCard } from './WelcomeCard';

export interface RepositoriesPageProps {
  /** The server's storage configuration, once known. */
  storage: StorageConfig | undefined;
  prefix?: string;
  after?: string;
  /** Puts the search prefix in the URL (and drops the cursor). */
  onSearch: (prefix: string) => void;
  onBackToStart: () => void;
  /** Where to go once a repository is created. */
  onCreated: (repository: Repository) => void;
}

export function RepositoriesPage({ storage, prefix, after, onSearch, onBackToStart, onCreated }: RepositoriesPageProps) {
  const [creating, setCreating] = useState(false);
  const fetchPage = useCallback(
    (cursor: string | undefined) => listRepositories({ prefix, after: cursor, amount: PAGE_SIZE }),
    [prefix],
  );
  const list = useCursorPages(fetchPage, after);
  const welcome = !prefix && !after && !list.loading && !list.error && list.rows.length === 0;

  return (
    <Stack gap="5">
      <Flex align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="xl">
          Repositories
        </Heading>
        <RepositorySearch prefix={prefix ?? ''} onSearch={onSearch} />
        <Button ms="auto" colorPalette="tarn" onClick={() => setCreating(true)}>
          <LuPlus />
          Create Repository
        </Button>
      </Flex>
      <MemBlockstoreWarning storage={storage} />
      {list.error !== undefined ? (
        <ErrorAlert error={list.error} onRetry={list.refresh} />
      ) : list.loading ? (
        <Loading label="Loading repositories..." />
      ) : welcome ? (
        <WelcomeCard storage={storage} onCreated={onCreated} onCreateEmpty={() => setCreating(true)} />
      ) : (
        <RepositoryTable list={list} />
      )}
      {after && <BackToStart onClick={onBackToStart} />}
      <CreateRepositoryDialog
        open={creating}
        storage={storage}
        onClose={() => setCreating(false)}
        onCreated={(repository) => {
          setCreating(false);
          onCreated(repository);
        }}
      />
    </Stack>
  );
}
