import { Box, Button, Checkbox, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useScreen } from '../../../lib/use-screen';
import { useSelector } from '@xstate/react';
import { LuDownload, LuPlay, LuSquare } from 'react-icons/lu';
import type { ObjectStats } from '../../../api/types';
import { SQL_MAX_ROWS_SHOWN } from '../../../lib/constants';
import { formatLakefsAddress, type LakefsAddress } from '../../../lib/sql/lakefs-address';
import { firstRowIsHeader, liveSqlPreviewMachine, sniffedDataRow, type SqlPreviewActorRef, type SqlRun } from '../../../machines/sql-preview';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Loading } from '../../components/Loading';
import { basename } from '../../objects/paths';
import { countQuery, openingQuery, sourceQuery, type DataFormat } from '../../../lib/sql/data-format';
import { SqlEditor } from './SqlEditor';
import { SqlResultTable } from './SqlResultTable';
import { formatCount as count } from '../../../lib/format';

export interface SqlPreviewProps {
  repoId: string;
  refId: string;
  stats: ObjectStats;
  format: DataFormat;
  /** The query in the address (`sql`); absent: the opening query over the object. */
  sql: string | undefined;
  /** For a CSV or TSV object, the address's `header`: whether its first row holds the column names; absent: DuckDB decides. */
  header?: boolean | undefined;
}


/**
 * The SQL preview of a parquet, csv or tsv object (docs/behaviour.md, Object viewer). The query in the address runs as the preview
 * opens; Execute puts a new query in the address, so a link shares it, and the preview opens again on it.
 */
export function SqlPreview({ repoId, refId, stats, format, sql, header }: SqlPreviewProps) {
  const address = { repo: repoId, ref: refId, path: stats.path };
  const csv = format !== 'parquet';
  const headerRow = csv ? header : undefined;
  const opening = openingQuery(format, address, headerRow);
  const name = basename(stats.path);
  const preview = useScreen(liveSqlPreviewMachine, {
    sql: sql ?? opening,
    opening,
    columnsOf: sourceQuery(format, address, headerRow),
    countOf: countQuery(format, address, headerRow),
    header: csv ? (header ?? 'sniff') : undefined,
    exportName: `${name.replace(/\.[^.]*$/, '') || 'result'}-query`,
  });
  return <SqlWorkbench preview={preview} opening={opening} />;
}

/** The editor, its buttons and the outcome of a SQL preview's flow, over whatever its opening query reads (an object, a table). */
export function SqlWorkbench({ preview, opening }: { preview: SqlPreviewActorRef; opening: string }) {
  // The editor opens on the address's query: a new one (an Execute, a link, Back) gives it a fresh start.
  const addressSql = useSelector(preview, (s) => s.context.addressSql);
  const columns = useSelector(preview, (s) => s.context.columns);
  const busy = useSelector(preview, (s) => s.hasTag('busy'));
  const loadingEngine = useSelector(preview, (s) => s.matches({ query: 'loadingEngine' }));
  const execute = () => preview.send({ type: 'query.execute' });

  return (
    <Stack gap="3" data-renderer="data">
      <SqlEditor
        key={addressSql}
        initialSql={addressSql}
        columns={columns}
        onChange={(text) => preview.send({ type: 'query.edit', sql: text })}
        onExecute={() => !preview.getSnapshot().hasTag('busy') && execute()}
        autoFocus={addressSql !== opening}
      />
      <HStack gap="3" wrap="wrap">
        <Button size="sm" onClick={execute} disabled={busy || loadingEngine} loading={busy} loadingText="Executing...">
          <LuPlay />
          Execute
        </Button>
        {busy && (
          <Button size="sm" variant="outline" onClick={() => preview.send({ type: 'query.cancel' })}>
            <LuSquare />
            Cancel
          </Button>
        )}
        <HeaderRowChoice preview={preview} />
        <Text fontSize="xs" color="fg.muted">
          Ctrl+Enter runs the query. Read any object as {"'lakefs://repository/ref/path'"}; COPY ... TO{' '}
          {"'lakefs://repository/branch/path'"} writes one to a branch.
        </Text>
      </HStack>
      <SniffedDataRow preview={preview} />
      <QueryOutcome preview={preview} />
    </Stack>
  );
}

/** A CSV's "First row is header" choice: the address's, else what DuckDB decided (undecided until its columns are read). */
function HeaderRowChoice({ preview }: { preview: SqlPreviewActorRef }) {
  const csv = useSelector(preview, (s) => s.context.header !== undefined);
  const checked = useSelector(preview, (s) => firstRowIsHeader(s.context));
  if (!csv) return null;
  return (
    <Checkbox.Root
      size="sm"
      colorPalette="tarn"
      checked={checked ?? false}
      disabled={checked === undefined}
      onCheckedChange={(details) => preview.send({ type: 'header.choose', header: details.checked === true })}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>First row is header</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** DuckDB, left to decide, read a CSV's first row as data: the preview says so, beside the choice that changes it. */
function SniffedDataRow({ preview }: { preview: SqlPreviewActorRef }) {
  const sniffedData = useSelector(preview, (s) => sniffedDataRow(s.context));
  if (!sniffedData) return null;
  return (
    <Text fontSize="sm" color="fg.muted">
      The first row looks like data, not column names: DuckDB reads it as a row and numbers the columns. If it does hold
      the names, check “First row is header”.
    </Text>
  );
}

function QueryOutcome({ preview }: { preview: SqlPreviewActorRef }) {
  const state = useSelector(preview, (s) => s);
  const { run, error, summaries, exportError, writes, total } = state.context;
  if (state.matches({ query: 'loadingEngine' })) return <Loading label="Loading the SQL engine..." />;
  if (state.matches({ query: 'ready' })) {
    return (
      <Text color="fg.muted">
        This query writes {writes.map(formatLakefsAddress).join(', ')}: press Execute to run it.
      </Text>
    );
  }
  if (state.matches({ query: 'running' })) return <Loading label="Running the query..." />;
  if (state.matches({ query: 'failed' })) return <ErrorAlert error={error} title="The query failed" preformatted />;
  if (state.matches({ query: 'cancelled' })) return <Text color="fg.muted">The query was cancelled.</Text>;
  if (!state.matches({ query: 'done' }) || !run) return null;
  const exporting = state.hasTag('exporting');
  const { result } = run;
  return (
    <Stack gap="2">
      {run.written.length > 0 && <WrittenNotice written={run.written} />}
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" role="status">
          {rowsSummary(run, total)}
        </Text>
        {state.hasTag('counting') && (
          <Box as="span" role="status" aria-label="Counting the file's rows" display="inline-flex">
            <Spinner size="xs" color="fg.muted" />
          </Box>
        )}
        {state.matches({ query: { done: { summary: 'summarising' } } }) && (
          // A spinner is a plain span: the status role is what lets its name be read out.
          <Box as="span" role="status" aria-label="Charting the columns" display="inline-flex">
            <Spinner size="xs" color="fg.muted" />
          </Box>
        )}
        <HStack gap="2" ms="auto">
          {(['csv', 'parquet'] as const).map((format) => (
            <Button
              key={format}
              size="xs"
              variant="outline"
              disabled={exporting || result.columns.length === 0}
              onClick={() => preview.send({ type: 'result.export', format })}
            >
              <LuDownload />
              Export {format === 'csv' ? 'CSV' : 'Parquet'}
            </Button>
          ))}
        </HStack>
      </HStack>
      {exportError !== undefined && <ErrorAlert title="Export failed" error={exportError} />}
      {result.columns.length > 0 && <SqlResultTable columns={result.columns} rows={result.rows} summaries={summaries} />}
    </Stack>
  );
}

/**
 * "20 rows in 35 ms" when they are all there are; else how many of how many are shown: of the query's rows (at most
 * SQL_MAX_ROWS_SHOWN are kept), or of the file's, counted for the opening query.
 */
function rowsSummary({ result }: SqlRun, fileRows: number | undefined): string {
  const took = `${count(result.elapsedMs)} ms`;
  const shown = Math.min(result.rows.length, SQL_MAX_ROWS_SHOWN);
  const all = Math.max(result.rowCount, fileRows ?? 0);
  if (all <= shown) return `${count(all)} ${all === 1 ? 'row' : 'rows'} in ${took}`;
  return `Showing ${count(shown)} of ${count(all)} ${all === 1 ? 'row' : 'rows'} (the query took ${took})`;
}

function WrittenNotice({ written }: { written: LakefsAddress[] }) {
  return (
    <Box borderWidth="1px" borderRadius="md" px="3" py="2" bg="green.subtle" role="status">
      {written.map((address) => (
        <Text key={formatLakefsAddress(address)} fontSize="sm">
          Wrote {formatLakefsAddress(address)}: it is an uncommitted change on branch {address.ref} (
          <Link asChild colorPalette="tarn" variant="underline">
            <RouterLink to="/repositories/$repoId/changes" params={{ repoId: address.repo }} search={{ ref: address.ref }}>
              Uncommitted Changes
            </RouterLink>
          </Link>
          ).
        </Text>
      ))}
    </Box>
  );
}
