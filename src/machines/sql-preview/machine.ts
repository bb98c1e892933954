// The SQL preview of a data file (docs/behaviour.md, Object viewer): the engine loads (DuckDB-WASM in a
// worker), the query runs (at once when the preview opens), and its result is shown with a chart over each column;
// a running query can be cancelled, and a result exported. The engine is reached only through the injected actors,
// so the flow runs headless in tests.
//
// The opening query reads the file's first rows; while they show, the file's rows are counted (as the opening query
// reads them), so the result says how many there are. For a CSV or TSV file the address also owns whether its first
// row is read as column names (`header`): unset, DuckDB's sniffer decides, and its verdict is read from the names it
// gave the columns; choosing opens the opening query for that choice.
//
// The address owns the query (`sql`), so a link shares it. Execute on an edited query runs it and puts it in the
// address; a query the address brings otherwise (a link, a reload, Back) runs at once only if it writes nothing:
// one that writes to a branch (COPY ... TO) waits for Execute, so that opening an address never writes.
import { and, assign, enqueueActions, not, raise, setup, stateIn, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { screenActions, type Navigation, type RouteChanged } from '../../lib/screen';
import { SQL_PREVIEW_LIMIT, sniffedHeaderRow } from '../../lib/sql/data-format';
import type { LakefsAddress } from '../../lib/sql/lakefs-address';
import { copyTargets } from '../../lib/sql/object-files';
import type { ColumnSummary, ExportFormat, SqlResult } from '../../lib/sql/sql-engine';

export interface SqlPreviewInput {
  /** The query in the address, or the opening query when it has none. */
  sql: string;
  /** The query over the file the preview opens with (the address leaves it out). */
  opening: string;
  /** A query over the previewed file, whose columns the editor completes; none: no completion. */
  columnsOf?: string;
  /** The query that counts the rows the opening query reads from (one row, one number); none: not counted. */
  countOf?: string;
  /**
   * A CSV or TSV file's first row: column names (true), data (false), or 'sniff' for DuckDB to decide. Absent for
   * other files.
   */
  header?: HeaderChoice;
  /** The base name of exported files. */
  exportName: string;
}

export type HeaderChoice = boolean | 'sniff';

export interface SqlRun {
  result: SqlResult;
  /** Objects the query wrote with COPY ... TO and that were uploaded, uncommitted, to their branches. */
  written: LakefsAddress[];
}

export interface SqlPreviewContext {
  /** The editor's text. */
  sql: string;
  /** The query in the address. */
  addressSql: string;
  opening: string;
  /** What the address's query writes with COPY ... TO. */
  writes: LakefsAddress[];
  columnsOf: string | undefined;
  countOf: string | undefined;
  header: HeaderChoice | undefined;
  /** Whether DuckDB took the first row for column names, once the columns were read while it decided. */
  sniffedHeader: boolean | undefined;
  exportName: string;
  /** Column names of the previewed file, for completion. */
  columns: string[];
  /** The query of the result or error shown. */
  ran: string | undefined;
  run: SqlRun | undefined;
  /** One per result column (undefined: no chart), once DuckDB has computed them. */
  summaries: Array<ColumnSummary | undefined> | undefined;
  /** The rows the opening query reads from, once counted. */
  total: number | undefined;
  error: unknown;
  exportError: unknown;
}

export type SqlPreviewEvent =
  | { type: 'query.edit'; sql: string }
  | { type: 'query.execute' }
  | { type: 'query.cancel' }
  | { type: 'result.export'; format: ExportFormat }
  /** The user says whether a CSV's first row holds the column names. */
  | { type: 'header.choose'; header: boolean }
  /** Internal: the query region has come to rest (a result, an error, a cancel, or ready to run). */
  | { type: 'query.settled' }
  | RouteChanged<SqlPreviewInput>;

/** The objects a query writes; none when it cannot be read (running it says why). */
export function writtenObjects(sql: string): LakefsAddress[] {
  try {
    return copyTargets(sql);
  } catch {
    return [];
  }
}

/** The address with `sql` as its query (none for the opening query). */
const sqlAt = (sql: string, opening: string): Navigation => ({
  to: '.',
  search: (prev) => ({ ...prev, sql: sql === opening ? undefined : sql }),
});

/** The address for a header choice: the opening query that reads the file so (docs/behaviour.md, Object viewer). */
const headerAt = (header: boolean): Navigation => ({
  to: '.',
  search: (prev) => ({ ...prev, header, sql: undefined }),
});

/** What the route tells of the file: these follow the address whether or not its query moved. */
const fileContext = (input: SqlPreviewInput) => ({
  opening: input.opening,
  columnsOf: input.columnsOf,
  countOf: input.countOf,
  header: input.header,
});

const addressContext = (input: SqlPreviewInput) => ({
  ...fileContext(input),
  sql: input.sql,
  addressSql: input.sql,
  writes: writtenObjects(input.sql),
});

/**
 * Whether a CSV's first row is read as column names: the address's choice, else DuckDB's verdict (undefined until
 * the columns are read, and for other files).
 */
export function firstRowIsHeader({ header, sniffedHeader }: Pick<SqlPreviewContext, 'header' | 'sniffedHeader'>): boolean | undefined {
  return header === 'sniff' ? sniffedHeader : header;
}

/** DuckDB, left to decide, read a CSV's first row as data: the preview says so. */
export function sniffedDataRow({ header, sniffedHeader }: Pick<SqlPreviewContext, 'header' | 'sniffedHeader'>): boolean {
  return header === 'sniff' && sniffedHeader === false;
}

export interface ExportInput {
  result: SqlResult;
  format: ExportFormat;
  fileName: string;
}

export const sqlPreviewMachine = setup({
  types: {
    input: {} as SqlPreviewInput,
    context: {} as SqlPreviewContext,
    events: {} as SqlPreviewEvent,
  },
  actors: {
    startEngine: promisePlaceholder<void, void>('startEngine'),
    describeColumns: promisePlaceholder<string[], { query: string }>('describeColumns'),
    runQuery: promisePlaceholder<SqlRun, { sql: string }>('runQuery'),
    summarise: promisePlaceholder<Array<ColumnSummary | undefined>, { result: SqlResult }>('summarise'),
    countRows: promisePlaceholder<number, { query: string }>('countRows'),
    exportResult: promisePlaceholder<void, ExportInput>('exportResult'),
  },
  actions: {
    ...screenActions,
    setError: assign((_, error: unknown) => ({ error })),
    /** Execute on an edited query: the address takes it, so a link shares what ran. */
    putInAddress: enqueueActions(({ context, enqueue }) => {
      if (context.sql === context.addressSql) return;
      enqueue.assign({ addressSql: context.sql, writes: writtenObjects(context.sql) });
      enqueue({ type: 'navigate', params: sqlAt(context.sql, context.opening) });
    }),
    settled: raise({ type: 'query.settled' }),
    chooseHeader: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'header.choose') enqueue({ type: 'navigate', params: headerAt(event.header) });
    }),
  },
  guards: {
    /** docs/behaviour.md, Object viewer: a query the address brings runs at once only if it writes nothing. */
    runsOnOpen: ({ context }) => context.writes.length === 0,
    /** The address moved to another query than the one shown (not the echo of an Execute here). */
    otherQuery: ({ context, event }) => event.type === 'route.changed' && event.input.sql !== context.addressSql,
    describable: ({ context }) => context.columnsOf !== undefined,
    csv: ({ context }) => context.header !== undefined,
    /**
     * The opening query ran and filled its limit, so the file may have more rows: they are counted. Fewer rows than
     * the limit are all there are.
     */
    countable: ({ context }) =>
      context.countOf !== undefined && context.ran === context.opening && (context.run?.result.rowCount ?? 0) >= SQL_PREVIEW_LIMIT,
  },
}).createMachine({
  id: 'sqlPreview',
  context: ({ input }) => ({
    ...addressContext(input),
    sniffedHeader: undefined,
    exportName: input.exportName,
    columns: [],
    ran: undefined,
    run: undefined,
    summaries: undefined,
    total: undefined,
    error: undefined,
    exportError: undefined,
  }),
  type: 'parallel',
  on: {
    'query.edit': { actions: assign({ sql: ({ event }) => event.sql }) },
    'header.choose': { guard: 'csv', actions: 'chooseHeader' },
    'route.changed': [
      // A link, Back, or a header choice: the preview opens again on the address's query, as if loaded.
      {
        guard: 'otherQuery',
        target: '.query.loadingEngine',
        reenter: true,
        actions: assign(({ event }) => ({
          ...addressContext(event.input),
          ran: undefined,
          run: undefined,
          summaries: undefined,
          total: undefined,
          error: undefined,
        })),
      },
      // The same query (the echo of an Execute): what the route tells of the file still holds.
      { actions: assign(({ event }) => fileContext(event.input)) },
    ],
  },
  states: {
    // The file's columns, for completion: read once the first query has come to rest, so that it does not wait
    // behind them. A failure only means no completion (the query shows the reason).
    completion: {
      initial: 'waiting',
      states: {
        waiting: {
          on: { 'query.settled': [{ guard: 'describable', target: 'describing' }, { target: 'done' }] },
        },
        describing: {
          invoke: {
            src: 'describeColumns',
            input: ({ context }) => ({ query: context.columnsOf ?? '' }),
            onDone: {
              target: 'done',
              // Under DuckDB's decision, the names it gave the columns say what it decided.
              actions: assign(({ context, event }) => ({
                columns: event.output,
                sniffedHeader: context.header === 'sniff' ? sniffedHeaderRow(event.output) : context.sniffedHeader,
              })),
            },
            onError: 'done',
          },
        },
        done: {},
      },
    },
    query: {
      initial: 'loadingEngine',
      states: {
        loadingEngine: {
          invoke: {
            src: 'startEngine',
            onDone: [{ guard: 'runsOnOpen', target: 'running' }, { target: 'ready' }],
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
          },
        },
        ready: {
          entry: 'settled',
          on: { 'query.execute': 'running' },
        },
        running: {
          tags: ['busy'],
          entry: ['putInAddress', assign({ ran: ({ context }) => context.sql, total: undefined, error: undefined, exportError: undefined })],
          invoke: {
            src: 'runQuery',
            input: ({ context }) => ({ sql: context.sql }),
            onDone: { target: 'done', actions: assign({ run: ({ event }) => event.output, summaries: undefined }) },
            onError: {
              target: 'failed',
              actions: { type: 'setError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
          },
          on: { 'query.cancel': 'cancelled' },
        },
        done: {
          type: 'parallel',
          entry: 'settled',
          on: { 'query.execute': 'running' },
          states: {
            summary: {
              initial: 'summarising',
              states: {
                summarising: {
                  invoke: {
                    src: 'summarise',
                    input: ({ context }) => ({ result: (context.run as SqlRun).result }),
                    onDone: { target: 'summarised', actions: assign({ summaries: ({ event }) => event.output }) },
                    // Charts are extra: without them the result still stands.
                    onError: 'summarised',
                  },
                },
                summarised: {},
              },
            },
            total: {
              initial: 'waiting',
              states: {
                // Counting may read the whole file (a CSV holds no count): it waits for the charts and the file's
                // columns, which read little.
                waiting: {
                  always: [
                    { guard: not('countable'), target: 'none' },
                    {
                      guard: and([stateIn({ query: { done: { summary: 'summarised' } } }), stateIn({ completion: 'done' })]),
                      target: 'counting',
                    },
                  ],
                },
                counting: {
                  tags: ['counting'],
                  invoke: {
                    src: 'countRows',
                    input: ({ context }) => ({ query: context.countOf ?? '' }),
                    onDone: { target: 'counted', actions: assign({ total: ({ event }) => event.output }) },
                    // The count is extra: without it the result says what it holds.
                    onError: 'none',
                  },
                },
                counted: {},
                none: {},
              },
            },
            export: {
              initial: 'idle',
              states: {
                idle: {
                  on: { 'result.export': 'exporting' },
                },
                exporting: {
                  tags: ['exporting'],
                  entry: assign({ exportError: undefined }),
                  invoke: {
                    src: 'exportResult',
                    input: ({ context, event }) => ({
                      result: (context.run as SqlRun).result,
                      format: event.type === 'result.export' ? event.format : 'csv',
                      fileName: context.exportName,
                    }),
                    onDone: 'idle',
                    onError: { target: 'idle', actions: assign({ exportError: ({ event }) => event.error }) },
                  },
                },
              },
            },
          },
        },
        failed: {
          entry: 'settled',
          on: { 'query.execute': 'running' },
        },
        cancelled: {
          entry: 'settled',
          on: { 'query.execute': 'running' },
        },
      },
    },
  },
});

export type SqlPreviewActorRef = ActorRefFrom<typeof sqlPreviewMachine>;
export type SqlPreviewSnapshot = SnapshotFrom<typeof sqlPreviewMachine>;
