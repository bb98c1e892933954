import { Button, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { useSelector } from '@xstate/react';
import { createRepositoryView, type CreateRepositoryActorRef, type RepositoryField } from '../../machines/create-repository/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { MemBlockstoreWarning } from './MemBlockstoreWarning';

export interface CreateRepositoryDialogProps {
  /** The create flow of the dialog's current opening. */
  create: CreateRepositoryActorRef;
  onClose: () => void;
}

/** Repository ID, default branch and storage namespace; Create stays disabled until all three are valid. */
export default function CreateRepositoryDialog({ create, onClose }: CreateRepositoryDialogProps) {
  const { values, storage, errors, error, busy, canSubmit } = useSelector(create, createRepositoryView);
  const change = (field: RepositoryField, value: string) => create.send({ type: 'field.change', field, value });
  const blur = (field: RepositoryField) => create.send({ type: 'field.blur', field });
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
                <Dialog.Title>Create A New Repository</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <MemBlockstoreWarning storage={storage} />
                  <Field.Root invalid={!!errors.id} required>
                    <Field.Label>
                      Repository ID
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      value={values.id}
                      placeholder="my-data-lake"
                      autoFocus
                      autoComplete="off"
                      onChange={(e) => change('id', e.target.value)}
                      onBlur={() => blur('id')}
                    />
                    <Field.ErrorText>{errors.id}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.defaultBranch} required>
                    <Field.Label>
                      Default Branch Name
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      value={values.defaultBranch}
                      autoComplete="off"
                      onChange={(e) => change('defaultBranch', e.target.value)}
                    />
                    <Field.ErrorText>{errors.defaultBranch}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.storageNamespace} required>
                    <Field.Label>
                      Storage Namespace
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      value={values.storageNamespace}
                      placeholder={storage?.blockstore_namespace_example}
                      autoComplete="off"
                      onChange={(e) => change('storageNamespace', e.target.value)}
                      onBlur={() => blur('storageNamespace')}
                    />
                    {errors.storageNamespace ? (
                      <Field.ErrorText>{errors.storageNamespace}</Field.ErrorText>
                    ) : (
                      storage?.blockstore_namespace_example && (
                        <Field.HelperText>
                          Where should data be stored? (e.g. {storage.blockstore_namespace_example})
                        </Field.HelperText>
                      )
                    )}
                  </Field.Root>
                  {error !== null && <ErrorAlert error={error} />}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="tarn" disabled={!canSubmit} loading={busy} loadingText="Creating...">
                  Create Repository
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
