import { useMemo } from 'react';
import { Box } from '@chakra-ui/react';
import { createFileRoute, Outlet, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { GoneError } from '../../../api/client';
import { useRepositoryDeletion } from '../../../machines/delete-repository';
import { ErrorAlert } from '../../../ui/components/ErrorAlert';
import { optionalString } from '../../../ui/components/searchParams';
import { RepositoryInDeletion } from '../../../ui/repositories/RepositoryInDeletion';
import { loadRepository } from '../../../ui/repository/loadRepository';
import { RepositoryLayout } from '../../../ui/repository/RepositoryLayout';

interface RepositorySearch {
  ref?: string;
}

export const Route = createFileRoute('/repositories/$repoId')({
  validateSearch: (search: Record<string, unknown>): RepositorySearch => ({ ref: optionalString(search.ref) }),
  loaderDeps: ({ search }) => ({ ref: search.ref }),
  loader: ({ params, deps, abortController }) => loadRepository(params.repoId, deps.ref, abortController.signal),
  component: RepositoryRoute,
  errorComponent: RepositoryRouteError,
});

function RepositoryRoute() {
  const { repo, resolvedRef } = Route.useLoaderData();
  const { ref } = Route.useSearch();
  const router = useRouter();
  const value = useMemo(() => ({ repo, resolvedRef, refresh: () => void router.invalidate() }), [repo, resolvedRef, router]);
  return (
    <RepositoryLayout value={value} refParam={ref}>
      <Outlet />
    </RepositoryLayout>
  );
}

function RepositoryRouteError({ error, reset }: ErrorComponentProps) {
  const { repoId } = Route.useParams();
  const router = useRouter();
  const deletion = useRepositoryDeletion(repoId);
  if (error instanceof GoneError) return <RepositoryInDeletion deletion={deletion} />;
  return (
    <Box>
      <ErrorAlert
        error={error}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </Box>
  );
}
