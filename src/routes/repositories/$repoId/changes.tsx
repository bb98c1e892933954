import { createFileRoute } from '@tanstack/react-router';
import { Stack, Text } from '@chakra-ui/react';
import { RefSelector } from '../../../ui/refs';
import { optionalString } from '../../../ui/components/searchParams';
import { ChangesPage } from '../../../ui/changes/ChangesPage';
import { useRepository, WithResolvedRef } from '../../../ui/repository/RepositoryContext';

interface ChangesSearch {
  prefix?: string;
}

export const Route = createFileRoute('/repositories/$repoId/changes')({
  validateSearch: (search: Record<string, unknown>): ChangesSearch => ({ prefix: optionalString(search.prefix) }),
  component: ChangesRoute,
});

function ChangesRoute() {
  const { repo, refresh } = useRepository();
  const { prefix } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WithResolvedRef>
      {(ref) =>
        ref.kind !== 'branch' ? (
          <Stack gap="3" align="start">
            <Text color="fg.muted">
              Uncommitted changes exist only on branches; {ref.id} is a {ref.kind}. Pick a branch:
            </Text>
            <RefSelector
              repoId={repo.id}
              selected={{ id: ref.id, kind: ref.kind }}
              branchesOnly
              defaultBranch={repo.default_branch}
              onSelect={(branch) => void navigate({ search: { ref: branch.id } })}
            />
          </Stack>
        ) : (
          <ChangesPage
            // Each branch gets its own commit and revert flows.
            key={ref.id}
            repo={repo}
            branch={ref.id}
            prefix={prefix ?? ''}
            onNavigate={(next) => void navigate({ search: (s) => ({ ...s, prefix: next || undefined }) })}
            onSelectBranch={(branch) => void navigate({ search: { ref: branch } })}
            onChanged={refresh}
          />
        )
      }
    </WithResolvedRef>
  );
}
