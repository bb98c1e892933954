import { useMemo } from 'react';
import { Alert, Badge, Button, Code, Dialog, Flex, Heading, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuKeyRound, LuRefreshCw } from 'react-icons/lu';
import type { Credentials, CredentialsWithSecret } from '../../api/types';
import { formatDate } from '../../lib/format';
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
      // The key in use is never offered for revocation (spec 2 §5).
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
  confirmingCreate: s.matches('confirmingCreate') || s.matches('creating'),
  confirmingRevoke: s.matches('confirmingRevoke') || s.matches('revoking'),
  busy: s.hasTag('busy'),
  created: s.context.created,
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
        open={state.confirmingCreate}
        title="Create Access Key"
        confirmLabel="Create"
        colorPalette="tarn"
        busy={state.busy}
        error={state.confirmingCreate ? state.error : undefined}
        onConfirm={() => flow.send({ type: 'create.confirm' })}
        onCancel={() => flow.send({ type: 'create.cancel' })}
      >
        {`Create a new access key for ${state.userId}?`}
      </ConfirmDialog>
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
      {state.created && <SecretDialog credentials={state.created} onClose={() => flow.send({ type: 'secret.close' })} />}
    </Stack>
  );
}

/** The new key's id and secret, each with a copy button, and the warning that the secret is shown only now. */
function SecretDialog({ credentials, onClose }: { credentials: CredentialsWithSecret; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Access key created</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <SecretLine label="Access Key ID" value={credentials.access_key_id} />
                <SecretLine label="Secret Access Key" value={credentials.secret_access_key} />
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Description>
                    Copy the Secret Access Key and store it somewhere safe. You will not be able to access it again.
                  </Alert.Description>
                </Alert.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="tarn" onClick={onClose}>
                Done
              </Button>
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
