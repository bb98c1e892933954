import { useEffect, useState } from 'react';
import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { COPY_FEEDBACK_MS } from '../../lib/constants';

export interface CopyButtonProps extends Omit<IconButtonProps, 'onClick' | 'children' | 'aria-label'> {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for the accessible name: "Copy {label}". */
  label: string;
}

/** Copies a value to the clipboard and shows a check mark for one second. */
export function CopyButton({ value, label, ...rest }: CopyButtonProps) {
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
  return (
    <IconButton aria-label={name} title={name} variant="ghost" size="xs" onClick={() => void copy()} {...rest}>
      {copied ? <LuCheck /> : <LuCopy />}
    </IconButton>
  );
}
