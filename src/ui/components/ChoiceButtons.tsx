import { Button, ButtonGroup, type ButtonGroupProps } from '@chakra-ui/react';

export interface ChoiceButtonsProps<V extends string> extends Pick<ButtonGroupProps, 'size' | 'ms'> {
  /** The group's accessible name, e.g. "Commits view". */
  label: string;
  choices: ReadonlyArray<readonly [V, string]>;
  value: V;
  onSelect: (value: V) => void;
}

/** One of a few ways to show the same thing (a view, a layout), as attached buttons: the current one pressed. */
export function ChoiceButtons<V extends string>({ label, choices, value, onSelect, size = 'sm', ms }: ChoiceButtonsProps<V>) {
  return (
    <ButtonGroup size={size} variant="outline" attached role="group" aria-label={label} ms={ms}>
      {choices.map(([choice, name]) => (
        <Button key={choice} aria-pressed={value === choice} variant={value === choice ? 'subtle' : 'outline'} onClick={() => onSelect(choice)}>
          {name}
        </Button>
      ))}
    </ButtonGroup>
  );
}
