import { useMemo } from 'react';
import { Alert, Stack, Text } from '@chakra-ui/react';
import { SQL_MAX_ROWS_SHOWN } from '../../lib/constants';
import { basename } from '../objects/paths';
import { jsonlCell, parseJsonl, type JsonlPreview } from './jsonl';
import { RecordTable } from './RecordTable';

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
        <RecordTable
          label={`Records of ${basename(path)}`}
          numberHeader="Line"
          columns={columns}
          rows={records.map((record) => ({ number: record.line, cells: columns.map((column) => jsonlCell(record.value, column)) }))}
          maxH="70vh"
          monoValues
        />
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
