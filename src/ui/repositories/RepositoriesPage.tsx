import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuPlus } from 'react-icons/lu';
import type { StorageConfig } from '../../api/types';
import type { PrefixSearchActorRef } from '../../machines/prefix-search';
import type { RepositoriesActorRef } from '../../machines/repositories/machine';
import { BackToStart } from '../components/BackToStart';
import { MemBlockstoreWarning } from './MemBlockstoreWarning';
import { RepositorySearch } from './RepositorySearch';

// The dialog is loaded when first opened: it is not part of what the list needs to show.
const CreateRepositoryDialog = lazy(() => import('./CreateRepositoryDialog'));

export interface RepositoriesPageProps {
  screen: RepositoriesActorRef;
  /** The server's storage configuration, once known. */
  storage: StorageConfig | undefined;
  after?: string;
  /** The search box, whose text lives in the URL. */
  search: PrefixSearchActorRef;
  onBackToStart: () => void;
  /** The listing of the URL's prefix and cursor (or the welcome card). */
  children: ReactNode;
}

export function RepositoriesPage({ screen, storage, after, search, onBackToStart, children }: RepositoriesPageProps) {
  const create = useSelector(screen, (s) => s.children.create);
  return (
    <Stack gap="5">
      <Flex align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="xl">
          Repositories
        </Heading>
        <RepositorySearch search={search} />
        <Button ms="auto" colorPalette="tarn" onClick={() => screen.send({ type: 'create.open', storage })}>
          <LuPlus />
          Create Repository
        </Button>
      </Flex>
      <MemBlockstoreWarning storage={storage} />
      {children}
      {after && <BackToStart onClick={onBackToStart} />}
      {create && (
        <Suspense fallback={null}>
          <CreateRepositoryDialog create={create} onClose={() => screen.send({ type: 'create.close' })} />
        </Suspense>
      )}
    </Stack>
  );
}
