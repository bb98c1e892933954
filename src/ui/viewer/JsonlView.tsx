import { useMemo } from 'react';
import { Alert, Box, Stack, Table, Text } from '@chakra-ui/react';
import { SQL_MAX_ROWS_SHOWN } from '../../lib/constants';
import { basename } from '../objects/paths';
import { jsonlCell, parseJsonl, type JsonlPreview } from './jsonl';

export interface JsonlViewProps {
  path: string;
  /** The whole file (within the viewer's size cap). */
  text: string;
}

/** How many unreadable lines are named; the rest are counted. */
const BAD_LINES_NAMED = 10;

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** A JSON Lines file as a table of its first records (at most 1000, as for data previews). */
export function JsonlView({ path, text }: JsonlViewProps) {
  const preview = useMemo(() => parseJsonl(text, { maxRecords: SQL_MAX_ROWS_SHOWN, maxBadLines: BAD_LINES_NAMED }), [text]);
  const { columns, records } = preview;
  return (
    <Stack gap="2" data-renderer="jsonl">
      <Text fontSize="sm" color="fg.muted">
        {summary(preview)}
      </Text>
      {preview.badLineCount > 0 && <BadLines preview={preview} />}
      {records.length > 0 && (
        <Box overflow="auto" maxH="70vh" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" stickyHeader showColumnBorder aria-label={`Records of ${basename(path)}`}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader textAlign="end" color="fg.muted" width="1%" title="Line">
                  Line
                </Table.ColumnHeader>
                {columns.map((name) => (
                  <Table.ColumnHeader key={name} whiteSpace="nowrap">
                    {name}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {records.map((record) => (
                <Table.Row key={record.line}>
                  <Table.Cell textAlign="end" color="fg.muted" fontVariantNumeric="tabular-nums">
                    {record.line}
                  </Table.Cell>
                  {columns.map((column) => {
                    const cell = jsonlCell(record.value, column);
                    return (
                      <Table.Cell key={column} maxW="sm" truncate title={cell} fontFamily={cell === undefined ? undefined : 'mono'}>
                        {cell ?? ''}
                      </Table.Cell>
                    );
                  })}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

function summary({ lineCount, recordCount, records }: JsonlPreview): string {
  const total = `${plural(recordCount, 'record', 'records')} in ${plural(lineCount, 'line', 'lines')}.`;
  if (recordCount === 0) return total;
  return records.length < recordCount ? `${total} Showing the first ${count(records.length)}.` : `${total} Showing all of them.`;
}

function BadLines({ preview: { badLines, badLineCount } }: { preview: JsonlPreview }) {
  const unnamed = badLineCount - badLines.length;
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{plural(badLineCount, 'line is', 'lines are')} not JSON</Alert.Title>
        <Alert.Description>
          <Stack as="ul" gap="0" m="0" ps="4">
            {badLines.map((bad) => (
              <li key={bad.line}>
                Line {bad.line}: {bad.message}
              </li>
            ))}
            {unnamed > 0 && <li>and {plural(unnamed, 'more line', 'more lines')}</li>}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
