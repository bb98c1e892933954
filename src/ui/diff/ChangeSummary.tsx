import { Button, HStack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuCalculator } from 'react-icons/lu';
import { CHANGE_SUMMARY_LIMIT } from '../../machines/change-summary/count';
import { formatSize } from '../../lib/format';
import type { ChangeSummaryActorRef } from '../../machines/change-summary/machine';
import { ErrorAlert } from '../components/ErrorAlert';
import { DiffIcon } from './DiffIcon';

export interface ChangeSummaryProps {
  summary: ChangeSummaryActorRef;
  /** Names what is summarised, for the button's accessible name. */
  subject: string;
}

const SHOWN_TYPES = ['added', 'removed', 'changed', 'conflict'] as const;

/** Counts changes on request; past the cap it offers to count further instead of running on. */
export function ChangeSummary({ summary, subject }: ChangeSummaryProps) {
  const state = useSelector(summary, (s) => s);
  const busy = state.hasTag('busy');
  const counts = state.context.summary;

  if (state.matches('failed')) {
    return <ErrorAlert error={state.context.error} onRetry={() => summary.send({ type: 'summary.retry' })} />;
  }
  if (!counts) {
    return (
      <Button
        size="xs"
        variant="outline"
        loading={busy}
        onClick={() => summary.send({ type: 'summary.count' })}
        aria-label={`Calculate change summary of ${subject}`}
      >
        <LuCalculator />
        Calculate change summary
      </Button>
    );
  }
  return (
    <HStack gap="3" wrap="wrap" fontSize="sm" role="status" aria-label={`Change summary of ${subject}`}>
      {SHOWN_TYPES.filter((type) => counts.counts[type] > 0).map((type) => (
        <HStack key={type} gap="1" title={`${formatSize(counts.bytes[type])} ${type}`}>
          <DiffIcon type={type} folder={false} />
          <Text>
            {counts.counts[type].toLocaleString('en-US')} {type}
          </Text>
        </HStack>
      ))}
      {counts.total === 0 && <Text color="fg.muted">No changes</Text>}
      {counts.resumeAfter !== undefined && (
        <Button
          size="xs"
          variant="ghost"
          loading={busy}
          title={`Can't show summary for a change with more than ${CHANGE_SUMMARY_LIMIT} objects`}
          onClick={() => summary.send({ type: 'summary.more' })}
        >
          &gt;= {counts.total.toLocaleString('en-US')} results, load more?
        </Button>
      )}
    </HStack>
  );
}
