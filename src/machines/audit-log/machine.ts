// The Administration → Audit log screen (issue 23, Audit log): the URL owns the filters (user, action, repository,
// time from and to), which the route's paged list reads; this machine turns the filter form into an address, and
// runs the CSV export of every record the filters match, page after page with its progress, until it is saved,
// cancelled or fails. A change of the filters while an export runs does not change what that export reads.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AuditFilters } from '../../api/audit';
import { callbackPlaceholder } from '../../lib/actor-placeholders';
import { screenActions, type RouteChanged } from '../../lib/screen';
import { filtersFromForm, givenFilters, type AuditFilterForm } from './filters';

export interface AuditLogInput {
  filters: AuditFilters;
}

export interface AuditExportInput {
  filters: AuditFilters;
}

export type AuditExportEvent =
  { type: 'export.progress'; rows: number } | { type: 'export.done'; rows: number; fileName: string } | { type: 'export.error'; message: string };

export type AuditLogEvent =
  | { type: 'filters.apply'; form: AuditFilterForm }
  | { type: 'filters.clear' }
  | { type: 'export.start' }
  | { type: 'export.cancel' }
  | { type: 'export.dismiss' }
  | AuditExportEvent
  | RouteChanged<AuditLogInput>;

export interface AuditLogContext extends AuditLogInput {
  /** Why the filter form was not applied. */
  formError: string | undefined;
  /** Records written so far by the export running, or by the last one. */
  exportedRows: number;
  fileName: string | undefined;
  exportError: string | undefined;
}

export const auditLogMachine = setup({
  types: {
    input: {} as AuditLogInput,
    context: {} as AuditLogContext,
    events: {} as AuditLogEvent,
  },
  actors: {
    /** Reads every page the filters match and saves them as a CSV file; reports progress. Stopping it aborts it. */
    exportCsv: callbackPlaceholder<AuditExportEvent, AuditExportInput>('exportCsv'),
  },
  actions: {
    ...screenActions,
    takeRoute: assign((_, input: AuditLogInput) => ({
      filters: input.filters,
    })),
    refuseForm: assign((_, error: string) => ({ formError: error })),
  },
  guards: {
    formValid: (_, form: AuditFilterForm) => 'filters' in filtersFromForm(form),
  },
}).createMachine({
  id: 'auditLog',
  context: ({ input }) => ({
    ...input,
    formError: undefined,
    exportedRows: 0,
    fileName: undefined,
    exportError: undefined,
  }),
  on: {
    'route.changed': {
      actions: { type: 'takeRoute', params: ({ event }) => event.input },
    },
    'filters.apply': [
      {
        guard: { type: 'formValid', params: ({ event }) => event.form },
        actions: [
          assign({ formError: undefined }),
          {
            type: 'navigate',
            params: ({ event }) => {
              const read = filtersFromForm(event.form);
              // The guard has found the form valid.
              return {
                to: '/auth/audit',
                search: 'filters' in read ? givenFilters(read.filters) : {},
              };
            },
          },
        ],
      },
      {
        actions: {
          type: 'refuseForm',
          params: ({ event }) => {
            const read = filtersFromForm(event.form);
            return 'error' in read ? read.error : '';
          },
        },
      },
    ],
    'filters.clear': {
      actions: [assign({ formError: undefined }), { type: 'navigate', params: { to: '/auth/audit', search: {} } }],
    },
  },
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': 'exporting' },
    },
    exporting: {
      tags: ['busy'],
      entry: assign({
        exportedRows: 0,
        fileName: undefined,
        exportError: undefined,
      }),
      invoke: {
        src: 'exportCsv',
        input: ({ context }) => ({ filters: context.filters }),
      },
      on: {
        'export.progress': {
          actions: assign({ exportedRows: ({ event }) => event.rows }),
        },
        'export.done': {
          target: 'exported',
          actions: assign({
            exportedRows: ({ event }) => event.rows,
            fileName: ({ event }) => event.fileName,
          }),
        },
        'export.error': {
          target: 'exportFailed',
          actions: assign({ exportError: ({ event }) => event.message }),
        },
        'export.cancel': 'cancelled',
      },
    },
    exported: {
      on: { 'export.start': 'exporting', 'export.dismiss': 'idle' },
    },
    exportFailed: {
      on: { 'export.start': 'exporting', 'export.dismiss': 'idle' },
    },
    cancelled: {
      on: { 'export.start': 'exporting', 'export.dismiss': 'idle' },
    },
  },
});

export type AuditLogActorRef = ActorRefFrom<typeof auditLogMachine>;
export type AuditLogSnapshot = SnapshotFrom<typeof auditLogMachine>;
