import { useState } from 'react';
import { Button, Popover, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuChevronDown, LuGitBranch, LuGitCommitHorizontal, LuTag } from 'react-icons/lu';
import { shortCommitId } from '../../lib/format';
import { RefPickerPanel } from './RefPickerPanel';
import type { SelectedRef } from './selected-ref';

export type { SelectedRef };

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

/**
 * Picks a branch, a tag or a commit (from a branch's log, or by typing the start of its id). Lists load only while
 * the picker is open.
 */
export function RefSelector({
  repoId,
  selected,
  onSelect,
  placeholder = 'Select ref',
  branchesOnly = false,
  withTags = true,
  withCommits = true,
  defaultBranch,
  offerCreateBranch = false,
  labelPrefix = '',
  disabled = false,
  portalled = true,
}: RefSelectorProps) {
  const [open, setOpen] = useState(false);
  const Icon = selected ? REF_ICONS[selected.kind] : LuGitBranch;
  const shown = !selected ? placeholder : selected.kind === 'commit' ? shortCommitId(selected.id) : selected.id;

  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          maxW={{ base: '320px', md: '590px' }}
          // With a visible prefix the name comes from the text itself ("Base branch: main"), so that it contains what
          // is shown, as speech-input users say it; without one the label names the kind and the full commit id.
          aria-label={labelPrefix ? undefined : selected ? `${selected.kind}: ${selected.id}` : placeholder}
          disabled={disabled}
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
      </Popover.Trigger>
      <Portal disabled={!portalled}>
        <Popover.Positioner>
          <Popover.Content width={{ base: '320px', md: '460px' }}>
            <Popover.Body p="3">
              {open && (
                <RefPickerPanel
                  repoId={repoId}
                  selected={selected}
                  withTags={!branchesOnly && withTags}
                  withCommits={!branchesOnly && withCommits}
                  defaultBranch={defaultBranch}
                  createFrom={offerCreateBranch && selected ? selected.id : undefined}
                  onSelect={(ref) => {
                    setOpen(false);
                    onSelect(ref);
                  }}
                />
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
