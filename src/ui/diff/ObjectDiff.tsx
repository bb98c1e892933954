import { Box, chakra, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { foldUnchanged, sideBySide, type DiffLine, type DiffHunkItem } from '../../lib/line-diff';
import type { ObjectDiffActorRef } from '../../machines/object-diff/machine';
import { ChoiceButtons } from '../components/ChoiceButtons';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { useDiffLayout, type DiffLayout } from './diffLayout';

// The sign and the colour are for the eye; `spoken` is what assistive technology (and text queries) read instead.
const LINE_STYLE = {
  insert: { bg: 'green.subtle', sign: '+', spoken: 'added' },
  delete: { bg: 'red.subtle', sign: '-', spoken: 'removed' },
  equal: { bg: undefined, sign: ' ', spoken: undefined },
} as const;

export interface ObjectDiffProps {
  diff: ObjectDiffActorRef;
  /**
   * 'split' shows the old and new contents side by side, under `sideLabels`; 'unified' one column. Without it the
   * user's choice applies, with a switch between the two.
   */
  layout?: DiffLayout;
  sideLabels?: readonly [string, string];
}

/** The line-by-line changes of one text object, unchanged stretches folded. */
export function ObjectDiff({ diff, layout, sideLabels = ['Old', 'New'] }: ObjectDiffProps) {
  const state = useSelector(diff, (s) => s);
  const [preferred, choose] = useDiffLayout();
  const { entry, lines, error } = state.context;

  if (state.matches('failed')) return <ErrorAlert error={error} onRetry={() => diff.send({ type: 'diff.retry' })} />;
  if (state.matches('loading')) return <Loading label="Loading object changes..." />;
  if (!lines.some((line) => line.op !== 'equal')) {
    return <Text color="fg.muted" fontSize="sm">The content is identical.</Text>;
  }
  const items = foldUnchanged(lines);
  const label = `Content changes of ${entry.path}`;
  const shown = layout ?? preferred;
  const table = shown === 'split' ? <SplitDiff label={label} items={items} sideLabels={sideLabels} /> : <UnifiedDiff label={label} items={items} />;
  if (layout !== undefined) return table;
  return (
    <Stack gap="1">
      <HStack justify="end">
        <ChoiceButtons size="2xs" label={`Layout of the changes of ${entry.path}`} choices={LAYOUT_CHOICES} value={shown} onSelect={choose} />
      </HStack>
      {table}
    </Stack>
  );
}

const LAYOUT_CHOICES: ReadonlyArray<[DiffLayout, string]> = [
  ['split', 'Side by side'],
  ['unified', 'Unified'],
];

function UnifiedDiff({ label, items }: { label: string; items: DiffHunkItem[] }) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="sm">
      <chakra.table aria-label={label} width="full" fontFamily="mono" fontSize="xs">
        <tbody>
          {items.map((item, index) =>
            item.kind === 'skip' ? (
              <tr key={`skip-${index}`}>
                <chakra.td colSpan={4} px="2" color="fg.muted" bg="bg.muted">
                  … {item.count} unchanged {item.count === 1 ? 'line' : 'lines'}
                </chakra.td>
              </tr>
            ) : (
              <chakra.tr key={index} bg={LINE_STYLE[item.line.op].bg} data-op={item.line.op}>
                <chakra.td px="2" color="fg.muted" textAlign="end" userSelect="none" width="1%">
                  {item.line.left}
                </chakra.td>
                <chakra.td px="2" color="fg.muted" textAlign="end" userSelect="none" width="1%">
                  {item.line.right}
                </chakra.td>
                <chakra.td px="1" userSelect="none" width="1%">
                  <span aria-hidden="true">{LINE_STYLE[item.line.op].sign}</span>
                  {LINE_STYLE[item.line.op].spoken && <VisuallyHidden>{LINE_STYLE[item.line.op].spoken}</VisuallyHidden>}
                </chakra.td>
                <chakra.td px="1" whiteSpace="pre">
                  {item.line.text}
                </chakra.td>
              </chakra.tr>
            ),
          )}
        </tbody>
      </chakra.table>
    </Box>
  );
}

/** One side's cell pair (line number, text); a side with no line in this row stays empty. */
function SideCells({ line, changedOp }: { line: DiffLine | undefined; changedOp: 'delete' | 'insert' }) {
  const changed = line?.op === changedOp;
  const style = LINE_STYLE[changedOp];
  return (
    <>
      <chakra.td px="2" color="fg.muted" textAlign="end" userSelect="none" width="1%" bg={changed ? style.bg : undefined}>
        {changedOp === 'delete' ? line?.left : line?.right}
      </chakra.td>
      <chakra.td px="1" whiteSpace="pre" width="49%" bg={changed ? style.bg : line ? undefined : 'bg.muted'} data-op={line?.op}>
        {changed && <VisuallyHidden>{style.spoken}</VisuallyHidden>}
        {line?.text}
      </chakra.td>
    </>
  );
}

function SplitDiff({ label, items, sideLabels }: { label: string; items: DiffHunkItem[]; sideLabels: readonly [string, string] }) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="sm">
      <chakra.table aria-label={label} width="full" fontFamily="mono" fontSize="xs">
        <thead>
          <tr>
            <chakra.th colSpan={2} px="2" py="1" textAlign="start" fontFamily="body" bg="bg.muted">
              {sideLabels[0]}
            </chakra.th>
            <chakra.th colSpan={2} px="2" py="1" textAlign="start" fontFamily="body" bg="bg.muted" borderStartWidth="1px">
              {sideLabels[1]}
            </chakra.th>
          </tr>
        </thead>
        <tbody>
          {sideBySide(items).map((row, index) =>
            row.kind === 'skip' ? (
              <tr key={`skip-${index}`}>
                <chakra.td colSpan={4} px="2" color="fg.muted" bg="bg.muted">
                  … {row.count} unchanged {row.count === 1 ? 'line' : 'lines'}
                </chakra.td>
              </tr>
            ) : (
              <tr key={index}>
                <SideCells line={row.left} changedOp="delete" />
                <SideCells line={row.right} changedOp="insert" />
              </tr>
            ),
          )}
        </tbody>
      </chakra.table>
    </Box>
  );
}
