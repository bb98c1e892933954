// The dialogs of the bulk runs: the delete's confirmation and progress, the zip's progress, and the summary of
// either once it ends. Each follows its machine; Cancel sends the machine's event.
import { Button, Link, List, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { Progress } from '../theme/deferred/progress';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { BulkDeleteActorRef } from '../../machines/bulk-delete';
import type { BulkDownloadActorRef } from '../../machines/bulk-download';
import type { BulkSummary } from '../../machines/objects-page';
import { formatCount, formatObjectCount, formatSize } from '../../lib/format';
import { ConfirmDialog, TaskDialog } from '../components';


/** Failures listed in a summary; the rest are counted (a failed run over 100,000 objects would list them all). */
const LISTED_FAILURES = 100;

function RunProgress({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <Progress.Root value={max === 0 ? null : value} max={Math.max(max, 1)} size="sm" colorPalette="tarn" aria-label={label}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

export function BulkDeleteDialog({ flow }: { flow: BulkDeleteActorRef }) {
  const confirming = useSelector(flow, (s) => s.matches('confirming'));
  const { paths, branch, done, cancelRequested } = useSelector(flow, (s) => s.context);
  if (confirming) {
    return (
      <ConfirmDialog
        open
        title="Delete objects"
        confirmLabel="Delete"
        onConfirm={() => flow.send({ type: 'delete.confirm' })}
        onCancel={() => flow.send({ type: 'delete.cancel' })}
      >
        Are you sure you wish to delete {formatObjectCount(paths.length)} from branch {branch}?
      </ConfirmDialog>
    );
  }
  return (
    <TaskDialog title="Deleting objects" size="md" busy onClose={() => undefined}>
      <Dialog.Body>
        <Stack gap="3">
          <RunProgress label="Delete progress" value={done} max={paths.length} />
          <Text role="status">
            {formatCount(done)} of {formatObjectCount(paths.length)} done
            {cancelRequested && ' (stopping after the request in flight)'}
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" colorPalette="red" disabled={cancelRequested} onClick={() => flow.send({ type: 'run.cancel' })}>
          Cancel
        </Button>
      </Dialog.Footer>
    </TaskDialog>
  );
}

export function BulkDownloadDialog({ flow }: { flow: BulkDownloadActorRef }) {
  const zipping = useSelector(flow, (s) => s.matches('zipping'));
  const { paths, files, bytes, failures } = useSelector(flow, (s) => s.context);
  // While the browser's save dialog is open, it is the only dialog.
  if (!zipping) return null;
  return (
    <TaskDialog title="Downloading as zip" size="md" busy onClose={() => undefined}>
      <Dialog.Body>
        <Stack gap="3">
          <RunProgress label="Zip progress" value={files + failures.length} max={paths.length} />
          <Text role="status">
            {formatCount(files)} of {formatObjectCount(paths.length)} zipped, {formatSize(bytes)}
            {failures.length > 0 && `, ${formatCount(failures.length)} skipped`}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Keep this page open until the zip is complete.
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" colorPalette="red" onClick={() => flow.send({ type: 'run.cancel' })}>
          Cancel
        </Button>
      </Dialog.Footer>
    </TaskDialog>
  );
}

function FailureList({ items }: { items: { what: string; message: string }[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="1">
      <List.Root fontSize="sm" maxH="48" overflowY="auto" ps="4" aria-label="Failures">
        {items.slice(0, LISTED_FAILURES).map((item, index) => (
          <List.Item key={index}>
            <Text as="span" fontFamily="mono">
              {item.what}
            </Text>
            : {item.message}
          </List.Item>
        ))}
      </List.Root>
      {items.length > LISTED_FAILURES && <Text fontSize="sm">and {formatCount(items.length - LISTED_FAILURES)} more</Text>}
    </Stack>
  );
}

export interface BulkSummaryDialogProps {
  summary: BulkSummary;
  /** Where the run ran: a delete's receipt leads to the branch's uncommitted changes. */
  repoId: string;
  branch: string;
  onClose: () => void;
}

export function BulkSummaryDialog({ summary, repoId, branch, onClose }: BulkSummaryDialogProps) {
  const title = summary.kind === 'delete' ? 'Delete objects: summary' : 'Download as zip: summary';
  return (
    <TaskDialog title={title} size="lg" busy={false} onClose={onClose}>
      <Dialog.Body>
        <Stack gap="3">
          {summary.kind === 'delete' ? <DeleteSummary summary={summary} /> : <DownloadSummary summary={summary} />}
          {summary.kind === 'delete' && summary.deleted > 0 && (
            <Text>
              The deletes are uncommitted changes of {branch}:{' '}
              <Link asChild>
                <RouterLink to="/repositories/$repoId/changes" params={{ repoId }} search={{ ref: branch }}>
                  review and commit them
                </RouterLink>
              </Link>
              .
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="tarn" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </TaskDialog>
  );
}

function DeleteSummary({ summary }: { summary: Extract<BulkSummary, { kind: 'delete' }> }) {
  const failed = summary.failures.length;
  return (
    <>
      <Text role="status">
        Deleted {formatObjectCount(summary.deleted)} of {formatCount(summary.total)}.
        {summary.cancelled && ` Cancelled: ${formatObjectCount(summary.notSent)} not sent.`}
      </Text>
      {failed > 0 && <Text>{formatObjectCount(failed)} could not be deleted:</Text>}
      <FailureList items={summary.failures.map((f) => ({ what: f.path || '(no path)', message: f.message }))} />
      {summary.failedRequests.length > 0 && (
        <Text>
          {formatCount(summary.failedRequests.length)} {summary.failedRequests.length === 1 ? 'request' : 'requests'} failed as a whole:
        </Text>
      )}
      <FailureList
        items={summary.failedRequests.map((r) => ({ what: `${formatObjectCount(r.count)} from ${r.firstPath}`, message: r.message }))}
      />
    </>
  );
}

function DownloadSummary({ summary }: { summary: Extract<BulkSummary, { kind: 'download' }> }) {
  return (
    <>
      <Text role="status">
        {summary.error !== undefined
          ? `The zip could not be written: ${summary.error}`
          : summary.cancelled
            ? `Cancelled after ${formatObjectCount(summary.files)} (${formatSize(summary.bytes)}); the zip was not saved.`
            : `Zipped ${formatObjectCount(summary.files)} of ${formatCount(summary.total)} (${formatSize(summary.bytes)}).`}
      </Text>
      {summary.failures.length > 0 && <Text>{formatObjectCount(summary.failures.length)} could not be read and were left out:</Text>}
      <FailureList items={summary.failures.map((f) => ({ what: f.path, message: f.message }))} />
    </>
  );
}
