import { useMemo } from 'react';
import { Alert, Badge, Button, Code, Dialog, Flex, Heading, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuKeyRound, LuRefreshCw } from 'react-icons/lu';
import type { Credentials } from '../../api/types';
import { formatDate } from '../../lib/format';
import { LAKECTL_CONFIG_FILE_NAME, lakectlConfig, lakectlConfigHref } from '../../lib/lakectl-config';
import { arn } from '../../lib/permission-names';
import type { CredentialsActorRef, CredentialsSnapshot } from '../../machines/credentials/machine';
import type { PagedListActorRef } from '../../machines/paged-list';
import { BackToStart } from '../components/BackToStart';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { CopyButton } from '../components/CopyButton';
import { DataTable } from '../components/DataTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { PermittedButton } from '../components/PermittedButton';
import { usePagedList } from '../components/usePagedList';

export interface CredentialsPageProps {
  flow: CredentialsActorRef;
  list: PagedListActorRef<Credentials>;
  /** Shown above the table on My Credentials; a user's tab has the user's breadcrumb instead. */
  title?: string;
  after?: string;
  onBackToStart: () => void;
}

const column = listColumnHelper<Credentials>();

function credentialColumns(flow: CredentialsActorRef, userId: string, currentAccessKeyId: string | undefined): ListColumn<Credentials>[] {
  return [
    column.accessor('access_key_id', {
      header: 'Access Key ID',
      meta: { width: '45%' },
      cell: (info) => (
        <HStack gap="2">
          <Code>{info.getValue()}</Code>
          {info.getValue() === currentAccessKeyId && (
            <Badge size="sm" colorPalette="green">
              Current
            </Badge>
          )}
        </HStack>
      ),
    }),
    column.accessor('creation_date', { header: 'Creation Date', meta: { width: '35%' }, cell: (info) => formatDate(info.getValue()) }),
    column.display({
      id: 'revoke',
      header: '',
      meta: { width: '20%', align: 'end' },
      // The key in use is never offered for revocation (docs/behaviour.md, Access control).
      cell: (info) =>
        info.row.original.access_key_id === currentAccessKeyId ? null : (
          <PermittedButton
            action="auth:DeleteCredentials"
            resource={arn.user(userId)}
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => flow.send({ type: 'revoke.request', accessKeyId: info.row.original.access_key_id })}
          >
            Revoke
          </PermittedButton>
        ),
    }),
  ];
}

const selectFlow = (s: CredentialsSnapshot) => ({
  userId: s.context.userId,
  currentAccessKeyId: s.context.currentAccessKeyId,
  confirmingRevoke: s.matches('confirmingRevoke') || s.matches('revoking'),
  busy: s.hasTag('busy'),
  revoking: s.context.revoking,
  error: s.context.error,
});

/** A user's access keys: list, Create Access Key (the secret shown once), Revoke. */
export function CredentialsPage({ flow, list, title, after, onBackToStart }: CredentialsPageProps) {
  const { view, table, retry, reload } = usePagedList(list);
  const state = useSelector(flow, selectFlow);
  const columns = useMemo(() => credentialColumns(flow, state.userId, state.currentAccessKeyId), [flow, state.userId, state.currentAccessKeyId]);
  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        {title && <Heading size="md">{title}</Heading>}
        <IconButton size="sm" variant="ghost" aria-label="Refresh" ms="auto" onClick={reload}>
          <LuRefreshCw />
        </IconButton>
        <PermittedButton
          action="auth:CreateCredentials"
          resource={arn.user(state.userId)}
          size="sm"
          colorPalette="tarn"
          onClick={() => flow.send({ type: 'create.request' })}
        >
          <LuKeyRound />
          Create Access Key
        </PermittedButton>
      </Flex>
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading label="Loading credentials..." />
      ) : (
        <DataTable
          label="Access keys"
          columns={columns}
          {...table}
          getRowId={(c) => c.access_key_id}
          empty={<Text color="fg.muted">No access keys.</Text>}
        />
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
      {after && <BackToStart onClick={onBackToStart} />}
      <ConfirmDialog
        open={state.confirmingRevoke}
        title="Revoke Access Key"
        confirmLabel="Revoke"
        busy={state.busy}
        error={state.confirmingRevoke ? state.error : undefined}
        onConfirm={() => flow.send({ type: 'revoke.confirm' })}
        onCancel={() => flow.send({ type: 'revoke.cancel' })}
      >
        {`Are you sure you'd like to delete access key ${state.revoking ?? ''}?`}
      </ConfirmDialog>
      <CreateKeyDialog flow={flow} />
    </Stack>
  );
}

const selectCreation = (s: CredentialsSnapshot) => ({
  open: s.matches('confirmingCreate') || s.matches('creating') || s.matches('showingSecret'),
  busy: s.matches('creating'),
  userId: s.context.userId,
  created: s.context.created,
  error: s.context.error,
});

/**
 * Create Access Key in one dialog: the confirmation, then the new key's id and secret, each with a copy button, and
 * the warning that the secret is shown only now. Once shown, only Done or Escape closes it: a stray click outside
 * would lose the one view of the secret.
 */
function CreateKeyDialog({ flow }: { flow: CredentialsActorRef }) {
  const { open, busy, userId, created, error } = useSelector(flow, selectCreation);
  const close = () => flow.send(created ? { type: 'secret.close' } : { type: 'create.cancel' });
  return (
    <Dialog.Root
      open={open}
      role={created ? 'dialog' : 'alertdialog'}
      closeOnInteractOutside={!created}
      onOpenChange={(details) => !details.open && !busy && close()}
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{created ? 'Access key created' : 'Create Access Key'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {created ? (
                <Stack gap="3">
                  <SecretLine label="Access Key ID" value={created.access_key_id} />
                  <SecretLine label="Secret Access Key" value={created.secret_access_key} />
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Description>
                      Copy the Secret Access Key and store it somewhere safe. You will not be able to access it again.
                    </Alert.Description>
                  </Alert.Root>
                  <Text fontSize="sm">
                    Or download a configuration file for the command-line tool holding this key and this server&apos;s
                    address, and save it as <Code>~/{LAKECTL_CONFIG_FILE_NAME}</Code>.
                  </Text>
                  <Button asChild variant="outline" alignSelf="start">
                    <a href={lakectlConfigHref(lakectlConfig(created, window.location.origin))} download={LAKECTL_CONFIG_FILE_NAME}>
                      Download credentials
                    </a>
                  </Button>
                </Stack>
              ) : (
                <Stack gap="4">
                  <Text>{`Create a new access key for ${userId}?`}</Text>
                  {error !== undefined && <ErrorAlert error={error} />}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {created ? (
                <Button colorPalette="tarn" onClick={close}>
                  Done
                </Button>
              ) : (
                <>
                  <Button variant="outline" disabled={busy} onClick={close}>
                    Cancel
                  </Button>
                  <Button colorPalette="tarn" loading={busy} onClick={() => flow.send({ type: 'create.confirm' })}>
                    Create
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SecretLine({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="1">
      <Text fontWeight="semibold" fontSize="sm">
        {label}
      </Text>
      <HStack gap="2">
        <Code aria-label={label} fontSize="sm" wordBreak="break-all">
          {value}
        </Code>
        <CopyButton value={value} label={label} />
      </HStack>
    </Stack>
  );
}
