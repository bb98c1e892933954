import { Button, Field, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import type { MetadataRow } from '../../machines/commit/metadata';

export interface MetadataEditorProps {
  rows: readonly MetadataRow[];
  /** Error per row id; shown under the key. */
  errors: Record<number, string>;
  onAdd: () => void;
  onRemove: (id: number) => void;
  onChange: (id: number, field: 'key' | 'value', value: string) => void;
  disabled?: boolean;
}

/** Key/value pairs for commit, merge and import metadata. */
export function MetadataEditor({ rows, errors, onAdd, onRemove, onChange, disabled = false }: MetadataEditorProps) {
  return (
    <Stack gap="2">
      {rows.map((row, index) => (
        <HStack key={row.id} align="start" gap="2">
          <Field.Root invalid={!!errors[row.id]} flex="1">
            <Input
              size="sm"
              placeholder="Key"
              aria-label={`Metadata key ${index + 1}`}
              value={row.key}
              disabled={disabled}
              onChange={(e) => onChange(row.id, 'key', e.target.value)}
            />
            <Field.ErrorText>{errors[row.id]}</Field.ErrorText>
          </Field.Root>
          <Input
            size="sm"
            flex="1"
            placeholder="Value"
            aria-label={`Metadata value ${index + 1}`}
            value={row.value}
            disabled={disabled}
            onChange={(e) => onChange(row.id, 'value', e.target.value)}
          />
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={`Remove metadata field ${index + 1}`}
            disabled={disabled}
            onClick={() => onRemove(row.id)}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
      ))}
      <HStack>
        <Button size="xs" variant="outline" onClick={onAdd} disabled={disabled}>
          <LuPlus />
          Add Metadata field
        </Button>
      </HStack>
    </Stack>
  );
}
