import { chakra } from '@chakra-ui/react';
import { formatDate, formatRelativeUnixTime } from '../../lib/format';

/**
 * A moment as a glance at a history wants it ("3 days ago"), the full date and time on hover and in the element's
 * machine-readable value, so neither the eye nor a screen reader loses the exact time.
 */
export function RelativeDate({ unixSeconds }: { unixSeconds: number }) {
  const full = formatDate(unixSeconds);
  return (
    <chakra.time dateTime={new Date(unixSeconds * 1000).toISOString()} title={full} fontSize="sm" color="fg.muted" flexShrink="0" whiteSpace="nowrap">
      {formatRelativeUnixTime(unixSeconds)}
    </chakra.time>
  );
}
