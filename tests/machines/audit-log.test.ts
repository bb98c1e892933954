import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import type { AuditQuery } from '../../src/api/audit';
import type { AuditRecord, Page } from '../../src/api/types';
import { auditExportActor } from '../../src/machines/audit-log/actors';
import { auditCsvName, csvCell } from '../../src/machines/audit-log/csv';
import { filtersFromForm, localMinuteOf } from '../../src/machines/audit-log/filters';
import { auditLogMachine, type AuditExportEvent, type AuditExportInput } from '../../src/machines/audit-log/machine';
import type { Navigation } from '../../src/lib/screen';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(auditLogMachine);

const emptyForm = { user: '', action: '', repository: '', from: '', to: '' };

function fakeExport() {
  const runs: { input: AuditExportInput; report: (event: AuditExportEvent) => void; stopped: boolean }[] = [];
  const logic = fromCallback<AuditExportEvent, AuditExportInput>(({ input, sendBack }) => {
    const run = { input, report: sendBack, stopped: false };
    runs.push(run);
    return () => {
      run.stopped = true;
    };
  });
  return { runs, logic };
}

function start(filters = {}) {
  const navigations: Navigation[] = [];
  const exports = fakeExport();
  const machine = auditLogMachine.provide({
    actors: { exportCsv: exports.logic },
    actions: { navigate: (_, navigation: Navigation) => void navigations.push(navigation), invalidate: () => undefined },
  });
  const actor = createActor(machine, { input: { filters }, inspect: coverage.inspect }).start();
  return { actor, navigations, exports };
}

const record = (over: Partial<AuditRecord> = {}): AuditRecord => ({
  time: '2026-11-30T09:00:00.000Z',
  user: 'ann',
  action: 'fs:WriteObject',
  resource: 'arn:lakefs:fs:::repository/lake/object/a.csv',
  operation: 'uploadObject',
  method: 'POST',
  path: '/api/v1/repositories/lake/branches/main/objects',
  status: 201,
  client: '127.0.0.1',
  repository: 'lake',
  ...over,
});

const page = (results: AuditRecord[], next = ''): Page<AuditRecord> => ({
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 1000 },
  results,
});

describe('audit log filters', () => {
  it('turns the form into RFC 3339 filters, the end time taking its whole minute', () => {
    const read = filtersFromForm({ user: ' ann ', action: 'fs:WriteObject', repository: '', from: '2026-11-30T09:00', to: '2026-11-30T10:05' });
    expect(read).toEqual({
      filters: {
        user: 'ann',
        action: 'fs:WriteObject',
        repository: undefined,
        from: new Date(2026, 10, 30, 9, 0).toISOString(),
        to: new Date(new Date(2026, 10, 30, 10, 5).getTime() + 59_999).toISOString(),
      },
    });
    expect(localMinuteOf(new Date(2026, 10, 30, 10, 5, 59).toISOString())).toBe('2026-11-30T10:05');
  });

  it('refuses a start after the end, saying what to do', () => {
    expect(filtersFromForm({ ...emptyForm, from: '2026-11-30T11:00', to: '2026-11-30T10:00' })).toEqual({
      error: 'The start time is after the end time: swap them or clear one.',
    });
    expect(filtersFromForm({ ...emptyForm, from: 'soon' })).toEqual({ error: 'The start time is not a date and time.' });
  });
});

describe('audit log CSV', () => {
  it('quotes separators and quotes, and keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(201)).toBe('201');
    expect(csvCell(undefined)).toBe('');
  });

  it('names the file after the export time and the filters that name something', () => {
    expect(auditCsvName({ repository: 'lake', user: 'ann/x' }, new Date('2026-11-30T09:15:00.123Z'))).toBe(
      'audit-log-20261130-091500Z-repository-lake-user-ann_x.csv',
    );
  });
});

describe('audit log screen machine', () => {
  it('applies a valid form as the URL, and keeps an invalid one with its reason', () => {
    const { actor, navigations } = start();
    actor.send({ type: 'filters.apply', form: { ...emptyForm, from: '2026-11-30T11:00', to: '2026-11-30T10:00' } });
    expect(navigations).toEqual([]);
    expect(actor.getSnapshot().context.formError).toBe('The start time is after the end time: swap them or clear one.');
    actor.send({ type: 'filters.apply', form: { ...emptyForm, user: 'ann', repository: 'lake' } });
    expect(navigations).toEqual([{ to: '/auth/audit', search: { user: 'ann', repository: 'lake' } }]);
    expect(actor.getSnapshot().context.formError).toBeUndefined();
    actor.send({ type: 'filters.clear' });
    expect(navigations.at(-1)).toEqual({ to: '/auth/audit', search: {} });
  });

  it('exports with the filters of the URL, with progress, to a named file', () => {
    const { actor, exports } = start({ user: 'ann' });
    actor.send({ type: 'route.changed', input: { filters: { repository: 'lake' } } });
    actor.send({ type: 'export.start' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(exports.runs[0]?.input).toEqual({ filters: { repository: 'lake' } });
    exports.runs[0]!.report({ type: 'export.progress', rows: 1000 });
    expect(actor.getSnapshot().context.exportedRows).toBe(1000);
    exports.runs[0]!.report({ type: 'export.done', rows: 1500, fileName: 'audit-log.csv' });
    expect(actor.getSnapshot().matches('exported')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ exportedRows: 1500, fileName: 'audit-log.csv' });
    actor.send({ type: 'export.dismiss' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('says why an export failed, retries it, and cancels one by stopping its reads', () => {
    const { actor, exports } = start();
    actor.send({ type: 'export.start' });
    exports.runs[0]!.report({ type: 'export.error', message: 'could not read the audit log: metadata store unavailable' });
    expect(actor.getSnapshot().matches('exportFailed')).toBe(true);
    expect(actor.getSnapshot().context.exportError).toBe('could not read the audit log: metadata store unavailable');
    actor.send({ type: 'export.dismiss' });
    actor.send({ type: 'export.start' });
    actor.send({ type: 'export.cancel' });
    expect(exports.runs[1]?.stopped).toBe(true);
    expect(actor.getSnapshot().matches('cancelled')).toBe(true);
    actor.send({ type: 'export.start' });
    exports.runs[2]!.report({ type: 'export.error', message: 'x' });
    actor.send({ type: 'export.start' });
    exports.runs[3]!.report({ type: 'export.done', rows: 0, fileName: 'a.csv' });
    actor.send({ type: 'export.start' });
    actor.send({ type: 'export.cancel' });
    actor.send({ type: 'export.dismiss' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});

describe('audit log export actor', () => {
  it('reads every page the filters match and saves them as one CSV file', async () => {
    const asked: AuditQuery[] = [];
    const saved: { text: string; name: string; type: string }[] = [];
    const pages: Record<string, Page<AuditRecord>> = {
      '': page([record(), record({ user: undefined, access_key_id: 'AKIAX', action: undefined, operation: 'login', status: 401 })], 'c1'),
      c1: page([record({ path: '/a,b' })]),
    };
    const logic = auditExportActor({
      fetchPage: async (query) => {
        asked.push(query);
        return pages[query.after ?? '']!;
      },
      save: (file, name) => void file.text().then((text) => saved.push({ text, name, type: file.type })),
      now: () => new Date('2026-11-30T09:15:00Z'),
    });
    const machine = auditLogMachine.provide({ actors: { exportCsv: logic } });
    const actor = createActor(machine, { input: { filters: { repository: 'lake', user: undefined } } }).start();
    actor.send({ type: 'export.start' });
    await waitFor(actor, (s) => s.matches('exported'), { timeout: 5000 });
    expect(asked).toEqual([
      { repository: 'lake', after: undefined, amount: 1000 },
      { repository: 'lake', after: 'c1', amount: 1000 },
    ]);
    await vi.waitFor(() => expect(saved).toHaveLength(1), { timeout: 5000 });
    expect(saved[0]?.name).toBe('audit-log-20261130-091500Z-repository-lake.csv');
    expect(saved[0]?.type).toBe('text/csv;charset=utf-8');
    expect(saved[0]?.text.split('\r\n')).toEqual([
      'time,user,access_key_id,action,resource,operation,method,path,status,client,repository,request_id',
      '2026-11-30T09:00:00.000Z,ann,,fs:WriteObject,arn:lakefs:fs:::repository/lake/object/a.csv,uploadObject,POST,/api/v1/repositories/lake/branches/main/objects,201,127.0.0.1,lake,',
      '2026-11-30T09:00:00.000Z,,AKIAX,,arn:lakefs:fs:::repository/lake/object/a.csv,login,POST,/api/v1/repositories/lake/branches/main/objects,401,127.0.0.1,lake,',
      '2026-11-30T09:00:00.000Z,ann,,fs:WriteObject,arn:lakefs:fs:::repository/lake/object/a.csv,uploadObject,POST,"/a,b",201,127.0.0.1,lake,',
      '',
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ exportedRows: 3, fileName: 'audit-log-20261130-091500Z-repository-lake.csv' });
  });

  it('aborts the read in flight when cancelled, and saves nothing', async () => {
    const signals: AbortSignal[] = [];
    const save = vi.fn();
    const logic = auditExportActor({
      fetchPage: (_, signal) => {
        signals.push(signal);
        return new Promise(() => undefined);
      },
      save,
      now: () => new Date(),
    });
    const actor = createActor(auditLogMachine.provide({ actors: { exportCsv: logic } }), { input: { filters: {} } }).start();
    actor.send({ type: 'export.start' });
    await vi.waitFor(() => expect(signals).toHaveLength(1), { timeout: 5000 });
    actor.send({ type: 'export.cancel' });
    expect(signals[0]?.aborted).toBe(true);
    expect(save).not.toHaveBeenCalled();
  });
});
