import { useState } from 'react';
import { Portal } from '@chakra-ui/react';
import { Popover } from '../theme/deferred/popover';
import { RefPickerPanel } from './RefPickerPanel';
import { RefTrigger, type RefSelectorProps } from './RefTrigger';

export interface RefSelectorPopoverProps extends RefSelectorProps {
  placeholder: string;
  labelPrefix: string;
  disabled: boolean;
  /** The placeholder trigger this takes the place of was clicked: the popover opens as it mounts. */
  openAtMount?: boolean;
}

/** RefSelector's popover, loaded once a trigger is reached (see RefSelector). */
export function RefSelectorPopover({
  repoId,
  selected,
  onSelect,
  placeholder,
  branchesOnly = false,
  withTags = true,
  withCommits = true,
  defaultBranch,
  offerCreateBranch = false,
  labelPrefix,
  disabled,
  portalled = true,
  openAtMount = false,
}: RefSelectorPopoverProps) {
  const [open, setOpen] = useState(() => openAtMount && !disabled);

  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <RefTrigger selected={selected} placeholder={placeholder} labelPrefix={labelPrefix} disabled={disabled} />
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
