// The audit log screen over the real API: its list, and the CSV export that reads every matching page.
import { fromCallback } from 'xstate';
import { listAuditLog, type AuditFilters, type AuditQuery } from '../../api/audit';
import type { AuditRecord, Page } from '../../api/types';
import { errorMessage } from '../../lib/error-message';
import { saveFile } from '../../lib/save-file';
import { pagedListOver } from '../paged-list';
import { auditCsvHeader, auditCsvLines, auditCsvName } from './csv';
import { givenFilters } from './filters';
import { auditLogMachine, type AuditExportEvent, type AuditExportInput } from './machine';

/** The server's largest page: the export reads as few pages as it can. */
const EXPORT_PAGE = 1000;

export interface AuditExportDeps {
  fetchPage: (query: AuditQuery, signal: AbortSignal) => Promise<Page<AuditRecord>>;
  save: (file: Blob, name: string) => void;
  now: () => Date;
}

/**
 * The export as a callback actor: pages are read one after another and turned into CSV text as they arrive (the
 * parts of one Blob, which the browser may keep out of the page's memory); stopping it aborts the read in flight and
 * saves nothing.
 */
export function auditExportActor(deps: AuditExportDeps) {
  return fromCallback<AuditExportEvent, AuditExportInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const { signal } = controller;
    const filters = givenFilters(input.filters);
    void (async () => {
      const parts: string[] = [auditCsvHeader];
      let rows = 0;
      let after: string | undefined;
      for (;;) {
        const page = await deps.fetchPage({ ...filters, after, amount: EXPORT_PAGE }, signal);
        if (signal.aborted) return;
        parts.push(auditCsvLines(page.results));
        rows += page.results.length;
        sendBack({ type: 'export.progress', rows });
        if (!page.pagination.has_more) break;
        after = page.pagination.next_offset;
      }
      const fileName = auditCsvName(filters, deps.now());
      deps.save(new Blob(parts, { type: 'text/csv;charset=utf-8' }), fileName);
      sendBack({ type: 'export.done', rows, fileName });
    })().catch((error: unknown) => {
      if (!signal.aborted) sendBack({ type: 'export.error', message: errorMessage(error) });
    });
    return () => controller.abort();
  });
}

export const liveAuditLogMachine = auditLogMachine.provide({
  actors: {
    exportCsv: auditExportActor({
      fetchPage: listAuditLog,
      save: saveFile,
      now: () => new Date(),
    }),
  },
});

/** The log's rows, a page at a time, filtered as the URL says. */
export const liveAuditList = pagedListOver<AuditRecord, AuditFilters>((filters, { after, amount }, signal) =>
  listAuditLog({ ...givenFilters(filters), after, amount }, signal),
);
