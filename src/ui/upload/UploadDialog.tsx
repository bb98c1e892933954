// The upload dialog of the objects page: pick or drop files and folders, see where each lands, upload with
// per-file progress. All flow decisions live in the upload queue machine, a child of the page's; this renders it.
import { useRef, useState, type DragEvent } from 'react';
import { Alert, Badge, Box, Button, Field, HStack, IconButton, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { Progress } from '../theme/deferred/progress';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { LuCircleAlert, LuCircleCheck, LuFileUp, LuFolderUp, LuX } from 'react-icons/lu';
import { formatSize } from '../../lib/format';
import { queueSummary, READ_ONLY, type UploadItem, type UploadQueueActorRef, type UploadQueueEvent } from '../../machines/upload-queue';
import { Receipt } from '../components/Receipt';
import { TaskDialog } from '../components/TaskDialog';
import { filesFromEntries, filesFromInput, takeDroppedEntries } from './picked-files';

export interface UploadDialogProps {
  /** The page's upload queue, alive while the dialog is open. */
  queue: UploadQueueActorRef;
  onClose: () => void;
}

export function UploadDialog({ queue, onClose }: UploadDialogProps) {
  const snapshot = useSelector(queue, (s) => s);
  const send = (event: UploadQueueEvent) => queue.send(event);
  const { context } = snapshot;
  const { repoId, branch, readOnly } = context;
  const selecting = snapshot.matches('selecting');
  const finished = snapshot.matches('finished');
  const busy = snapshot.hasTag('busy');
  const summary = queueSummary(context.items);

  return (
    <TaskDialog title={<>Upload Objects to Branch &apos;{branch}&apos;</>} size="xl" busy={busy} onClose={onClose}>
      <Dialog.Body>
        <Stack gap="4">
          {readOnly && <Notice text={READ_ONLY} />}
          {finished && summary.done > 0 && (
            <Receipt
              label="Upload finished"
              title={`Uploaded ${summary.done} file${summary.done === 1 ? '' : 's'} to ${branch}`}
            >
              They are uncommitted changes until committed:{' '}
              <Link asChild>
                <RouterLink to="/repositories/$repoId/changes" params={{ repoId }} search={{ ref: branch }}>
                  review and commit them
                </RouterLink>
              </Link>
              .
            </Receipt>
          )}
          <Field.Root disabled={!selecting}>
            <Field.Label>Destination Directory</Field.Label>
            <Input
              value={context.prefix}
              placeholder="e.g. data/images/ (empty for the repository root)"
              autoComplete="off"
              onChange={(e) => send({ type: 'prefix.change', prefix: e.target.value })}
            />
          </Field.Root>
          {selecting && <DropZone onPicked={send} />}
          {context.items.length > 0 && (
            <Stack gap="1">
              <HStack justify="space-between" color="fg.muted" fontSize="sm">
                <Text>Files to Upload ({summary.total})</Text>
                <Text>Total size {formatSize(summary.totalBytes)}</Text>
              </HStack>
              <Stack as="ul" gap="2" maxH="40vh" overflowY="auto" listStyleType="none" m="0" p="0" aria-label="Files to upload">
                {context.items.map((item) => (
                  <UploadRow key={item.id} item={item} selecting={selecting} send={send} />
                ))}
              </Stack>
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {selecting && (
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button colorPalette="tarn" disabled={!snapshot.can({ type: 'upload.start' })} onClick={() => send({ type: 'upload.start' })}>
              Upload {summary.total} File{summary.total === 1 ? '' : 's'}
            </Button>
          </>
        )}
        {busy && (
          <>
            <Button variant="outline" colorPalette="red" onClick={() => send({ type: 'upload.cancelAll' })}>
              Cancel All
            </Button>
            <Button colorPalette="tarn" loading loadingText={`Uploading ${summary.done} / ${summary.total}...`} />
          </>
        )}
        {finished && (
          <>
            <Button variant="outline" onClick={() => send({ type: 'queue.reset' })}>
              Upload More
            </Button>
            <Button colorPalette="tarn" onClick={onClose}>
              Close
            </Button>
          </>
        )}
      </Dialog.Footer>
    </TaskDialog>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <Alert.Root status="warning" role="alert">
      <Alert.Indicator />
      <Alert.Description>{text}</Alert.Description>
    </Alert.Root>
  );
}

function DropZone({ onPicked }: { onPicked: (event: UploadQueueEvent) => void }) {
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const add = (files: ReturnType<typeof filesFromInput>) => {
    if (files.length > 0) onPicked({ type: 'files.add', files });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const { entries, files } = takeDroppedEntries(event.dataTransfer);
    if (entries.length === 0) add(filesFromInput(files));
    else void filesFromEntries(entries).then(add);
  };

  return (
    <Box
      data-testid="upload-drop-zone"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={dragging ? 'colorPalette.solid' : 'border'}
      colorPalette="tarn"
      rounded="md"
      p="6"
      textAlign="center"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Stack gap="3" align="center">
        <Text>{dragging ? 'Drop files here' : 'Drag & drop files or folders here, or choose them'}</Text>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => filesInput.current?.click()}>
            <LuFileUp /> Choose Files
          </Button>
          <Button size="sm" variant="outline" onClick={() => folderInput.current?.click()}>
            <LuFolderUp /> Choose Folder
          </Button>
        </HStack>
      </Stack>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        aria-label="Files to upload"
        onChange={(e) => {
          add(filesFromInput(e.currentTarget.files));
          e.currentTarget.value = '';
        }}
      />
      <input
        ref={(node) => {
          folderInput.current = node;
          // Not in React's input props: makes the picker choose a whole folder.
          node?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        hidden
        aria-label="Folder to upload"
        onChange={(e) => {
          add(filesFromInput(e.currentTarget.files));
          e.currentTarget.value = '';
        }}
      />
    </Box>
  );
}

function UploadRow({
  item,
  selecting,
  send,
}: {
  item: UploadItem;
  selecting: boolean;
  send: (event: UploadQueueEvent) => void;
}) {
  const cancellable = item.status === 'queued' || item.status === 'checking' || item.status === 'uploading';
  return (
    <Box as="li" borderWidth="1px" rounded="md" px="3" py="2" aria-label={item.destination}>
      <HStack justify="space-between" gap="3">
        <Stack gap="0" minW="0" flex="1">
          <Text fontFamily="mono" fontSize="sm" truncate title={item.destination}>
            {item.destination}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {formatSize(item.size)}
          </Text>
          {item.status === 'failed' && item.detail && (
            <Text fontSize="xs" color="fg.error">
              {item.detail}
            </Text>
          )}
        </Stack>
        {!(selecting && item.status === 'queued') && <RowStatus item={item} />}
        {selecting ? (
          <IconButton size="xs" variant="ghost" aria-label={`Remove ${item.destination}`} onClick={() => send({ type: 'file.remove', id: item.id })}>
            <LuX />
          </IconButton>
        ) : (
          cancellable && (
            <IconButton size="xs" variant="ghost" aria-label={`Cancel ${item.destination}`} onClick={() => send({ type: 'file.cancel', id: item.id })}>
              <LuX />
            </IconButton>
          )
        )}
      </HStack>
      {item.status === 'uploading' && (
        <Progress.Root value={item.percent} size="xs" colorPalette="tarn" mt="2" aria-label={`Uploading ${item.destination}`}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
    </Box>
  );
}

function RowStatus({ item }: { item: UploadItem }) {
  switch (item.status) {
    case 'queued':
      return <Badge variant="subtle">Waiting</Badge>;
    case 'checking':
      return <Text fontSize="sm">0%</Text>;
    case 'uploading':
      return <Text fontSize="sm">{item.percent}%</Text>;
    case 'done':
      return (
        <Badge colorPalette="green" gap="1">
          <LuCircleCheck /> Done
        </Badge>
      );
    case 'failed':
    case 'aborted':
      return (
        <Badge colorPalette="red" gap="1" title={item.detail ?? undefined}>
          <LuCircleAlert /> {item.error}
        </Badge>
      );
  }
}
