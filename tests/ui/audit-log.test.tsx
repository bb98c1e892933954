import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AuditRecord, AuditRecordList } from '../../server/http/wire';
import { renderApp } from './render';
import { elseNotFound, failure, fakeApi, page } from './fake-api';

const record = (n: number, over: Partial<AuditRecord> = {}): AuditRecord => ({
  time: new Date(Date.UTC(2026, 10, 30, 9, 0, 0) - n * 1000).toISOString(),
  user: 'ann',
  action: 'fs:WriteObject',
  resource: `arn:lakefs:fs:::repository/lake/object/file-${n}.csv`,
  operation: 'uploadObject',
  method: 'POST',
  path: '/api/v1/repositories/lake/branches/main/objects',
  status: 201,
  client: '127.0.0.1',
  repository: 'lake',
  request_id: `req-${n}`,
  ...over,
});

const failedLogin = record(0, {
  user: undefined,
  access_key_id: 'AKIAWRONG',
  action: undefined,
  resource: undefined,
  operation: 'login',
  path: '/api/v1/auth/login',
  status: 401,
});
const requests: URL[] = [];
afterEach(() => {
  requests.length = 0;
});

const server = fakeApi(
  http.get('*/api/v1/audit', ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    const answer: AuditRecordList =
      url.searchParams.get('user') === 'nobody'
        ? page([])
        : url.searchParams.get('after') === 'p2'
          ? page([record(3)])
          : page([failedLogin, record(1), record(2)], 'p2');
    return HttpResponse.json(answer);
  }),
  elseNotFound,
);

describe('Administration → Audit log', () => {
  it('lists the records with who, what, where and status, and is in the administration menu', async () => {
    renderApp('/auth/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Time', 'User', 'Action', 'Resource', 'Request', 'Status', 'Client']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('key AKIAWRONG');
    expect(rows[0]?.textContent).toContain('login');
    expect(rows[0]?.textContent).toContain('401');
    expect(rows[1]?.textContent).toContain('fs:WriteObject');
    expect(rows[1]?.textContent).toContain('arn:lakefs:fs:::repository/lake/object/file-1.csv');
    expect(rows[1]?.textContent).toContain('POST /api/v1/repositories/lake/branches/main/objects');
  });

  it('reads the next page from where the first stopped as the end of the rows comes into view', async () => {
    renderApp('/auth/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(await within(table).findByText('arn:lakefs:fs:::repository/lake/object/file-3.csv')).toBeVisible();
    expect(requests.map((url) => url.searchParams.get('after'))).toEqual([null, 'p2']);
  });

  it('applies the filters through the address, and says so when nothing matches', async () => {
    const { router } = renderApp('/auth/audit');
    await screen.findByRole('table', { name: 'Audit log' });
    fireEvent.change(screen.getByLabelText('User or access key'), { target: { value: 'nobody' } });
    fireEvent.change(screen.getByLabelText('Repository'), { target: { value: 'lake' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ user: 'nobody', repository: 'lake' }), { timeout: 5000 });
    expect(await screen.findByText('No records match these filters')).toBeVisible();
    expect(requests.at(-1)?.searchParams.get('user')).toBe('nobody');
    expect(requests.at(-1)?.searchParams.get('repository')).toBe('lake');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toEqual({}), { timeout: 5000 });
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeVisible();
  });

  it('keeps a start after the end out of the address and says what to do', async () => {
    const { router } = renderApp('/auth/audit');
    await screen.findByRole('table', { name: 'Audit log' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30T11:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('The start time is after the end time: swap them or clear one.')).toBeVisible();
    expect(router.state.location.search).toEqual({});
  });

  it('tells a user without the permission what it takes', async () => {
    server.use(http.get('*/api/v1/audit', () => failure(401, 'insufficient permissions: not allowed to auth:ReadAuditLog on *')));
    renderApp('/auth/audit');
    expect(await screen.findByText('Permission denied')).toBeVisible();
    expect(
      screen.getByText(
        'You may not read the audit log: it is open to administrators and to users with a policy that allows auth:ReadAuditLog. Ask an administrator for access.',
      ),
    ).toBeVisible();
  });
});
