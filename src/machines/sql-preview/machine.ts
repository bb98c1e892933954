// The SQL preview of a data file (docs/behaviour.md, Object viewer): the engine loads (DuckDB-WASM in a
// worker), the query runs (at once when the preview opens), and its result is shown with a chart over each column;
// a running query can be cancelled, and a result exported. The engine is reached only through the injected actors,
// so the flow runs headless in tests.
//
// The address owns the query (`sql`), so a link shares it. Execute on an edited query runs it and puts it in the
// address; a query the address brings otherwise (a link, a reload, Back) runs at once only if it writes nothing:
// one that writes to a branch (COPY ... TO) waits for Execute, so that opening an address never writes.
import { assign, enqueueActions, raise, setup, type ActorRefFrom, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import { promisePlaceholder } from '../../lib/actor-placeholders';
import { screenActions, type Navigation, type RouteChanged } from '../../lib/screen';
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
  /** The base name of exported files. */
  exportName: string;
}

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
  exportName: string;
  /** Column names of the previewed file, for completion. */
  columns: string[];
  /** The query of the result or error shown. */
  ran: string | undefined;
  run: SqlRun | undefined;
  /** One per result column (undefined: no chart), once DuckDB has computed them. */
  summaries: Array<ColumnSummary | undefined> | undefined;
  error: unknown;
  exportError: unknown;
}

export type SqlPreviewEvent =
  | { type: 'query.edit'; sql: string }
  | { type: 'query.execute' }
  | { type: 'query.cancel' }
  | { type: 'result.export'; format: ExportFormat }
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

const addressContext = (input: SqlPreviewInput) => ({
  sql: input.sql,
  addressSql: input.sql,
  opening: input.opening,
  writes: writtenObjects(input.sql),
});

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
  },
  guards: {
    /** docs/behaviour.md, Object viewer: a query the address brings runs at once only if it writes nothing. */
    runsOnOpen: ({ context }) => context.writes.length === 0,
    /** The address moved to another query than the one shown (not the echo of an Execute here). */
    otherQuery: ({ context, event }) => event.type === 'route.changed' && event.input.sql !== context.addressSql,
    describable: ({ context }) => context.columnsOf !== undefined,
  },
}).createMachine({
  id: 'sqlPreview',
  context: ({ input }) => ({
    ...addressContext(input),
    columnsOf: input.columnsOf,
    exportName: input.exportName,
    columns: [],
    ran: undefined,
    run: undefined,
    summaries: undefined,
    error: undefined,
    exportError: undefined,
  }),
  type: 'parallel',
  on: {
    'query.edit': { actions: assign({ sql: ({ event }) => event.sql }) },
    // A link or Back: the preview opens again on the address's query, as if loaded.
    'route.changed': {
      guard: 'otherQuery',
      target: '.query.loadingEngine',
      reenter: true,
      actions: assign(({ event }) => ({ ...addressContext(event.input), ran: undefined, run: undefined, summaries: undefined, error: undefined })),
    },
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
            onDone: { target: 'done', actions: assign({ columns: ({ event }) => event.output }) },
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
          entry: ['putInAddress', assign({ ran: ({ context }) => context.sql, error: undefined, exportError: undefined })],
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
