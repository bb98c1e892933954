import { useState } from 'react';
import { Button, Dialog, Field, Input, Portal, Stack } from '@chakra-ui/react';
import { createRepository } from '../../api/repositories';
import type { Repository, StorageConfig } from '../../api/types';
import { ErrorAlert } from '../components/ErrorAlert';
import { MemBlockstoreWarning } from './MemBlockstoreWarning';
import {
  DEFAULT_BRANCH_NAME,
  defaultNamespace,
  validateRepositoryForm,
  type RepositoryFormValues,
} from './validation';

export interface CreateRepositoryDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (repository: Repository) => void;
  storage?: StorageConfig;
}

type Touched = Partial<Record<keyof RepositoryFormValues, boolean>>;

/** Repository ID, default branch and storage namespace; Create stays disabled until all three are valid. */
export function CreateRepositoryDialog({ open, onClose, onCreated, storage }: CreateRepositoryDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {/* Mounted only while open, so every opening starts from a fresh form. */}
            {open && <CreateRepositoryForm storage={storage} onClose={onClose} onCreated={onCreated} />}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function CreateRepositoryForm({ storage, onClose, onCreated }: Omit<CreateRepositoryDialogProps, 'open'>) {
  const [values, setValues] = useState<RepositoryFormValues>({
    id: '',
    defaultBranch: DEFAULT_BRANCH_NAME,
    storageNamespace: defaultNamespace(storage, ''),
  });
  // Once the user edits the namespace, it no longer follows the id.
  const [namespaceEdited, setNamespaceEdited] = useState(false);
  const [touched, setTouched] = useState<Touched>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  const errors = validateRepositoryForm(values, storage);
  const valid = Object.keys(errors).length === 0;

  const change = (field: keyof RepositoryFormValues, value: string) => {
    setTouched((t) => ({ ...t, [field]: true }));
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === 'id' && !namespaceEdited && storage?.default_namespace_prefix) {
        next.storageNamespace = defaultNamespace(storage, value);
      }
      return next;
    });
    if (field === 'storageNamespace') setNamespaceEdited(true);
  };

  const submit = async () => {
    if (!valid || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const repository = await createRepository({
        name: values.id,
        default_branch: values.defaultBranch.trim(),
        storage_namespace: values.storageNamespace,
      });
      onCreated(repository);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  const shown = (field: keyof RepositoryFormValues) => (touched[field] ? errors[field] : undefined);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Dialog.Header>
        <Dialog.Title>Create A New Repository</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <MemBlockstoreWarning storage={storage} />
          <Field.Root invalid={!!shown('id')} required>
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
              onBlur={() => setTouched((t) => ({ ...t, id: true }))}
            />
            <Field.ErrorText>{shown('id')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!shown('defaultBranch')} required>
            <Field.Label>
              Default Branch Name
              <Field.RequiredIndicator />
            </Field.Label>
            <Input value={values.defaultBranch} autoComplete="off" onChange={(e) => change('defaultBranch', e.target.value)} />
            <Field.ErrorText>{shown('defaultBranch')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!shown('storageNamespace')} required>
            <Field.Label>
              Storage Namespace
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={values.storageNamespace}
              placeholder={storage?.blockstore_namespace_example}
              autoComplete="off"
              onChange={(e) => change('storageNamespace', e.target.value)}
              onBlur={() => setTouched((t) => ({ ...t, storageNamespace: true }))}
            />
            {shown('storageNamespace') ? (
              <Field.ErrorText>{shown('storageNamespace')}</Field.ErrorText>
            ) : (
              storage?.blockstore_namespace_example && (
                <Field.HelperText>Where should data be stored? (e.g. {storage.blockstore_namespace_example})</Field.HelperText>
              )
            )}
          </Field.Root>
          {error !== undefined && <ErrorAlert error={error} />}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="tarn" disabled={!valid} loading={busy} loadingText="Creating...">
          Create Repository
        </Button>
      </Dialog.Footer>
    </form>
  );
}
