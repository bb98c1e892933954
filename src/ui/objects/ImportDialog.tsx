// The import dialog of the objects page (see docs/behaviour.md, Objects page): where the data is, where it lands, the
// commit, then the import's progress and its outcome. The import machine owns the flow; the page's machine opens
// it when the URL asks for it.
import { Alert, Button, Code, Field, HStack, Input, InputGroup, Link, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { Progress } from '../theme/deferred/progress';
import { Link as RouterLink } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { formatCount as count, shortCommitId } from '../../lib/format';
import { sourceProblem, sourceReady, type ImportActorRef, type ImportSnapshot } from '../../machines/import';
import { CommitFields } from '../components/CommitFields';
import { ErrorAlert } from '../components/ErrorAlert';
import { TaskDialog } from '../components/TaskDialog';

export interface ImportDialogProps {
  /** The page's import flow, alive while the dialog is open. */
  flow: ImportActorRef;
  onClose: () => void;
}

const perSecond = (rate: number) => rate.toLocaleString('en-US', { maximumFractionDigits: rate < 10 ? 1 : 0 });

export function ImportDialog({ flow: actor, onClose }: ImportDialogProps) {
  const { repoId, branch } = actor.getSnapshot().context;
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const completed = useSelector(actor, (s) => s.matches('completed'));

  return (
    <TaskDialog title={<>Import Data to Branch &apos;{branch}&apos;</>} size="lg" busy={busy} onClose={onClose}>
      {busy ? (
        <ImportProgress actor={actor} />
      ) : completed ? (
        <ImportSummary actor={actor} repoId={repoId} branch={branch} onClose={onClose} />
      ) : (
        <ImportForm actor={actor} repoId={repoId} branch={branch} onClose={onClose} />
      )}
    </TaskDialog>
  );
}

const selectContext = (s: ImportSnapshot) => s.context;

function ImportForm({ actor, repoId, branch, onClose }: { actor: ImportActorRef; repoId: string; branch: string; onClose: () => void }) {
  const form = useSelector(actor, selectContext);
  const sourceError = useSelector(actor, sourceProblem);
  const ready = useSelector(actor, sourceReady);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'import.start' });
      }}
    >
      <Dialog.Body>
        <Stack gap="4">
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>
              Importing copies no data: the branch gets entries that point at the objects where they are, and the source
              is never changed.
            </Alert.Description>
          </Alert.Root>
          {form.cancelled && (
            <Alert.Root status="warning" role="status">
              <Alert.Indicator />
              <Alert.Description>The import was cancelled.</Alert.Description>
            </Alert.Root>
          )}
          {form.error !== null && <ErrorAlert error={form.error} title="Import failed" />}
          <Field.Root invalid={sourceError !== undefined} required>
            <Field.Label>Import from</Field.Label>
            <Input
              value={form.source}
              placeholder={form.namespaceExample}
              autoComplete="off"
              autoFocus
              onChange={(e) => actor.send({ type: 'source.change', value: e.target.value })}
            />
            {sourceError ? (
              <Field.ErrorText>{sourceError}</Field.ErrorText>
            ) : (
              <Field.HelperText>The folder of {form.blockstoreType} storage whose objects the branch gets.</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root>
            <Field.Label>Destination</Field.Label>
            <InputGroup startAddon={`lakefs://${repoId}/${branch}/`}>
              <Input
                value={form.destination}
                autoComplete="off"
                onChange={(e) => actor.send({ type: 'destination.change', value: e.target.value })}
              />
            </InputGroup>
            <Field.HelperText>Leave it empty to import into the root of the branch.</Field.HelperText>
          </Field.Root>
          <CommitFields
            message={form.message}
            metadata={form.metadata}
            showMetadataErrors={form.showMetadataErrors}
            placeholder="Commit Message"
            disabled={false}
            autoFocus={false}
            send={(event) => actor.send(event)}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="tarn" disabled={!ready}>
          Import
        </Button>
      </Dialog.Footer>
    </form>
  );
}

function ImportProgress({ actor }: { actor: ImportActorRef }) {
  const ingested = useSelector(actor, (s) => s.context.ingested);
  const rate = useSelector(actor, (s) => s.context.rate);
  const error = useSelector(actor, (s) => s.context.error);
  const cancellable = useSelector(actor, (s) => s.can({ type: 'import.cancel' }));
  const cancelling = useSelector(actor, (s) => s.matches({ inProgress: 'cancelling' }));
  return (
    <>
      <Dialog.Body>
        <Stack gap="3">
          <Progress.Root value={null} size="sm" colorPalette="tarn" aria-label="Import in progress">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <HStack justify="space-between" wrap="wrap" role="status" aria-label="Import progress">
            <Text>
              {count(ingested)} {ingested === 1 ? 'object' : 'objects'} ingested
            </Text>
            <Text color="fg.muted">{rate === null ? 'measuring the rate...' : `${perSecond(rate)} objects/s`}</Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Keep this page open until the import completes.
          </Text>
          {error !== null && <ErrorAlert error={error} />}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button
          variant="outline"
          colorPalette="red"
          disabled={!cancellable}
          loading={cancelling}
          loadingText="Cancelling..."
          onClick={() => actor.send({ type: 'import.cancel' })}
        >
          Cancel Import
        </Button>
      </Dialog.Footer>
    </>
  );
}

function ImportSummary({ actor, repoId, branch, onClose }: { actor: ImportActorRef; repoId: string; branch: string; onClose: () => void }) {
  const ingested = useSelector(actor, (s) => s.context.ingested);
  const commit = useSelector(actor, (s) => s.context.commit);
  return (
    <>
      <Dialog.Body>
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Import completed</Alert.Title>
            <Alert.Description>
              {count(ingested)} {ingested === 1 ? 'object was' : 'objects were'} imported and committed to branch {branch}.
              {commit && (
                <>
                  {' '}
                  <Link asChild>
                    <RouterLink to="/repositories/$repoId/commits/$commitId" params={{ repoId, commitId: commit.id }}>
                      View commit <Code>{shortCommitId(commit.id)}</Code>
                    </RouterLink>
                  </Link>
                </>
              )}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="tarn" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </>
  );
}
