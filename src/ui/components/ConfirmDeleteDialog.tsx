import { Alert, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ConfirmDeleteActorRef, ConfirmDeleteSnapshot } from '../../machines/confirm-delete';
import { ConfirmDialog } from './ConfirmDialog';

const selectView = (snapshot: ConfirmDeleteSnapshot) => ({
  title: snapshot.context.title,
  question: snapshot.context.question,
  warning: snapshot.context.warning,
  error: snapshot.context.error,
  busy: snapshot.hasTag('busy'),
  open: snapshot.matches('confirming') || snapshot.matches('deleting'),
});

/** The confirmation of one deletion (an object, a branch, a tag); a refusal shows inside it (an alert dialog). */
export function ConfirmDeleteDialog({ flow }: { flow: ConfirmDeleteActorRef }) {
  const { title, question, warning, error, busy, open } = useSelector(flow, selectView);
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel="Delete"
      busy={busy}
      error={error ?? undefined}
      onConfirm={() => flow.send({ type: 'delete.confirm' })}
      onCancel={() => flow.send({ type: 'delete.cancel' })}
    >
      <Stack gap="3">
        <Text>{question}</Text>
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
