import { useId } from 'react';
import { Box, Grid, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Repository } from '../../api/types';
import type { DeleteRepositoryActorRef } from '../../machines/delete-repository/machine';
import { shownReadOnly, type RepositoryReadOnlyActorRef } from '../../machines/repository-read-only/machine';
import { arn } from '../../lib/permission-names';
import { WhoCanButton } from '../auth/WhoCan';
import { ErrorAlert } from '../components/ErrorAlert';
import { PermittedButton, usePermitted } from '../components/PermittedButton';
import { lazyDialog } from '../components/lazyDialog';

// Fetched after the first paint (lazyDialog): the deletion's confirmation is none of the settings' first paint.
const DeleteRepositoryDialog = lazyDialog(
  () => import('./DeleteRepositoryDialog').then((m) => m.DeleteRepositoryDialog),
  ({ deletion }) => useSelector(deletion, (s) => s.matches('confirming') || s.matches('deleting')),
);

export interface GeneralSettingsProps {
  repo: Repository;
  readOnly: RepositoryReadOnlyActorRef;
  deletion: DeleteRepositoryActorRef;
}

/** A value set when the repository was created, shown as text: it cannot be edited, so it is no input. */
function Fact({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <>
      <Box as="dt" id={id} color="fg.muted">
        {label}
      </Box>
      <Box as="dd" aria-labelledby={id} fontFamily="mono" wordBreak="break-all">
        {value}
      </Box>
    </>
  );
}

/** Repository name, storage namespace and default branch; the read-only toggle; Delete Repository. */
export function GeneralSettings({ repo, readOnly, deletion }: GeneralSettingsProps) {
  const isReadOnly = useSelector(readOnly, shownReadOnly);
  const saving = useSelector(readOnly, (s) => s.hasTag('busy'));
  const saveError = useSelector(readOnly, (s) => s.context.error);
  const toggle = usePermitted({ action: 'fs:UpdateRepository', resource: arn.repository(repo.id) }, { disabled: saving });
  return (
    <Stack gap="6" maxW="2xl">
      <Heading size="md">General</Heading>
      <Grid as="dl" templateColumns="max-content 1fr" columnGap="6" rowGap="2" alignItems="baseline">
        <Fact label="Repository name" value={repo.id} />
        <Fact label="Storage namespace" value={repo.storage_namespace} />
        <Fact label="Default branch" value={repo.default_branch} />
      </Grid>
      <Stack gap="2">
        <Switch.Root
          checked={isReadOnly}
          disabled={toggle.disabled}
          title={toggle.title}
          colorPalette="tarn"
          onCheckedChange={(details) => readOnly.send({ type: 'readOnly.set', readOnly: details.checked })}
        >
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>Read-only repository</Switch.Label>
        </Switch.Root>
        <Text color="fg.muted" fontSize="sm">
          A read-only repository takes no writes: no uploads, commits, merges, branches or tags, and it cannot be
          deleted.
        </Text>
        {saveError !== undefined && <ErrorAlert error={saveError} title="The read-only setting was not changed" />}
      </Stack>
 <Stack gap="2">
        <Heading size="sm">Access</Heading>
        <HStack justify="space-between" gap="4" wrap="wrap">
          <Text>The users and groups allowed to read and to write this repository&apos;s objects.</Text>
          <WhoCanButton repoId={repo.id} />
        </HStack>
      </Stack>
      <Stack gap="2" borderWidth="1px" borderColor="border.error" borderRadius="md" p="4">
        <Heading size="sm">Danger zone</Heading>
        <HStack justify="space-between" gap="4" wrap="wrap">
          <Text>Deleting a repository cannot be undone.</Text>
          <PermittedButton
            action="fs:DeleteRepository"
            resource={arn.repository(repo.id)}
            colorPalette="red"
            disabled={isReadOnly || saving}
            title={isReadOnly ? 'A read-only repository cannot be deleted' : undefined}
            onClick={() => deletion.send({ type: 'delete.open' })}
          >
            Delete Repository
          </PermittedButton>
        </HStack>
      </Stack>
      <DeleteRepositoryDialog deletion={deletion} />
    </Stack>
  );
}
