import { Button, HStack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuDownload, LuListChecks, LuTrash2, LuX } from 'react-icons/lu';
import { formatCount, formatObjectCount } from '../../lib/format';
import { bulkDeletePermission, type ObjectSelectionActorRef } from '../../machines/object-selection';
import type { ObjectsPageActorRef } from '../../machines/objects-page';
import type { Permission } from '../../machines/session/machine';
import { ErrorAlert } from '../components';
import { permittedState } from '../components/PermittedButton';

export interface SelectionBarProps {
  page: ObjectsPageActorRef;
  selection: ObjectSelectionActorRef;
  /** The prefix the listing shows (folder and search): "Select all in this prefix" covers it. */
  prefix: string;
  /** Deleting is offered only on a branch of a writable repository. */
  canDelete: boolean;
}

const samePermission = (a: Permission, b: Permission) => a.allowed === b.allowed && a.reason === b.reason;

const where = (prefix: string) => (prefix === '' ? 'the repository root' : prefix);

/**
 * The selection's bar: "Select all in this prefix" (with the count growing while it lists, and the cap when it
 * stops there), and for a selection its size with Delete, Download as zip and Clear.
 */
export function SelectionBar({ page, selection, prefix, canDelete }: SelectionBarProps) {
  const selected = useSelector(selection, (s) => s.context.selected);
  const listing = useSelector(selection, (s) => s.context.listing);
  const cap = useSelector(selection, (s) => s.context.cap);
  const listingNow = useSelector(selection, (s) => s.matches('listing'));
  const failed = useSelector(selection, (s) => s.matches('failed'));
  const error = useSelector(selection, (s) => s.context.error);
  const deletePermission = useSelector(selection, bulkDeletePermission, samePermission);
  const count = selected.length;
  const settled = !listingNow && !failed;

  return (
    <HStack gap="3" wrap="wrap" minH="8" role="group" aria-label="Selection">
      <Button
        size="xs"
        variant="outline"
        disabled={!settled}
        onClick={() => selection.send({ type: 'select.prefix', prefix })}
        title={`Select every object under ${where(prefix)}, including the ones not loaded yet (at most ${formatCount(cap)})`}
      >
        <LuListChecks />
        Select all in this prefix
      </Button>
      <Text fontSize="sm" role="status" aria-live="polite">
        {listingNow && listing
          ? `Selecting every object under ${where(listing.prefix)}... ${formatObjectCount(count)} so far`
          : count > 0
            ? `${formatCount(count)} selected`
            : ''}
        {!listingNow && listing?.complete && !listing.capped && count > 0 && ` (all objects under ${where(listing.prefix)})`}
        {listing?.capped && ` (stopped at the cap of ${formatObjectCount(cap)}: more objects under ${where(listing.prefix)} are not selected)`}
      </Text>
      {(count > 0 || listingNow) && (
        <HStack gap="2" ms="auto">
          {canDelete && (
            <Button
              size="xs"
              colorPalette="red"
              variant="outline"
              {...permittedState(deletePermission, { disabled: !settled || count === 0 })}
              onClick={() => page.send({ type: 'bulk.delete' })}
            >
              <LuTrash2 />
              Delete
            </Button>
          )}
          <Button size="xs" variant="outline" disabled={!settled || count === 0} onClick={() => page.send({ type: 'bulk.download' })}>
            <LuDownload />
            Download as zip
          </Button>
          <Button size="xs" variant="ghost" onClick={() => selection.send({ type: 'select.clear' })}>
            <LuX />
            Clear
          </Button>
        </HStack>
      )}
      {failed && (
        <ErrorAlert error={error} title="Could not list every object under the prefix" onRetry={() => selection.send({ type: 'select.retry' })} />
      )}
    </HStack>
  );
}
