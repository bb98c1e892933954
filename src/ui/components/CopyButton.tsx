import { useEffect, useState } from 'react';
import { Button, IconButton, type ButtonProps } from '@chakra-ui/react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { COPY_FEEDBACK_MS } from '../../lib/constants';

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
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // Clipboard access can be refused (insecure origin, denied permission); the button then simply stays put.
    }
  };

  const name = copied ? `Copied ${label}` : `Copy ${label}`;
  const icon = copied ? <LuCheck /> : <LuCopy />;
  if (showLabel) {
    return (
      <Button variant="outline" size="xs" onClick={() => void copy()} {...rest}>
        {icon}
        {name}
      </Button>
    );
  }
  return (
    <IconButton aria-label={name} title={name} variant="ghost" size="xs" onClick={() => void copy()} {...rest}>
      {icon}
    </IconButton>
  );
}
