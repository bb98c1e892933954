import './viewer-dom-env';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Commit, Config, ImportCreationResponse, ImportStatus, Policy } from '../../server/http/wire';
import { localStorageConfig } from '../../server/catalog/storage-config';
import { IMPORT_POLL_MS } from '../../src/machines/import/machine';
import { IMPORT_NEEDS_BRANCH, IMPORT_UNSUPPORTED } from '../../src/machines/objects-page';
import { renderApp } from './render';
import { effectivePolicies, failure, fakeApi, missing, readOnlyPolicy } from './fake-api';
import { asked, fakeLake, objectAt, type FakeLake } from './objects-server';

const server = fakeApi();
let lake: FakeLake;
let importSupport = true;
/** The statuses the server answers, one per read (the last one repeats). */
let statuses: ImportStatus[] = [];
const created: unknown[] = [];
const cancelled: string[] = [];

/** Long enough for the 3 s poll to come round once more on a busy machine. */
const POLL_WAIT = { timeout: IMPORT_POLL_MS + 5000 };

const importCommit: Commit = { id: 'abc123def4567890'.repeat(4), parents: ['c1'], committer: 'ada', message: 'm', creation_date: 1, meta_range_id: '' };

const fullAccess: Policy = { id: 'FSFullAccess', creation_date: 1, statement: [{ effect: 'allow', action: ['fs:*'], resource: '*' }] };

beforeEach(() => {
  importSupport = true;
  statuses = [];
  created.length = 0;
  cancelled.length = 0;
  lake = fakeLake();
  server.use(
    http.get('*/api/v1/config', () =>
      HttpResponse.json<Config>({ version_config: { version: '1.0.0' }, storage_config: localStorageConfig(importSupport) }),
    ),
    http.post('*/api/v1/repositories/lake/branches/main/import', async ({ request }) => {
      created.push(await request.json());
      return HttpResponse.json<ImportCreationResponse>({ id: 'imp-1' }, { status: 202 });
    }),
    http.get('*/api/v1/repositories/lake/branches/main/import', () => {
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      return HttpResponse.json<ImportStatus>(status);
    }),
    http.delete('*/api/v1/repositories/lake/branches/main/import', ({ request }) => {
      cancelled.push(new URL(request.url).searchParams.get('id') ?? '');
      return new HttpResponse(null, { status: 204 });
    }),
    effectivePolicies([fullAccess]),
    ...lake.handlers,
  );
});

const FIND = { timeout: 5_000 };
const importButton = async () => (await screen.findByRole('button', { name: 'Import' })) as HTMLButtonElement;
const dialog = () => screen.findByRole('dialog', { name: "Import Data to Branch 'main'" }, { timeout: 5000 });

describe('Import button', () => {
  it('is offered beside Upload when the server supports import, and opens the dialog through the URL', async () => {
    const { router } = renderApp('/repositories/lake/objects?ref=main&path=data%2F');
    const button = await importButton();
    // Enabled once the server's storage settings say it can import.
    await waitFor(() => expect(button.disabled).toBe(false), FIND);
    fireEvent.click(button);
    const open = await dialog();
    expect(router.state.location.search).toMatchObject({ importDialog: true });
    // The destination is the folder being browsed.
    expect((within(open).getByLabelText('Destination') as HTMLInputElement).value).toBe('data/');
    fireEvent.click(within(open).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(router.state.location.search).not.toHaveProperty('importDialog');
  });

  it('is shown but disabled, with the reason, when the server cannot import; a link to the dialog says why', async () => {
    importSupport = false;
    const { router } = renderApp('/repositories/lake/objects?ref=main&importDialog=true');
    await screen.findByRole('link', { name: 'notes.txt' }, FIND);
    const button = await importButton();
    await waitFor(() => expect(button.title).toBe(IMPORT_UNSUPPORTED), FIND);
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    const alert = await screen.findByRole('alert', {}, FIND);
    expect(alert.textContent).toBe(`The import dialog cannot open here${IMPORT_UNSUPPORTED}Dismiss`);
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('importDialog'), FIND);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is disabled on a tag and in a read-only repository, where a link to the dialog says why', async () => {
    const { unmount } = renderApp('/repositories/lake/objects?ref=v1&importDialog=true');
    await screen.findByRole('link', { name: 'notes.txt' }, FIND);
    expect((await importButton()).disabled).toBe(true);
    expect((await screen.findByRole('alert', {}, FIND)).textContent).toBe(`The import dialog cannot open here${IMPORT_NEEDS_BRANCH}Dismiss`);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
    lake.repository.read_only = true;
    renderApp('/repositories/lake/objects?ref=main&importDialog=true');
    await screen.findByRole('link', { name: 'notes.txt' }, FIND);
    const button = await importButton();
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('The repository is read-only');
    expect((await screen.findByRole('alert', {}, FIND)).textContent).toBe('The import dialog cannot open hereThe repository is read-onlyDismiss');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is disabled, with the reason, when the policies refuse committing to the branch', async () => {
    server.use(effectivePolicies([readOnlyPolicy]));
    renderApp('/repositories/lake/objects?ref=main');
    const button = await importButton();
    await waitFor(() => expect(button.disabled).toBe(true), { timeout: 5000 });
    expect(button.title).toBe(missing('fs:CreateCommit'));
  });
});

describe('Import dialog', () => {
  it('validates the source live, imports with progress, then shows the commit and lists again', async () => {
    statuses = [
      { completed: false, update_time: '2026-01-01T10:00:03Z', ingested_objects: 400 },
      { completed: true, update_time: '2026-01-01T10:00:06Z', ingested_objects: 1000, commit: importCommit },
    ];
    const { router } = renderApp('/repositories/lake/objects?ref=main&importDialog=true');
    const open = await dialog();
    const source = within(open).getByLabelText(/Import from/) as HTMLInputElement;
    const submit = within(open).getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    // An empty source is valid, but there is nothing to import.
    expect(within(open).queryByText(/Import source should match/)).toBeNull();
    expect(submit.disabled).toBe(true);
    fireEvent.change(source, { target: { value: 's3://bucket/data/' } });
    expect(within(open).getByText('Import source should match the following pattern: "^local://"')).toBeVisible();
    expect(submit.disabled).toBe(true);
    fireEvent.change(source, { target: { value: 'local://datasets/lakes/' } });
    expect(within(open).queryByText(/Import source should match/)).toBeNull();
    expect((within(open).getByLabelText('Commit message') as HTMLTextAreaElement).value).toBe('Imported data from local://datasets/lakes/');
    fireEvent.change(within(open).getByLabelText('Destination'), { target: { value: 'lakes' } });
    fireEvent.click(within(open).getByRole('button', { name: 'Add Metadata field' }));
    fireEvent.change(within(open).getByLabelText('Metadata key 1'), { target: { value: 'origin' } });
    fireEvent.change(within(open).getByLabelText('Metadata value 1'), { target: { value: 'survey' } });
    lake.folders[''] = [...lake.folders['']!, objectAt('lakes/')];
    const listedBefore = asked(lake, '/repositories/lake/refs/main/objects/ls').length;
    fireEvent.click(submit);

    const progress = await within(open).findByRole('status', { name: 'Import progress' });
    expect(created).toEqual([
      {
        paths: [{ path: 'local://datasets/lakes/', destination: 'lakes/', type: 'common_prefix' }],
        commit: { message: 'Imported data from local://datasets/lakes/', metadata: { origin: 'survey' } },
      },
    ]);
    expect(within(open).queryByRole('button', { name: 'Close dialog' })).toBeNull();
    await waitFor(() => expect(progress.textContent).toContain('400 objects ingested'), POLL_WAIT);
    expect(progress.textContent).toMatch(/[\d.]+ objects\/s/);

    expect(await within(open).findByText('Import completed', {}, POLL_WAIT)).toBeVisible();
    expect(within(open).getByText(/1,000 objects were imported and committed to branch main/)).toBeVisible();
    expect(within(open).getByRole('link', { name: /View commit abc123def456/ }).getAttribute('href')).toBe(
      `/repositories/lake/commits/${importCommit.id}`,
    );
    await waitFor(() => expect(asked(lake, '/repositories/lake/refs/main/objects/ls').length).toBeGreaterThan(listedBefore), { timeout: 5000 });
    fireEvent.click(within(open).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(router.state.location.search).not.toHaveProperty('importDialog');
  }, 30_000);

  it('shows the form again with the error when the import fails', async () => {
    statuses = [{ completed: false, update_time: '2026-01-01T10:00:03Z', error: { message: 'no such folder under the import root' } }];
    renderApp('/repositories/lake/objects?ref=main&importDialog=true');
    const open = await dialog();
    fireEvent.change(within(open).getByLabelText(/Import from/), { target: { value: 'local://missing/' } });
    fireEvent.click(within(open).getByRole('button', { name: 'Import' }));
    await within(open).findByRole('status', { name: 'Import progress' });
    expect(await within(open).findByText('no such folder under the import root', {}, POLL_WAIT)).toBeVisible();
    expect(within(open).getByText('Import failed')).toBeVisible();
    expect((within(open).getByLabelText(/Import from/) as HTMLInputElement).value).toBe('local://missing/');
    expect((within(open).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(false);
  }, 20_000);

  it('shows a refused start in the form', async () => {
    server.use(
      http.post('*/api/v1/repositories/lake/branches/main/import', () =>
        failure(400, 'import source is inside the repository namespace'),
      ),
    );
    renderApp('/repositories/lake/objects?ref=main&importDialog=true');
    const open = await dialog();
    fireEvent.change(within(open).getByLabelText(/Import from/), { target: { value: 'local://lake/' } });
    fireEvent.click(within(open).getByRole('button', { name: 'Import' }));
    expect((await within(open).findByText(/^could not start import:/)).textContent).toBe(
      'could not start import: import source is inside the repository namespace',
    );
  });

  it('cancels a running import: deletes it on the server and shows the form again', async () => {
    statuses = [{ completed: false, update_time: '2026-01-01T10:00:03Z', ingested_objects: 5 }];
    renderApp('/repositories/lake/objects?ref=main&importDialog=true');
    const open = await dialog();
    fireEvent.change(within(open).getByLabelText(/Import from/), { target: { value: 'local://datasets/' } });
    fireEvent.click(within(open).getByRole('button', { name: 'Import' }));
    const cancel = (await within(open).findByRole('button', { name: 'Cancel Import' })) as HTMLButtonElement;
    await waitFor(() => expect(cancel.disabled).toBe(false), { timeout: 5000 });
    fireEvent.click(cancel);
    expect(await within(open).findByText('The import was cancelled.')).toBeVisible();
    expect(cancelled).toEqual(['imp-1']);
    expect((within(open).getByLabelText(/Import from/) as HTMLInputElement).value).toBe('local://datasets/');
  });
});
