import { Field, Textarea } from '@chakra-ui/react';
import { metadataErrors, type MetadataEvent, type MetadataRow } from '../../machines/commit/metadata';
import { MetadataEditor } from './MetadataEditor';

/** The message events a form with commit fields takes. */
export type CommitFieldsEvent = { type: 'message.change'; value: string } | MetadataEvent;

export interface CommitFieldsProps {
  message: string;
  metadata: readonly MetadataRow[];
  /** Metadata errors show once the user has tried to submit them. */
  showMetadataErrors: boolean;
  placeholder: string;
  disabled: boolean;
  /** The message takes the focus when the form opens, unless another field comes first (default true). */
  autoFocus?: boolean;
  send: (event: CommitFieldsEvent) => void;
}

/** A new commit's message and metadata, as the commit, merge and import dialogs ask for them. */
export function CommitFields({ message, metadata, showMetadataErrors, placeholder, disabled, autoFocus = true, send }: CommitFieldsProps) {
  const errors = showMetadataErrors ? metadataErrors(metadata) : {};
  return (
    <>
      <Field.Root>
        <Field.Label>Commit message</Field.Label>
        <Textarea
          placeholder={placeholder}
          value={message}
          disabled={disabled}
          autoFocus={autoFocus}
          onChange={(e) => send({ type: 'message.change', value: e.target.value })}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>Metadata</Field.Label>
        <MetadataEditor
          rows={metadata}
          errors={errors}
          disabled={disabled}
          onAdd={() => send({ type: 'metadata.add' })}
          onRemove={(id) => send({ type: 'metadata.remove', id })}
          onChange={(id, field, value) => send({ type: 'metadata.change', id, field, value })}
        />
      </Field.Root>
    </>
  );
}
