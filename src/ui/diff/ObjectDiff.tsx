import { useEffect, useState } from 'react';
import { Box, chakra, Text, VisuallyHidden } from '@chakra-ui/react';
import type { Diff } from '../../api/types';
import { ErrorAlert } from '../components/ErrorAlert';
import { Loading } from '../components/Loading';
import { foldUnchanged, type DiffLine } from '../../lib/line-diff';
import { loadObjectDiff, type ObjectDiffSides } from './loadObjectDiff';

export interface ObjectDiffProps extends ObjectDiffSides {
  entry: Diff;
}

// The sign and the colour are for the eye; `spoken` is what assistive technology (and text queries) read instead.
const LINE_STYLE = {
  insert: { bg: 'green.subtle', sign: '+', spoken: 'added' },
  delete: { bg: 'red.subtle', sign: '-', spoken: 'removed' },
  equal: { bg: undefined, sign: ' ', spoken: undefined },
} as const;

/** The line-by-line changes of one text object, unchanged stretches folded. */
export function ObjectDiff({ entry, ...sides }: ObjectDiffProps) {
  const { repoId, leftRef, rightRef } = sides;
  const [state, setState] = useState<{ lines?: DiffLine[]; error?: unknown }>({});
  useEffect(() => {
    const controller = new AbortController();
    loadObjectDiff({ repoId, leftRef, rightRef }, entry, controller.signal).then(
      (lines) => setState({ lines }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error });
      },
    );
    return () => controller.abort();
  }, [repoId, leftRef, rightRef, entry]);

  if (state.error !== undefined) return <ErrorAlert error={state.error} />;
  if (!state.lines) return <Loading label="Loading object changes..." />;
  if (!state.lines.some((line) => line.op !== 'equal')) {
    return <Text color="fg.muted" fontSize="sm">The content is identical.</Text>;
  }
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="sm">
      <chakra.table aria-label={`Content changes of ${entry.path}`} width="full" fontFamily="mono" fontSize="xs">
        <tbody>
          {foldUnchanged(state.lines).map((item, index) =>
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
