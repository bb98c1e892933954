import { useState } from 'react';
import { Button, Popover, Portal, Text } from '@chakra-ui/react';
import { LuChevronDown, LuGitBranch, LuGitCommitHorizontal, LuTag } from 'react-icons/lu';
import type { RefKind } from '../../api/types';
import { shortCommitId } from '../../lib/format';
import { RefPickerPanel } from './RefPickerPanel';

export interface SelectedRef {
  id: string;
  kind: RefKind;
}

export interface RefSelectorProps {
  repoId: string;
  /** The ref shown on the trigger. */
  selected: SelectedRef;
  onSelect: (ref: SelectedRef) => void;
  /** Offer branches only: no tags tab and no commits (e.g. where a ref must be writable). */
  branchesOnly?: boolean;
  /** Marked with a "Default" badge in the list. */
  defaultBranch?: string;
  /** Prepended to the trigger's accessible name, e.g. "Base " gives "Base branch: main". */
  labelPrefix?: string;
  disabled?: boolean;
}

export const REF_ICONS = { branch: LuGitBranch, tag: LuTag, commit: LuGitCommitHorizontal } as const;

/** Picks a branch, a tag or a commit of a branch. Lists load only while the picker is open. */
export function RefSelector({
  repoId,
  selected,
  onSelect,
  branchesOnly = false,
  defaultBranch,
  labelPrefix = '',
  disabled = false,
}: RefSelectorProps) {
  const [open, setOpen] = useState(false);
  const Icon = REF_ICONS[selected.kind];
  const shown = selected.kind === 'commit' ? shortCommitId(selected.id) : selected.id;

  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          maxW={{ base: '320px', md: '590px' }}
          aria-label={`${labelPrefix}${selected.kind}: ${selected.id}`}
          disabled={disabled}
        >
          <Icon />
          <Text as="span" truncate>
            {shown}
          </Text>
          <LuChevronDown />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: '320px', md: '460px' }}>
            <Popover.Body p="3">
              {open && (
                <RefPickerPanel
                  repoId={repoId}
                  selected={selected}
                  branchesOnly={branchesOnly}
                  defaultBranch={defaultBranch}
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
