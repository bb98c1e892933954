import { Alert, Badge, Box, Button, chakra, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { NativeSelect } from '../theme/deferred/native-select';
import { useSelector } from '@xstate/react';
import { LuSquare } from 'react-icons/lu';
import type { ColumnPlan, RowChange, RowDiffCell, RowDiffCounts, RowDiffRow, TableColumn } from '../../lib/sql/row-diff';
import type { RowDiffActorRef } from '../../machines/row-diff/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';

const CHANGE_PALETTE: Record<RowChange, string> = { added: 'green', removed: 'red', changed: 'orange' };
const ROW_BG: Record<RowChange, string | undefined> = { added: 'green.subtle', removed: 'red.subtle', changed: undefined };

const count = (n: number) => n.toLocaleString('en-US');

export interface RowDiffProps {
  diff: RowDiffActorRef;
}

/** The rows of a data object added, removed and changed between the diff's two versions, matched on a key column. */
export function RowDiff({ diff }: RowDiffProps) {
  const state = useSelector(diff, (s) => s);
  const { entry, plan, key, outcome, error } = state.context;
  const cancel = (
    <Button size="xs" variant="outline" onClick={() => diff.send({ type: 'rows.cancel' })}>
      <LuSquare />
      Cancel
    </Button>
  );

  return (
    <Stack gap="2" aria-label={`Row changes of ${entry.path}`} role="region">
      {state.matches('describing') && (
        <HStack justify="center" gap="3">
          <Loading label="Reading the columns of both versions..." />
          {cancel}
        </HStack>
      )}
      {plan && plan.common.length > 0 && (
        <KeyPicker plan={plan} value={key} path={entry.path} onPick={(picked) => diff.send({ type: 'key.pick', key: picked })} />
      )}
      {plan && <ColumnChanges plan={plan} />}
      {state.matches('comparing') && (
        <HStack justify="center" gap="3">
          <Loading label={`Comparing the rows on ${key ?? ''}...`} />
          {cancel}
        </HStack>
      )}
      {state.matches('failed') && <ErrorAlert error={error} onRetry={() => diff.send({ type: 'rows.retry' })} />}
      {state.matches('cancelled') && (
        <HStack gap="3">
          <Text color="fg.muted" fontSize="sm">
            The comparison was cancelled.
          </Text>
          <Button size="xs" variant="outline" onClick={() => diff.send({ type: 'rows.retry' })}>
            Compare again
          </Button>
        </HStack>
      )}
      {state.matches('duplicateKeys') && outcome?.kind === 'duplicateKeys' && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The key column {outcome.key} is not unique</Alert.Title>
            <Alert.Description>
              {duplicatesText(outcome.left, 'old')} and {duplicatesText(outcome.right, 'new')}, so rows cannot be matched
              one to one. Pick a key column whose values are unique in both versions.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {state.matches('shown') && outcome?.kind === 'compared' && plan && (
        <>
          <Text fontSize="sm" role="status">
            {countsText(outcome.counts, outcome.rows.length)}
          </Text>
          {outcome.rows.length > 0 && <RowTable path={entry.path} columns={plan.common.map((c) => c.name)} rows={outcome.rows} />}
        </>
      )}
    </Stack>
  );
}

function KeyPicker({ plan, value, path, onPick }: { plan: ColumnPlan; value: string | undefined; path: string; onPick: (key: string) => void }) {
  return (
    <Field.Root orientation="horizontal" gap="2" justifyContent="flex-start">
      <Field.Label fontSize="sm" flexShrink="0">
        Key column
      </Field.Label>
      <NativeSelect.Root size="xs" w="auto" minW="40">
        <NativeSelect.Field aria-label={`Key column of ${path}`} value={value ?? ''} onChange={(e) => onPick(e.target.value)}>
          {plan.common.map((column) => (
            <option key={column.name} value={column.name}>
              {column.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Columns of one version only: not compared, but said. */
function ColumnChanges({ plan }: { plan: ColumnPlan }) {
  const names = (columns: TableColumn[]) => columns.map((c) => c.name).join(', ');
  if (plan.added.length === 0 && plan.removed.length === 0) return null;
  return (
    <Stack gap="0" fontSize="sm">
      {plan.added.length > 0 && (
        <Text>
          {plan.added.length === 1 ? 'Column added' : 'Columns added'}: <chakra.span fontFamily="mono">{names(plan.added)}</chakra.span>
        </Text>
      )}
      {plan.removed.length > 0 && (
        <Text>
          {plan.removed.length === 1 ? 'Column removed' : 'Columns removed'}:{' '}
          <chakra.span fontFamily="mono">{names(plan.removed)}</chakra.span>
        </Text>
      )}
    </Stack>
  );
}

function duplicatesText(n: number, version: 'old' | 'new'): string {
  return `${count(n)} ${n === 1 ? 'value occurs' : 'values occur'} more than once in the ${version} version`;
}

/** "12 rows added, 3 removed, 40 changed", and which rows are shown when not all. */
function countsText({ added, removed, changed }: RowDiffCounts, shown: number): string {
  const total = added + removed + changed;
  if (total === 0) return 'No rows differ.';
  const counts = `${count(added)} ${added === 1 ? 'row' : 'rows'} added, ${count(removed)} removed, ${count(changed)} changed`;
  return shown < total ? `${counts}; showing the first ${count(shown)} in key order.` : `${counts}.`;
}

function RowTable({ path, columns, rows }: { path: string; columns: string[]; rows: RowDiffRow[] }) {
  return (
    <Box overflow="auto" maxH="60vh" borderWidth="1px" borderRadius="sm">
      <chakra.table aria-label={`Differing rows of ${path}`} fontSize="xs" fontFamily="mono" borderCollapse="collapse" minW="full">
        <chakra.thead position="sticky" top="0" bg="bg.muted" zIndex="1">
          <tr>
            <chakra.th px="2" py="1" textAlign="start" fontFamily="body" width="1%">
              Change
            </chakra.th>
            {columns.map((name) => (
              <chakra.th key={name} px="2" py="1" textAlign="start" whiteSpace="nowrap">
                {name}
              </chakra.th>
            ))}
          </tr>
        </chakra.thead>
        <tbody>
          {rows.map((row, index) => (
            <chakra.tr key={index} bg={ROW_BG[row.change]} data-change={row.change} borderTopWidth="1px">
              <chakra.td px="2" py="1">
                <Badge size="sm" variant="subtle" colorPalette={CHANGE_PALETTE[row.change]}>
                  {row.change}
                </Badge>
              </chakra.td>
              {row.cells.map((cell, i) => (
                <ValueCell key={i} column={columns[i] ?? ''} change={row.change} cell={cell} />
              ))}
            </chakra.tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}

const shown = (value: string | null) => value ?? 'NULL';

/** A cell: the value of its version, or for a changed value the old one struck through and the new one highlighted. */
function ValueCell({ column, change, cell }: { column: string; change: RowChange; cell: RowDiffCell }) {
  if (!cell.changed) {
    const value = change === 'removed' ? cell.old : cell.new;
    return (
      <chakra.td px="2" py="1" whiteSpace="nowrap" maxW="20rem" truncate title={shown(value)} color={value === null ? 'fg.subtle' : undefined}>
        {shown(value)}
      </chakra.td>
    );
  }
  return (
    <chakra.td px="2" py="1" whiteSpace="nowrap" aria-label={`${column}: ${shown(cell.old)} → ${shown(cell.new)}`} data-changed="">
      <chakra.del color="fg.muted" me="1.5">
        {shown(cell.old)}
      </chakra.del>
      <chakra.ins textDecoration="none" bg="orange.subtle" color="orange.fg" fontWeight="semibold" px="1" borderRadius="xs">
        {shown(cell.new)}
      </chakra.ins>
    </chakra.td>
  );
}
