import { Button, IconButton, type ButtonProps } from '@chakra-ui/react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { useMachine } from '../../lib/root-actors';
import { liveCopyFeedbackMachine } from '../../machines/copy-feedback';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'aria-label'> {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied: the button is named "Copy {label}", then "Copied {label}". */
  label: string;
  /**
   * Shows the name as text beside the icon. Needed wherever two copy buttons sit together (an icon alone cannot
   * tell them apart).
   */
  showLabel?: boolean;
}

/** Copies a value to the clipboard and shows a check mark for one second. */
export function CopyButton({ value, label, showLabel = false, ...rest }: CopyButtonProps) {
  const [feedback, send] = useMachine(liveCopyFeedbackMachine);
  const copied = feedback.matches('copied');
  const copy = () => send({ type: 'copy', value });

  const name = copied ? `Copied ${label}` : `Copy ${label}`;
  const icon = copied ? <LuCheck /> : <LuCopy />;
  if (showLabel) {
    return (
      <Button variant="outline" size="xs" onClick={copy} {...rest}>
        {icon}
        {name}
      </Button>
    );
  }
  return (
    <IconButton aria-label={name} title={name} variant="ghost" size="xs" onClick={copy} {...rest}>
      {icon}
    </IconButton>
  );
}
