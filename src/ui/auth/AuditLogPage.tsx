import { useMemo, type FormEvent } from 'react';
import { Alert, Badge, Button, Field, Flex, Grid, Heading, HStack, IconButton, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LuDownload, LuRefreshCw } from 'react-icons/lu';
import type { AuditFilters } from '../../api/audit';
import type { AuditRecord } from '../../api/types';
import { formatDate } from '../../lib/format';
import { isFiltered, localMinuteOf, type AuditFilterForm, type AuditLogActorRef, type AuditLogSnapshot } from '../../machines/audit-log';
import type { PagedListActorRef } from '../../machines/paged-list';
import { DataTable } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { ErrorAlert } from '../components/ErrorAlert';
import { listColumnHelper, type ListColumn } from '../components/listTable';
import { Loading } from '../components/Loading';
import { usePagedList } from '../components/usePagedList';

export interface AuditLogPageProps {
  screen: AuditLogActorRef;
  /** The records the URL's filters match, newest first. */
  list: PagedListActorRef<AuditRecord>;
  filters: AuditFilters;
}

const column = listColumnHelper<AuditRecord>();

const records = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'record' : 'records'}`;

const statusPalette = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green');

const columns: ListColumn<AuditRecord>[] = [
  column.accessor('time', {
    header: 'Time',
    // A full date and time to the second fits without an ellipsis.
    meta: { width: '17%' },
    cell: (info) => <span title={info.getValue()}>{formatDate(info.getValue())}</span>,
  }),
  column.display({
    id: 'who',
    header: 'User',
    meta: { width: '12%' },
    cell: ({ row }) =>
      row.original.user ??
      (row.original.access_key_id !== undefined ? (
        <Text as="span" color="fg.muted" title="The access key id tried">{`key ${row.original.access_key_id}`}</Text>
      ) : (
        '—'
      )),
  }),
  column.display({
    id: 'what',
    header: 'Action',
    meta: { width: '15%' },
    cell: ({ row }) => <span title={`operation ${row.original.operation}`}>{row.original.action ?? row.original.operation}</span>,
  }),
  column.accessor('resource', {
    header: 'Resource',
    meta: { width: '18%' },
    cell: (info) => <span title={info.getValue()}>{info.getValue() ?? ''}</span>,
  }),
  column.display({
    id: 'request',
    header: 'Request',
    meta: { width: '22%' },
    cell: ({ row }) => <span title={row.original.path}>{`${row.original.method} ${row.original.path}`}</span>,
  }),
  column.accessor('status', {
    header: 'Status',
    meta: { width: '7%' },
    cell: (info) => <Badge colorPalette={statusPalette(info.getValue())}>{info.getValue()}</Badge>,
  }),
  column.accessor('client', {
    header: 'Client',
    meta: { width: '9%' },
    cell: (info) => info.getValue() ?? '',
  }),
];

const rowId = (record: AuditRecord) => `${record.time}|${record.request_id ?? ''}|${record.method}|${record.path}|${record.status}`;

function formOf(data: FormData): AuditFilterForm {
  const field = (name: keyof AuditFilterForm) => String(data.get(name) ?? '');
  return {
    user: field('user'),
    action: field('action'),
    repository: field('repository'),
    from: field('from'),
    to: field('to'),
  };
}

function FilterForm({ screen, filters }: Pick<AuditLogPageProps, 'screen' | 'filters'>) {
  const formError = useSelector(screen, (s) => s.context.formError);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    screen.send({
      type: 'filters.apply',
      form: formOf(new FormData(event.currentTarget)),
    });
  };
  // Keyed by the URL's filters: a Back or a shared address shows its own values in the fields.
  return (
    <form role="search" aria-label="Filter the audit log" onSubmit={onSubmit} key={JSON.stringify(filters)}>
      <Stack gap="3">
        <Grid
          templateColumns={{
            base: '1fr',
            md: 'repeat(3, 1fr)',
            xl: 'repeat(5, 1fr)',
          }}
          gap="3"
        >
          <Field.Root>
            <Field.Label>User or access key</Field.Label>
            <Input name="user" size="sm" defaultValue={filters.user ?? ''} placeholder="any" autoComplete="off" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Action</Field.Label>
            <Input name="action" size="sm" defaultValue={filters.action ?? ''} placeholder="fs:WriteObject or login" autoComplete="off" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Repository</Field.Label>
            <Input name="repository" size="sm" defaultValue={filters.repository ?? ''} placeholder="any" autoComplete="off" />
          </Field.Root>
          <Field.Root>
            <Field.Label>From</Field.Label>
            <Input name="from" type="datetime-local" size="sm" defaultValue={localMinuteOf(filters.from)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>To</Field.Label>
            <Input name="to" type="datetime-local" size="sm" defaultValue={localMinuteOf(filters.to)} />
          </Field.Root>
        </Grid>
        {formError !== undefined && (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Description>{formError}</Alert.Description>
          </Alert.Root>
        )}
        <HStack gap="2">
          <Button type="submit" size="sm" colorPalette="tarn">
            Apply filters
          </Button>
          <Button size="sm" variant="ghost" disabled={!isFiltered(filters)} onClick={() => screen.send({ type: 'filters.clear' })}>
            Clear filters
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

const selectExport = (s: AuditLogSnapshot) => ({
  state: s.matches('exporting')
    ? 'exporting'
    : s.matches('exported')
      ? 'exported'
      : s.matches('exportFailed')
        ? 'failed'
        : s.matches('cancelled')
          ? 'cancelled'
          : 'idle',
  rows: s.context.exportedRows,
  fileName: s.context.fileName,
  error: s.context.exportError,
});

function ExportStatus({ screen }: { screen: AuditLogActorRef }) {
  const exp = useSelector(
    screen,
    selectExport,
    (a, b) => a.state === b.state && a.rows === b.rows && a.fileName === b.fileName && a.error === b.error,
  );
  const dismiss = () => screen.send({ type: 'export.dismiss' });
  if (exp.state === 'exporting') {
    return (
      <Stack gap="2" role="status" aria-live="polite">
        <HStack gap="3">
          <Text fontSize="sm">{`Exporting: ${records(exp.rows)} read...`}</Text>
          <Button size="xs" variant="outline" onClick={() => screen.send({ type: 'export.cancel' })}>
            Cancel export
          </Button>
        </HStack>
        <Progress.Root value={null} size="xs" maxW="md" aria-label="Export progress">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Stack>
    );
  }
  if (exp.state === 'exported') {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Description>{`Exported ${records(exp.rows)} to ${exp.fileName ?? 'a CSV file'}.`}</Alert.Description>
        <Button size="xs" variant="ghost" onClick={dismiss}>
          Dismiss
        </Button>
      </Alert.Root>
    );
  }
  if (exp.state === 'failed') {
    return (
      <ErrorAlert error={exp.error} title="The export stopped" onRetry={() => screen.send({ type: 'export.start' })}>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          Dismiss
        </Button>
      </ErrorAlert>
    );
  }
  if (exp.state === 'cancelled') {
    return (
      <Alert.Root status="info" role="status">
        <Alert.Indicator />
        <Alert.Description>{`Export cancelled after ${records(exp.rows)}; no file was saved.`}</Alert.Description>
        <Button size="xs" variant="ghost" onClick={dismiss}>
          Dismiss
        </Button>
      </Alert.Root>
    );
  }
  return null;
}

function NoRecords({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return filtered ? (
    <EmptyState
      title="No records match these filters"
      description="Widen the time range, check the spelling of the user, action or repository, or clear the filters."
    >
      <Button size="sm" variant="outline" onClick={onClear}>
        Clear filters
      </Button>
    </EmptyState>
  ) : (
    <EmptyState
      title="Nothing recorded yet"
      description="Changes, logins and refused calls appear here as they happen. Records older than the retention period (--audit-retention, 90 days unless set) are removed."
    />
  );
}

/** Administration → Audit log: who changed what, who signed in, and who was refused, newest first. */
export function AuditLogPage({ screen, list, filters }: AuditLogPageProps) {
  const { view, table, retry, reload } = usePagedList(list);
  const exporting = useSelector(screen, (s) => s.hasTag('busy'));
  const filtered = useMemo(() => isFiltered(filters), [filters]);
  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg">
          Audit log
        </Heading>
        <HStack gap="2" ms="auto">
          <Button size="sm" variant="outline" disabled={exporting || view.rows.length === 0} onClick={() => screen.send({ type: 'export.start' })}>
            <LuDownload />
            Export CSV
          </Button>
          <IconButton size="sm" variant="ghost" aria-label="Refresh" onClick={reload}>
            <LuRefreshCw />
          </IconButton>
        </HStack>
      </Flex>
      <FilterForm screen={screen} filters={filters} />
      <ExportStatus screen={screen} />
      {view.failed ? (
        <ErrorAlert error={view.error} onRetry={retry} />
      ) : view.loading ? (
        <Loading label="Loading the audit log..." />
      ) : (
        <DataTable
          label="Audit log"
          columns={columns}
          {...table}
          getRowId={rowId}
          rowHeight={36}
          empty={<NoRecords filtered={filtered} onClear={() => screen.send({ type: 'filters.clear' })} />}
        />
      )}
      {view.moreFailed && <ErrorAlert error={view.error} onRetry={retry} />}
    </Stack>
  );
}
