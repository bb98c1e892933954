import { useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { LuCalculator } from 'react-icons/lu';
import type { Diff, Page } from '../../api/types';
import { CHANGE_SUMMARY_LIMIT } from '../../lib/constants';
import { formatSize } from '../../lib/format';
import { ErrorAlert } from '../components/ErrorAlert';
import { countChanges, type ChangeCounts } from './countChanges';
import { DiffIcon } from './DiffIcon';

export interface ChangeSummaryProps {
  /** Pages of every change under the prefix, without a delimiter. */
  fetchPage: (params: { after?: string; amount: number }) => Promise<Page<Diff>>;
  /** Names what is summarised, for the button's accessible name. */
  subject: string;
}

const SHOWN_TYPES = ['added', 'removed', 'changed', 'conflict'] as const;

/** Counts changes on request; past the cap it offers to count further instead of running on. */
export function ChangeSummary({ fetchPage, subject }: ChangeSummaryProps) {
  const [summary, setSummary] = useState<ChangeCounts>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  const count = async (from?: ChangeCounts) => {
    setBusy(true);
    setError(undefined);
    try {
      setSummary(await countChanges(fetchPage, from));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  if (error !== undefined) return <ErrorAlert error={error} onRetry={() => void count(summary)} />;
  if (!summary) {
    return (
      <Button size="xs" variant="outline" loading={busy} onClick={() => void count()} aria-label={`Calculate change summary of ${subject}`}>
        <LuCalculator />
        Calculate change summary
      </Button>
    );
  }
  return (
    <HStack gap="3" wrap="wrap" fontSize="sm" role="status" aria-label={`Change summary of ${subject}`}>
      {SHOWN_TYPES.filter((type) => summary.counts[type] > 0).map((type) => (
        <HStack key={type} gap="1" title={`${formatSize(summary.bytes[type])} ${type}`}>
          <DiffIcon type={type} folder={false} />
          <Text>
            {summary.counts[type].toLocaleString('en-US')} {type}
          </Text>
        </HStack>
      ))}
      {summary.total === 0 && <Text color="fg.muted">No changes</Text>}
      {summary.resumeAfter !== undefined && (
        <Button
          size="xs"
          variant="ghost"
          loading={busy}
          title={`Can't show summary for a change with more than ${CHANGE_SUMMARY_LIMIT} objects`}
          onClick={() => void count(summary)}
        >
          &gt;= {summary.total.toLocaleString('en-US')} results, load more?
        </Button>
      )}
    </HStack>
  );
}
