import { Alert, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { DeleteRefActorRef, DeleteRefSnapshot } from '../../machines/delete-ref/machine';
import { ConfirmDialog } from '../components/ConfirmDialog';

const selectView = (snapshot: DeleteRefSnapshot) => ({
  kind: snapshot.context.kind,
  id: snapshot.context.id,
  warning: snapshot.context.warning,
  error: snapshot.context.error,
  busy: snapshot.hasTag('busy'),
  open: snapshot.matches('confirming') || snapshot.matches('deleting'),
});

/** The confirmation of a branch or tag deletion; a refusal shows inside it (an alert dialog). */
export function DeleteRefDialog({ actor }: { actor: DeleteRefActorRef }) {
  const { kind, id, warning, error, busy, open } = useSelector(actor, selectView);
  return (
    <ConfirmDialog
      open={open}
      title={kind === 'branch' ? 'Delete Branch' : 'Delete Tag'}
      confirmLabel="Delete"
      busy={busy}
      error={error ?? undefined}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
      onCancel={() => actor.send({ type: 'delete.cancel' })}
    >
      <Stack gap="3">
        <Text>{`Are you sure you wish to delete ${kind} ${id}?`}</Text>
        {warning && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{warning}</Alert.Description>
          </Alert.Root>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
