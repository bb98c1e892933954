import type { SnapshotFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import type { RevertActorRef as RevertActor, RevertTarget, revertMachine } from '../../machines/revert/machine';
import { ConfirmDialog } from '../components/ConfirmDialog';

const selectView = (state: SnapshotFrom<typeof revertMachine>) => state;

export function revertQuestion(target: RevertTarget): string {
  return target.type === 'reset'
    ? 'Are you sure you want to revert all uncommitted changes?'
    : `Are you sure you wish to revert "${target.path}" (${target.type})?`;
}

/** Confirmation of a revert, bound to the revert machine. */
export function RevertDialog({ actor }: { actor: RevertActor }) {
  const state = useSelector(actor, selectView);
  const target = state.context.target;
  return (
    <ConfirmDialog
      open={!state.matches('idle') && target !== null}
      title={target?.type === 'reset' ? 'Revert all changes' : 'Revert change'}
      confirmLabel="Revert"
      busy={state.hasTag('busy')}
      error={state.context.error ?? undefined}
      onConfirm={() => actor.send({ type: 'revert.confirm' })}
      onCancel={() => actor.send({ type: 'revert.cancel' })}
    >
      {target && revertQuestion(target)}
    </ConfirmDialog>
  );
}
