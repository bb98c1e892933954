// The comparison of two versions on the History page, loaded when the user first compares: the line diff's view, and
// the row diff's behind it only for data files.
import { lazy, Suspense } from 'react';
import { Card, CloseButton, Heading, HStack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { shortCommitId } from '../../lib/format';
import { COMPARE_BOTH_DELETED, COMPARE_UNSUPPORTED, contentDiffOf, rowDiffOf, type PathHistoryActorRef } from '../../machines/path-history';
import { Loading } from '../components/Loading';
import { ObjectDiff } from '../diff/ObjectDiff';
import { versionName } from './versionName';

// DuckDB's row diff loads only when two data files are compared.
const RowDiff = lazy(() => import('../diff/RowDiff').then((module) => ({ default: module.RowDiff })));

/** The two versions compared, with the diff that suits the file. */
export function Comparison({ screen }: { screen: PathHistoryActorRef }) {
  const comparison = useSelector(screen, (s) => s.context.comparison);
  const state = useSelector(screen, (s) =>
    s.matches({ compare: 'content' })
      ? 'content'
      : s.matches({ compare: 'rows' })
        ? 'rows'
        : s.matches({ compare: 'nothingToCompare' })
          ? 'nothing'
          : s.matches({ compare: 'unsupported' })
            ? 'unsupported'
            : 'idle',
  );
  const content = useSelector(screen, contentDiffOf);
  const rows = useSelector(screen, rowDiffOf);
  if (state === 'idle' || !comparison) return null;
  const sideLabels = [versionName(comparison.older), versionName(comparison.newer)] as const;
  return (
    <Card.Root variant="outline" role="region" aria-label="Comparison of two versions">
      <Card.Header>
        <HStack>
          <Heading as="h3" size="sm">
            {shortCommitId(comparison.older.commit.id)} → {shortCommitId(comparison.newer.commit.id)}
          </Heading>
          <CloseButton size="sm" ms="auto" aria-label="Close the comparison" onClick={() => screen.send({ type: 'compare.close' })} />
        </HStack>
      </Card.Header>
      <Card.Body>
        {state === 'content' && content && <ObjectDiff diff={content} sideLabels={sideLabels} />}
        {state === 'rows' && rows && (
          <Suspense fallback={<Loading label="Loading the row diff..." />}>
            <RowDiff diff={rows} />
          </Suspense>
        )}
        {state === 'nothing' && <Text color="fg.muted">{COMPARE_BOTH_DELETED}</Text>}
        {state === 'unsupported' && <Text color="fg.muted">{COMPARE_UNSUPPORTED}</Text>}
      </Card.Body>
    </Card.Root>
  );
}
