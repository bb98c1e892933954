import { Button, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { useSelector } from '@xstate/react';
import type { Repository } from '../../api/types';
import type { CreateRefActorRef, CreateRefSnapshot } from '../../machines/create-ref/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { RefSelector } from './RefSelector';

export interface CreateRefDialogProps {
  /** The create flow of the dialog's current opening. */
  create: CreateRefActorRef;
  repo: Repository;
  onClose: () => void;
}

const selectView = (snapshot: CreateRefSnapshot) => ({
  kind: snapshot.context.kind,
  name: snapshot.context.name,
  source: snapshot.context.source,
  error: snapshot.context.error,
  readOnly: snapshot.context.readOnly,
  busy: snapshot.hasTag('busy'),
  canSubmit: snapshot.can({ type: 'create.submit' }),
});

/**
 * 'Create Branch' (a name and a source: a branch or a commit) or 'Create Tag' (a name and any ref). Everything it
 * shows comes from the create-ref machine.
 */
export function CreateRefDialog({ create, repo, onClose }: CreateRefDialogProps) {
  const { kind, name, source, error, readOnly, busy, canSubmit } = useSelector(create, selectView);
  const branch = kind === 'branch';
  const nameLabel = branch ? 'Branch Name' : 'Tag Name';
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                create.send({ type: 'create.submit' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{branch ? 'Create Branch' : 'Create Tag'}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root>
                    <Field.Label>{nameLabel}</Field.Label>
                    <Input
                      placeholder={nameLabel}
                      value={name}
                      autoFocus
                      autoComplete="off"
                      disabled={busy}
                      onChange={(e) => create.send({ type: 'name.change', value: e.target.value })}
                    />
                  </Field.Root>
                  <Stack gap="1" align="start">
                    <Text fontSize="sm" fontWeight="medium">
                      Source
                    </Text>
                    <RefSelector
                      repoId={repo.id}
                      selected={source}
                      placeholder="Select Source"
                      labelPrefix={branch ? 'From ' : ''}
                      // A branch starts at a branch's head or at a commit; a tag may point at any ref's commit.
                      withTags={!branch}
                      defaultBranch={repo.default_branch}
                      disabled={busy}
                      portalled={false}
                      onSelect={(ref) => create.send({ type: 'source.change', source: ref })}
                    />
                  </Stack>
                  {readOnly && (
                    <Text color="fg.muted" fontSize="sm">
                      This repository is read-only: no {kind} can be created in it.
                    </Text>
                  )}
                  {error !== null && <ErrorAlert error={error} />}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="tarn" disabled={!canSubmit} loading={busy} loadingText="Creating...">
                  Create
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
