import { Field, Input, Textarea } from '@chakra-ui/react';

export interface PullRequestFieldsProps {
  title: string;
  description: string;
  disabled: boolean;
  onTitle: (value: string) => void;
  onDescription: (value: string) => void;
}

/** A pull request's title (required) and its markdown description, as creating and editing ask for them. */
export function PullRequestFields({ title, description, disabled, onTitle, onDescription }: PullRequestFieldsProps) {
  return (
    <>
      <Field.Root required>
        <Field.Label>
          Title
          <Field.RequiredIndicator />
        </Field.Label>
        <Input value={title} disabled={disabled} placeholder="What this change does" onChange={(e) => onTitle(e.target.value)} />
      </Field.Root>
      <Field.Root>
        <Field.Label>Description</Field.Label>
        <Textarea
          value={description}
          disabled={disabled}
          rows={8}
          placeholder="Why, what to look at, how it was checked"
          onChange={(e) => onDescription(e.target.value)}
        />
        <Field.HelperText>Markdown is supported.</Field.HelperText>
      </Field.Root>
    </>
  );
}
