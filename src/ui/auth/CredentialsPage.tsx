import { useMemo } from 'react';
import { Badge, Code, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuKeyRound, LuRefreshCw } from 'react-icons/lu';
import type { Credentials } from '../../api/types';
import { formatDate } from '../../lib/format';
import { arn } from '../../lib/permission-names';
import type { CredentialsActorRef, CredentialsSnapshot } from '../../machines/credentials/machine';
import type { PagedListActorRef } from '../../machines/paged-list';
import { BackToStart } from '../components/BackToStart';
import { LazyConfirmDialog as ConfirmDialog } from '../components/LazyConfirmDialog';
import { DataTable } from '../components/DataTable';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { PermittedButton } from '../components/PermittedButton';
import { usePagedList } from '../components/usePagedList';
import { lazyDialog } from '../components/lazyDialog';

// Fetched after the first paint (lazyDialog): creating a key is none of the list's first paint.
const CreateKeyDialog = lazyDialog(
  () => import('./CreateKeyDialog').then((m) => m.CreateKeyDialog),
  ({ flow }) => useSelector(flow, (s) => s.matches('confirmingCreate') || s.matches('creating') || s.matches('showingSecret')),
);

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
