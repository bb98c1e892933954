// The confirmation of a restore on the History page: which version goes onto which branch, and the branch picker.
import { HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { restoreTargetRefusal, type PathHistoryActorRef } from '../../machines/path-history';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { RefSelector } from '../refs';
import { versionName } from './versionName';

export function RestoreDialog({ screen, repoId }: { screen: PathHistoryActorRef; repoId: string }) {
  const open = useSelector(screen, (s) => !s.matches({ restore: 'idle' }));
  const busy = useSelector(screen, (s) => s.hasTag('busy'));
  const context = useSelector(screen, (s) => s.context);
  const { restore, path, error } = context;
  const targetRefusal = restoreTargetRefusal(context);
  return (
    <ConfirmDialog
      open={open}
      title="Restore this version?"
      confirmLabel="Restore"
      colorPalette="tarn"
      busy={busy}
      error={error}
      confirmDisabled={targetRefusal !== undefined}
      onConfirm={() => screen.send({ type: 'restore.confirm' })}
      onCancel={() => screen.send({ type: 'restore.cancel' })}
    >
      {restore && (
        <Stack gap="3">
          <Text>
            {path} as of commit <strong>{versionName(restore.version)}</strong> is copied to <strong>{path}</strong> on branch{' '}
            <strong>{restore.branch}</strong>, as an uncommitted change. Whatever the branch has there now is replaced; commit the
            branch to keep the restored version.
          </Text>
          <HStack gap="2">
            <Text fontSize="sm">Target branch</Text>
            <RefSelector
              repoId={repoId}
              branchesOnly
              portalled={false}
              selected={{ id: restore.branch, kind: 'branch' }}
              onSelect={(ref) => screen.send({ type: 'restore.branch', branch: ref.id })}
            />
          </HStack>
          {targetRefusal && (
            <Text fontSize="sm" color="fg.error" role="note">
              {targetRefusal}
            </Text>
          )}
        </Stack>
      )}
    </ConfirmDialog>
  );
}
