import { Box, chakra, Text, VisuallyHidden } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { foldUnchanged } from '../../lib/line-diff';
import type { ObjectDiffActorRef } from '../../machines/object-diff/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';

// The sign and the colour are for the eye; `spoken` is what assistive technology (and text queries) read instead.
const LINE_STYLE = {
  insert: { bg: 'green.subtle', sign: '+', spoken: 'added' },
  delete: { bg: 'red.subtle', sign: '-', spoken: 'removed' },
  equal: { bg: undefined, sign: ' ', spoken: undefined },
} as const;

/** The line-by-line changes of one text object, unchanged stretches folded. */
export function ObjectDiff({ diff }: { diff: ObjectDiffActorRef }) {
  const state = useSelector(diff, (s) => s);
  const { entry, lines, error } = state.context;

  if (state.matches('failed')) return <ErrorAlert error={error} onRetry={() => diff.send({ type: 'diff.retry' })} />;
  if (state.matches('loading')) return <Loading label="Loading object changes..." />;
  if (!lines.some((line) => line.op !== 'equal')) {
    return <Text color="fg.muted" fontSize="sm">The content is identical.</Text>;
  }
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="sm">
      <chakra.table aria-label={`Content changes of ${entry.path}`} width="full" fontFamily="mono" fontSize="xs">
        <tbody>
          {foldUnchanged(lines).map((item, index) =>
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
