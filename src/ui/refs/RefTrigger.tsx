import type { Ref } from 'react';
import { Button, Text, VisuallyHidden, type ButtonProps } from '@chakra-ui/react';
import { LuChevronDown, LuGitBranch, LuGitCommitHorizontal, LuTag } from 'react-icons/lu';
import { shortCommitId } from '../../lib/format';
import type { SelectedRef } from './selected-ref';

export interface RefSelectorProps {
  repoId: string;
  /** The ref shown on the trigger; null before one is chosen. */
  selected: SelectedRef | null;
  onSelect: (ref: SelectedRef) => void;
  /** Shown on the trigger while nothing is selected. */
  placeholder?: string;
  /** Offer branches only: no tags tab and no commits (e.g. where a ref must be writable). */
  branchesOnly?: boolean;
  /** Offer the tags tab (unless branchesOnly). */
  withTags?: boolean;
  /** Offer commits: each branch's log and a search by commit id (unless branchesOnly). */
  withCommits?: boolean;
  /** Marked with a "Default" badge in the list. */
  defaultBranch?: string;
  /** Offer to create a branch of the typed name from the selected ref (where a new branch is a natural next step). */
  offerCreateBranch?: boolean;
  /** Shown before the ref on the trigger and prepended to its accessible name: "Base " gives "Base branch: main". */
  labelPrefix?: string;
  disabled?: boolean;
  /**
   * Renders the list in a portal at the end of the page (default). Inside a dialog it must stay in the dialog, whose
   * focus trap would otherwise keep the user out of the list.
   */
  portalled?: boolean;
}

export const REF_ICONS = { branch: LuGitBranch, tag: LuTag, commit: LuGitCommitHorizontal } as const;

/** The trigger's look and accessible name, the same before and after the picker's code has loaded. */
export function RefTrigger({
  selected,
  placeholder,
  labelPrefix,
  disabled,
  ...rest
}: Pick<RefSelectorProps, 'selected' | 'disabled'> & { placeholder: string; labelPrefix: string; ref?: Ref<HTMLButtonElement> } & ButtonProps) {
  const Icon = selected ? REF_ICONS[selected.kind] : LuGitBranch;
  const shown = !selected ? placeholder : selected.kind === 'commit' ? shortCommitId(selected.id) : selected.id;
  return (
    <Button
      variant="outline"
      size="sm"
      maxW={{ base: '320px', md: '590px' }}
      // With a visible prefix the name comes from the text itself ("Base branch: main"), so that it contains what
      // is shown, as speech-input users say it; without one the label names the kind and the full commit id.
      aria-label={labelPrefix ? undefined : selected ? `${selected.kind}: ${selected.id}` : placeholder}
      disabled={disabled}
      {...rest}
    >
      {labelPrefix && (
        <Text as="span" color="fg.muted" fontWeight="normal" whiteSpace="pre">
          {labelPrefix}
        </Text>
      )}
      <Icon />
      {labelPrefix && selected && <VisuallyHidden>{`${selected.kind}: `}</VisuallyHidden>}
      <Text as="span" truncate color={selected ? undefined : 'fg.muted'}>
        {shown}
      </Text>
      <LuChevronDown />
    </Button>
  );
}
