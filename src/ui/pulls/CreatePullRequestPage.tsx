import type { ReactNode } from 'react';
import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuArrowLeft, LuGitPullRequestCreate } from 'react-icons/lu';
import type { Repository } from '../../api/types';
import { arn } from '../../lib/permission-names';
import { createBlocker, type CreatePullRequestActorRef, type PullRequestBranches } from '../../machines/create-pull-request/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { PermittedButton } from '../components/PermittedButton';
import { RefSelector, type SelectedRef } from '../refs';
import { PullRequestFields } from './PullRequestFields';

export interface CreatePullRequestPageProps {
  repo: Repository;
  form: CreatePullRequestActorRef;
  /** The branch merged into (the URL's `ref`). */
  destination: SelectedRef;
  /** The branch merged from (the URL's `compare`), or null before one is chosen. */
  source: SelectedRef | null;
  /** The source has changes against the destination. */
  hasChanges: boolean;
  onSelectDestination: (ref: string) => void;
  onSelectSource: (ref: string) => void;
  /** The changes between the two branches, or why there are none to show. */
  changes: ReactNode;
}

/** Two branches, a title and a description; the changes the pull request would bring show below. */
export function CreatePullRequestPage(props: CreatePullRequestPageProps) {
  const { repo, form, destination, source, hasChanges, onSelectDestination, onSelectSource, changes } = props;
  const { title, description, error } = useSelector(form, (s) => s.context);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const branches: PullRequestBranches = {
    destination: destination.id,
    source: source?.id,
    bothBranches: destination.kind === 'branch' && source?.kind === 'branch',
    hasChanges,
  };
  const blocker = createBlocker(title, branches);
  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">
        Create a pull request
      </Heading>
      <Flex role="group" aria-label="Branches" gap="3" align="center" wrap="wrap">
        <RefSelector
          repoId={repo.id}
          selected={destination}
          labelPrefix="Merge into "
          branchesOnly
          defaultBranch={repo.default_branch}
          onSelect={(ref) => onSelectDestination(ref.id)}
        />
        <LuArrowLeft aria-hidden="true" />
        <RefSelector
          repoId={repo.id}
          selected={source}
          labelPrefix="From "
          placeholder="Choose a branch..."
          branchesOnly
          defaultBranch={repo.default_branch}
          onSelect={(ref) => onSelectSource(ref.id)}
        />
      </Flex>
      <Stack
        as="form"
        gap="4"
        maxW="3xl"
        onSubmit={(event) => {
          event.preventDefault();
          form.send({ type: 'create.submit', ...branches });
        }}
      >
        <PullRequestFields
          title={title}
          description={description}
          disabled={busy}
          onTitle={(value) => form.send({ type: 'title.change', value })}
          onDescription={(value) => form.send({ type: 'description.change', value })}
        />
        {error !== null && <ErrorAlert error={error} />}
        <Flex gap="3" align="center" wrap="wrap">
          <PermittedButton
            action="pr:WritePullRequest"
            resource={arn.repository(repo.id)}
            type="submit"
            colorPalette="tarn"
            disabled={blocker !== null}
            title={blocker ?? undefined}
            loading={busy}
            loadingText="Creating..."
          >
            <LuGitPullRequestCreate />
            Create pull request
          </PermittedButton>
          {blocker && (
            <Text color="fg.muted" fontSize="sm" aria-live="polite">
              {blocker}
            </Text>
          )}
        </Flex>
      </Stack>
      {changes}
    </Stack>
  );
}
