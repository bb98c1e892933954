import { useId } from 'react';
import { Alert, Button, Checkbox, Input, InputGroup, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { useSelector } from '@xstate/react';
import { LuSearch } from 'react-icons/lu';
import { errorMessage } from '../../lib/error-message';
import type { DebouncedFilterActorRef } from '../../machines/debounced-filter';
import { pickerFilter, type RelationActorRef, type RelationSnapshot } from '../../machines/relation/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { Receipt } from '../components/Receipt';
import { candidatesHint, countOf, type Noun } from './pickerWords';

export interface RelationPickerProps {
  relation: RelationActorRef;
  /** The dialog's title: 'Attach Policy', 'Add Members'. */
  title: string;
  /** What the picker links. */
  noun: Noun;
}

const selectPicker = (s: RelationSnapshot) => ({
  open: s.matches('picking') || s.matches('adding'),
  searching: s.hasTag('searching'),
  adding: s.matches('adding'),
  candidates: s.context.candidates,
  selected: s.context.selected,
  queued: s.context.queue.length,
  added: s.context.added,
  failed: s.context.failed,
  error: s.context.error,
});

/** The picker's search box; while the ticked ones are being linked it shows the search that found them, read-only. */
function PickerSearch({ filter, relation, what }: { filter: DebouncedFilterActorRef | undefined; relation: RelationActorRef; what: string }) {
  const text = useSelector(filter, (s) => s?.context.text);
  const prefix = useSelector(relation, (s) => s.context.prefix);
  return (
    <InputGroup startElement={<LuSearch />}>
      <Input
        autoFocus
        type="search"
        aria-label={`Search ${what}`}
        placeholder={`Search ${what}...`}
        value={text ?? prefix}
        readOnly={filter === undefined}
        onChange={(e) => filter?.send({ type: 'filter.input', text: e.target.value })}
      />
    </InputGroup>
  );
}

/**
 * Add or attach several at once (docs/behaviour.md, Access control): the search offers 5, the user ticks any of
 * them, searches again and ticks more, then adds them all with one button. Those that failed stay ticked, each with
 * its error, under what was added.
 */
export function RelationPicker({ relation, title, noun }: RelationPickerProps) {
  const state = useSelector(relation, selectPicker);
  const filter = useSelector(relation, pickerFilter);
  const errorIds = useId();
  const { ids } = state.candidates;
  // Ticked in an earlier search: still listed, so they can be seen and unticked.
  const rows = [...state.selected.filter((id) => !ids.includes(id)), ...ids];
  const hint = candidatesHint(state.candidates);
  const done = state.added.length + state.failed.length;
  const close = () => relation.send({ type: 'picker.close' });
  return (
    <Dialog.Root open={state.open} onOpenChange={(d) => !d.open && !state.adding && close()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <PickerSearch filter={filter} relation={relation} what={noun.other} />
                {state.searching ? (
                  <Spinner size="sm" />
                ) : (
                  <Stack gap="2" role="group" aria-label={`Choose ${noun.other}`}>
                    {rows.length === 0 && <Text color="fg.muted">{`No ${noun.other} match.`}</Text>}
                    {rows.map((id, index) => {
                      const failure = state.failed.find((failed) => failed.id === id);
                      const errorId = `${errorIds}-${index}`;
                      return (
                        <Stack key={id} gap="0.5">
                          <Checkbox.Root
                            size="sm"
                            checked={state.selected.includes(id)}
                            disabled={state.adding}
                            onCheckedChange={() => relation.send({ type: 'picker.toggle', id })}
                          >
                            <Checkbox.HiddenInput aria-describedby={failure ? errorId : undefined} />
                            <Checkbox.Control />
                            <Checkbox.Label wordBreak="break-all">{id}</Checkbox.Label>
                          </Checkbox.Root>
                          {failure && (
                            <Text id={errorId} ps="6" fontSize="sm" color="fg.error">
                              {errorMessage(failure.error)}
                            </Text>
                          )}
                        </Stack>
                      );
                    })}
                  </Stack>
                )}
                {hint && !state.searching && (
                  <Text fontSize="sm" color="fg.muted">
                    {hint}
                  </Text>
                )}
                {!state.adding && state.added.length > 0 && (
                  <Receipt label="Added" title={`Added ${countOf(state.added.length, noun)}: ${state.added.join(', ')}`} />
                )}
                {!state.adding && state.failed.length > 0 && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{`Could not add ${countOf(state.failed.length, noun)}`}</Alert.Title>
                      <Alert.Description>Each stays ticked with its error: add it again, or untick it.</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                {state.error !== undefined && <ErrorAlert error={state.error} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" disabled={state.adding} onClick={close}>
                Cancel
              </Button>
              <Button
                colorPalette="tarn"
                disabled={state.selected.length === 0}
                loading={state.adding}
                loadingText={`Adding ${done + 1} of ${done + state.queued}…`}
                onClick={() => relation.send({ type: 'picker.add' })}
              >
                {state.selected.length === 0 ? `Add ${noun.other}` : `Add ${countOf(state.selected.length, noun)}`}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
