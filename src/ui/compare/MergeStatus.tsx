import { Alert, Button, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { MergePreview } from '../../api/types';
import { formatCount, formatCountOf, shortCommitId } from '../../lib/format';
import type { CompareActorRef } from '../../machines/compare/machine';
import type { ConfirmDeleteActorRef } from '../../machines/confirm-delete/machine';
import type { MergeActorRef } from '../../machines/merge/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { Receipt } from '../components/Receipt';

type Verdict = { status: 'success' | 'warning' | 'error' | 'info'; title: string; detail?: string };

const paths = (n: number, truncated: boolean) => `${formatCount(n)}${truncated ? '+' : ''} ${n === 1 && !truncated ? 'path conflicts' : 'paths conflict'}`;

/** What the dry run says of merging `source` into `dest`, in the words a person deciding to press Merge needs. */
export function mergeVerdict(preview: MergePreview, source: string, dest: string): Verdict {
  if (preview.read_only) return { status: 'error', title: 'This repository is read-only: nothing can be merged into it.' };
  if (preview.destination_dirty) {
    return { status: 'error', title: `${dest} has uncommitted changes.`, detail: `Commit or reset them before merging ${source} into it.` };
  }
  if (preview.nothing_to_merge) return { status: 'info', title: `${dest} already has every change of ${source}: there is nothing to merge.` };
  const protectedNote = preview.destination_protected ? ` ${dest} is protected: merges are its only way to change.` : '';
  if (preview.conflicts.length > 0) {
    return {
      status: 'warning',
      title: `${paths(preview.conflicts.length, preview.conflicts_truncated)} between ${source} and ${dest}.`,
      detail: `Press Merge to choose which version of each to keep.${protectedNote}`,
    };
  }
  const changes = formatCountOf(preview.changes, 'change', 'changes');
  return {
    status: 'success',
    title: `Able to merge: no conflicts.`,
    detail: `The merge brings ${changes} into ${dest}.${preview.fast_forward ? ` ${dest} has not moved since ${source} split from it, so nothing can conflict.` : ''}${protectedNote}`,
  };
}

/** Before Merge is pressed: whether the merge is clean, what conflicts, and what the destination would refuse. */
export function MergeStatus({ merge }: { merge: MergeActorRef }) {
  const { preview, previewError, source, dest } = useSelector(merge, (s) => s.context);
  const previewing = useSelector(merge, (s) => s.hasTag('previewing'));
  const failed = useSelector(merge, (s) => s.matches({ idle: 'previewFailed' }));
  const shown = useSelector(merge, (s) => s.matches({ idle: 'previewed' }));
  if (previewing) return <Loading label={`Checking whether ${source} merges cleanly into ${dest}...`} />;
  if (failed) return <ErrorAlert error={previewError} onRetry={() => merge.send({ type: 'preview.retry' })} />;
  if (!preview || !shown) return null;
  const verdict = mergeVerdict(preview, source, dest);
  return (
    <Alert.Root status={verdict.status} role="status" aria-label="Merge check">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{verdict.title}</Alert.Title>
        {verdict.detail && <Alert.Description>{verdict.detail}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}

/** What the merge made, linked, and the offer to delete the branch it merged (asked once more before deleting). */
export function MergeReceipt({ screen, repoId }: { screen: CompareActorRef; repoId: string }) {
  const receipt = useSelector(screen, (s) => s.context.receipt);
  const deleteFlow = useSelector(screen, (s) => s.children.deleteSource);
  if (!receipt) return null;
  const { source, dest, commitId } = receipt;
  return (
    <Receipt
      label="Merge made"
      title={
        <>
          Merged {source} into {dest}:{' '}
          <Link asChild fontFamily="mono">
            <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId }}>
              {shortCommitId(commitId)}
            </RouterLink>
          </Link>
        </>
      }
      onDismiss={deleteFlow ? undefined : () => screen.send({ type: 'receipt.dismiss' })}
    >
      {receipt.sourceBranch === 'deleted' ? (
        <Text>Branch {source} was deleted; its commits live on in {dest}.</Text>
      ) : deleteFlow ? (
        <DeleteSourceQuestion flow={deleteFlow} source={source} dest={dest} />
      ) : (
        <HStack gap="2" mt="1" wrap="wrap">
          <Text>{source} is merged; you can delete it now.</Text>
          <Button size="xs" variant="outline" onClick={() => screen.send({ type: 'receipt.deleteSource' })}>
            Delete branch {source}
          </Button>
        </HStack>
      )}
    </Receipt>
  );
}

/** The question in the receipt itself, on the confirm-delete flow: the merged branch's commits stay in `dest`. */
function DeleteSourceQuestion({ flow, source, dest }: { flow: ConfirmDeleteActorRef; source: string; dest: string }) {
  const deleting = useSelector(flow, (s) => s.hasTag('busy'));
  const error = useSelector(flow, (s) => s.context.error);
  return (
    <>
      <Text>Delete branch {source}? Its commits stay in {dest}; only the branch name goes.</Text>
      {error !== null && <ErrorAlert error={error} />}
      <HStack gap="2" mt="2">
        <Button size="xs" colorPalette="red" loading={deleting} loadingText="Deleting..." onClick={() => flow.send({ type: 'delete.confirm' })}>
          Delete {source}
        </Button>
        <Button size="xs" variant="outline" disabled={deleting} onClick={() => flow.send({ type: 'delete.cancel' })}>
          Keep it
        </Button>
      </HStack>
    </>
  );
}
