import { Alert, Box, Button, Field, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../theme/deferred/dialog';
import { NativeSelect } from '../theme/deferred/native-select';
import { RadioCard } from '../theme/deferred/radio-card';
import { useSelector } from '@xstate/react';
import { LuFileDiff } from 'react-icons/lu';
import type { ConflictSide, ConflictVersion, MergeConflictPath, MergeStrategy } from '../../api/types';
import { contentDiffOffered } from '../../lib/content-diff';
import { formatCount, formatCountOf, formatDate, formatSize } from '../../lib/format';
import { conflictEntry, unresolvedConflicts, type MergeActorRef, type MergeSnapshot } from '../../machines/merge/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { CommitFields } from '../components/CommitFields';
import { ObjectDiff } from '../diff/ObjectDiff';

const STRATEGIES: { value: MergeStrategy; label: string }[] = [
  { value: '', label: 'Default' },
  { value: 'source-wins', label: 'source-wins' },
  { value: 'dest-wins', label: 'dest-wins' },
];

const selectView = (state: MergeSnapshot) => state;

/**
 * The merge modal: message, metadata and strategy; after a conflicting attempt, the conflicting paths with both
 * sides and a choice per path. Everything it shows comes from the merge machine.
 */
export function MergeDialog({ merge }: { merge: MergeActorRef }) {
  const state = useSelector(merge, selectView);
  const { context } = state;
  const open = !state.matches('idle');
  const busy = state.hasTag('busy');
  const unresolved = unresolvedConflicts(context);
  const conflicted = context.conflicts.length > 0;

  return (
    <Dialog.Root
      open={open}
      size={conflicted ? 'xl' : 'md'}
      onOpenChange={(details) => {
        if (!details.open && !busy) merge.send({ type: 'merge.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                merge.send({ type: 'merge.submit' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>
                  Merge branch {context.source} into {context.dest}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <CommitFields
                    message={context.message}
                    metadata={context.metadata}
                    showMetadataErrors={context.showMetadataErrors}
                    placeholder="Commit Message (Optional)"
                    disabled={busy}
                    send={(event) => merge.send(event)}
                  />
                  <Field.Root>
                    <Field.Label>Strategy</Field.Label>
                    <NativeSelect.Root size="sm" disabled={busy}>
                      <NativeSelect.Field
                        value={context.strategy}
                        onChange={(e) => merge.send({ type: 'strategy.change', strategy: e.target.value as MergeStrategy })}
                      >
                        {STRATEGIES.map(({ value, label }) => (
                          <option key={label} value={value}>
                            {label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.HelperText>
                      When both branches changed the same path, dest-wins keeps the destination&apos;s version and
                      source-wins takes the source&apos;s. With Default (no strategy), any conflict makes the merge
                      fail.
                    </Field.HelperText>
                  </Field.Root>
                  {conflicted && (
                    <ConflictList merge={merge} conflicts={context.conflicts} unresolved={unresolved} busy={busy} />
                  )}
                  {!conflicted && context.error !== null && <ErrorAlert error={context.error} />}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                {conflicted && context.strategy === '' && (
                  <Text fontSize="sm" me="auto" role="status" aria-label="Conflict choices">
                    {choicesSummary(context.resolutions, context.source, context.dest) ?? 'No version chosen yet.'}
                    {unresolved.length > 0 && ` ${formatCount(unresolved.length)} left to choose.`}
                  </Text>
                )}
                <Button variant="outline" disabled={busy} onClick={() => merge.send({ type: 'merge.cancel' })}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="tarn" loading={busy} loadingText="Merging..." disabled={unresolved.length > 0}>
                  Merge
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface ConflictListProps {
  merge: MergeActorRef;
  conflicts: MergeConflictPath[];
  unresolved: string[];
  busy: boolean;
}

/** The paths both branches changed, each with its two versions and the user's choice between them. */
function ConflictList({ merge, conflicts, unresolved, busy }: ConflictListProps) {
  const { source, dest, strategy } = useSelector(merge, (s) => s.context);
  return (
    <Stack gap="3">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {conflicts.length === 1 ? '1 path conflicts' : `${conflicts.length} paths conflict`} between {source} and {dest}
          </Alert.Title>
          <Alert.Description>
            {strategy === ''
              ? unresolved.length > 0
                ? `Choose the version to keep for each path (${unresolved.length} left), then merge.`
                : 'Every path has a version chosen: Merge applies these choices.'
              : `The ${strategy} strategy decides every conflicting path.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Stack as="ul" role="list" aria-label="Conflicting paths" gap="2" listStyleType="none" m="0" p="0">
        {conflicts.map((conflict) => (
          <ConflictRow key={conflict.path} merge={merge} conflict={conflict} busy={busy || strategy !== ''} />
        ))}
      </Stack>
    </Stack>
  );
}

function versionText(version: ConflictVersion | null): string {
  return version === null ? 'Deleted there' : `${formatSize(version.size_bytes)}, modified ${formatDate(version.mtime)}`;
}

/** The choices made so far, repeated above the button: "Keeping main’s version of 2 paths and fix’s of 1." */
export function choicesSummary(resolutions: Record<string, ConflictSide>, source: string, dest: string): string | undefined {
  const sides = Object.values(resolutions);
  const ofDest = sides.filter((side) => side === 'dest').length;
  const ofSource = sides.length - ofDest;
  const part = (branch: string, n: number) => `${branch}’s version of ${formatCountOf(n, 'path', 'paths')}`;
  const parts = [ofDest > 0 ? part(dest, ofDest) : undefined, ofSource > 0 ? part(source, ofSource) : undefined].filter((p) => p !== undefined);
  return parts.length === 0 ? undefined : `Keeping ${parts.join(' and ')}.`;
}

function ConflictRow({ merge, conflict, busy }: { merge: MergeActorRef; conflict: MergeConflictPath; busy: boolean }) {
  const { source, dest } = useSelector(merge, (s) => s.context);
  const choice = useSelector(merge, (s) => s.context.resolutions[conflict.path]);
  const content = useSelector(merge, (s) => s.context.contents[conflict.path]);
  const offered = contentDiffOffered(conflictEntry(conflict));
  const sides: { side: ConflictSide; branch: string; version: ConflictVersion | null }[] = [
    { side: 'dest', branch: dest, version: conflict.dest },
    { side: 'source', branch: source, version: conflict.source },
  ];
  return (
    <Box as="li" aria-label={conflict.path} borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="2">
        <HStack gap="2" justify="space-between">
          <Text fontFamily="mono" fontSize="sm" fontWeight="semibold" truncate title={conflict.path}>
            {conflict.path}
          </Text>
          {offered && (
            <Button
              size="xs"
              variant={content ? 'subtle' : 'outline'}
              aria-expanded={content !== undefined}
              onClick={() => merge.send({ type: 'conflict.toggleContent', path: conflict.path })}
            >
              <LuFileDiff />
              Compare contents
            </Button>
          )}
        </HStack>
        <RadioCard.Root
          size="sm"
          variant="surface"
          colorPalette="tarn"
          value={choice ?? null}
          disabled={busy}
          aria-label={`Version of ${conflict.path} to keep`}
          onValueChange={(details) => {
            if (details.value === 'source' || details.value === 'dest') {
              merge.send({ type: 'conflict.choose', path: conflict.path, side: details.value });
            }
          }}
        >
          <HStack gap="2" align="stretch" wrap="wrap">
            {sides.map(({ side, branch, version }) => (
              <RadioCard.Item key={side} value={side} flex="1" minW="14rem">
                <RadioCard.ItemHiddenInput />
                <RadioCard.ItemControl>
                  <RadioCard.ItemContent>
                    <RadioCard.ItemText>Keep {branch}’s version</RadioCard.ItemText>
                    {/* The recipe fades the description, too faint on a chosen card: a muted colour reads on both. */}
                    <RadioCard.ItemDescription opacity="1" color="fg.muted">
                      {versionText(version)}
                    </RadioCard.ItemDescription>
                  </RadioCard.ItemContent>
                  <RadioCard.ItemIndicator />
                </RadioCard.ItemControl>
              </RadioCard.Item>
            ))}
          </HStack>
        </RadioCard.Root>
        {content && <ObjectDiff diff={content} layout="split" sideLabels={[`Destination (${dest})`, `Source (${source})`]} />}
      </Stack>
    </Box>
  );
}
