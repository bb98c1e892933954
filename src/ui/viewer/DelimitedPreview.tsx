import { useMemo } from 'react';
import { Box, Stack, Table, Text } from '@chakra-ui/react';
import type { ObjectStats } from '../../api/types';
import { DATA_PREVIEW_BYTES, SQL_MAX_ROWS_SHOWN } from '../../lib/constants';
import { formatSize } from '../../lib/format';
import { basename } from '../objects/paths';
import { delimiterFor, parseDelimited } from './delimited';

export interface DelimitedPreviewProps {
  stats: ObjectStats;
  /** The start of the file (all of it when not `partial`). */
  text: string;
  partial: boolean;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The first rows of a CSV or TSV file as a table, its first line as the header. Only the start of a large file is
 * read, so any size previews quickly.
 */
export function DelimitedPreview({ stats, text, partial }: DelimitedPreviewProps) {
  const parsed = useMemo(
    () => parseDelimited(text, { delimiter: delimiterFor(stats.path), maxRecords: SQL_MAX_ROWS_SHOWN + 1, complete: !partial }),
    [text, stats.path, partial],
  );

  const [header, ...rows] = parsed.records;
  if (!header) {
    return (
      <Text data-renderer="data" color="fg.muted">
        This file has no rows.
      </Text>
    );
  }
  const width = rows.reduce((widest, row) => Math.max(widest, row.length), header.length);
  const columns = Array.from({ length: width }, (_, index) => header[index] ?? '');

  return (
    <Stack gap="2" data-renderer="data">
      <Text fontSize="sm" color="fg.muted">
        {rowsSummary(rows.length, parsed.more)}
      </Text>
      <Box overflow="auto" maxH="70vh" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" stickyHeader showColumnBorder aria-label={`Rows of ${basename(stats.path)}`}>
          <Table.Header>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader textAlign="end" color="fg.muted" width="1%">
                #
              </Table.ColumnHeader>
              {columns.map((name, index) => (
                <Table.ColumnHeader key={index} whiteSpace="nowrap">
                  {name}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, rowIndex) => (
              <Table.Row key={rowIndex}>
                <Table.Cell textAlign="end" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {rowIndex + 1}
                </Table.Cell>
                {columns.map((_, index) => (
                  <Table.Cell key={index} maxW="sm" truncate title={row[index]}>
                    {row[index] ?? ''}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

function rowsSummary(shown: number, more: boolean): string {
  if (!more) return `Showing all ${count(shown)} ${shown === 1 ? 'row' : 'rows'}.`;
  if (shown === SQL_MAX_ROWS_SHOWN) return `Showing the first ${count(shown)} rows.`;
  // Fewer rows than the cap, yet more in the file: the rows are long and the part read ran out first.
  return `Showing the first ${count(shown)} rows, read from the first ${formatSize(DATA_PREVIEW_BYTES)} of the file.`;
}
