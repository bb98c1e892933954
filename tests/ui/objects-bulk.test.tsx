// The objects listing's selection, its bulk delete and zip download, and its keyboard grid, against a fake server.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { effectivePolicies, fakeApi, failure, missing, page, readOnlyPolicy } from './fake-api';
import { fakeLake, folderAt, objectAt, type FakeLake } from './objects-server';
import type { ErrorBody, ObjectErrorList, ObjectStatsList } from '../../server/http/wire';
import { readZip } from '../e2e/fixtures/zip-reader';

const server = fakeApi();
let lake: FakeLake;

beforeEach(() => {
  lake = fakeLake();
  lake.folders['data/'] = [folderAt('data/sub/'), ...['a', 'b', 'c', 'd', 'e'].map((n) => objectAt(`data/${n}.csv`))];
  server.use(...lake.handlers);
});

const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;
const header = () => screen.getByRole('checkbox', { name: 'Select the loaded objects' }) as HTMLInputElement;
const status = () => within(screen.getByRole('group', { name: 'Selection' })).getByRole('status').textContent ?? '';

async function openData() {
  const result = renderApp('/repositories/lake/objects?ref=main&path=data%2F');
  await screen.findByRole('link', { name: 'a.csv' });
  return result;
}

/**
 * `total` objects under big/ (two levels deep, as a recursive listing sees them), paged as the server does; `asked`
 * gets the recursive listings, `folderListings` the folder's (delimited) ones.
 */
function recursiveListing(total: number, asked: URL[], folderListings: URL[] = []) {
  const name = (i: number) => `big/${i % 2 === 0 ? '' : 'odd/'}${String(i).padStart(5, '0')}`;
  return http.get('*/api/v1/repositories/lake/refs/:ref/objects/ls', ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get('delimiter') === '/') {
      folderListings.push(url);
      return HttpResponse.json<ObjectStatsList>(page([folderAt('big/odd/'), ...Array.from({ length: 3 }, (_, i) => objectAt(name(i * 2)))]));
    }
    asked.push(url);
    const after = url.searchParams.get('after');
    const start = after ? Number(after.slice(-5)) + 1 : 0;
    const end = Math.min(total, start + Number(url.searchParams.get('amount')));
    const results = Array.from({ length: end - start }, (_, k) => objectAt(name(start + k)));
    return HttpResponse.json<ObjectStatsList>(page(results, end < total ? name(end - 1) : ''));
  });
}

describe('selection', () => {
  it('ticks rows, extends a range with Shift, and the header checkbox covers the loaded objects', async () => {
    await openData();
    expect(screen.queryByRole('checkbox', { name: 'Select sub/' })).toBeNull();
    fireEvent.click(checkbox('b.csv'));
    fireEvent.click(checkbox('d.csv'), { shiftKey: true });
    await waitFor(() => expect(checkbox('c.csv').checked).toBe(true), { timeout: 5000 });
    expect([checkbox('a.csv'), checkbox('b.csv'), checkbox('d.csv'), checkbox('e.csv')].map((c) => c.checked)).toEqual([false, true, true, false]);
    expect(status()).toBe('3 selected');
    const headerBox = header();
    expect(headerBox.checked).toBe(false);
    expect(headerBox.indeterminate, 'the header box mixed').toBe(true);

    fireEvent.click(headerBox);
    await waitFor(() => expect(status()).toBe('5 selected'), { timeout: 5000 });
    expect(['a', 'b', 'c', 'd', 'e'].every((n) => checkbox(`${n}.csv`).checked)).toBe(true);
    expect(header().checked).toBe(true);
    fireEvent.click(header());
    await waitFor(() => expect(checkbox('a.csv').checked).toBe(false), { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();

    fireEvent.click(checkbox('e.csv'));
    fireEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(checkbox('e.csv').checked).toBe(false), { timeout: 5000 });
  });

  it('selects every object under the prefix, the ones not loaded included, listing without a delimiter', async () => {
    const asked: URL[] = [];
    server.use(recursiveListing(2500, asked));
    renderApp('/repositories/lake/objects?ref=main&path=big%2F');
    await screen.findByRole('link', { name: '00000' });
    fireEvent.click(screen.getByRole('button', { name: 'Select all in this prefix' }));
    await waitFor(() => expect(status()).toBe('2,500 selected (all objects under big/)'), { timeout: 5000 });
    expect(asked.map((url) => [url.searchParams.get('prefix'), url.searchParams.get('after'), url.searchParams.get('amount')])).toEqual([
      ['big/', null, '1000'],
      ['big/', 'big/odd/00999', '1000'],
      ['big/', 'big/odd/01999', '1000'],
    ]);
    expect(asked.every((url) => !url.searchParams.has('delimiter'))).toBe(true);
    expect(checkbox('00000').checked).toBe(true);
    expect(header().checked).toBe(true);
  });

  it('shows the count growing while it lists', async () => {
    const asked: URL[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const listing = recursiveListing(2500, asked);
    server.use(
      http.get('*/api/v1/repositories/lake/refs/:ref/objects/ls', async (info) => {
        if (new URL(info.request.url).searchParams.get('after')) await held;
        return listing.run({ request: info.request, requestId: info.requestId }).then((r) => r?.response);
      }),
    );
    renderApp('/repositories/lake/objects?ref=main&path=big%2F');
    await screen.findByRole('link', { name: '00000' });
    fireEvent.click(screen.getByRole('button', { name: 'Select all in this prefix' }));
    await waitFor(() => expect(status()).toBe('Selecting every object under big/... 1,000 objects so far'), { timeout: 5000 });
    expect((screen.getByRole('button', { name: /Download as zip/ }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(status()).toBe('2,500 selected (all objects under big/)'), { timeout: 5000 });
  });
});

describe('bulk delete', () => {
  it('confirms with the count and branch, deletes 1,000 paths a request, sums up the refusals and lists again', async () => {
    const asked: URL[] = [];
    const folderListings: URL[] = [];
    const bodies: string[][] = [];
    server.use(
      recursiveListing(2500, asked, folderListings),
      http.post('*/api/v1/repositories/lake/branches/main/objects/delete', async ({ request }) => {
        const { paths } = (await request.json()) as { paths: string[] };
        bodies.push(paths);
        const refused = paths.filter((p) => p === 'big/01500');
        return HttpResponse.json<ObjectErrorList>({ errors: refused.map((path) => ({ path, status_code: 401, message: 'not allowed here' })) });
      }),
    );
    renderApp('/repositories/lake/objects?ref=main&path=big%2F');
    await screen.findByRole('link', { name: '00000' });
    fireEvent.click(screen.getByRole('button', { name: 'Select all in this prefix' }));
    await waitFor(() => expect(status()).toMatch(/^2,500 selected/), { timeout: 5000 });
    expect(folderListings).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Are you sure you wish to delete 2,500 objects from branch main?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    const summary = await screen.findByRole('dialog', { name: 'Delete objects: summary' });
    expect(bodies.map((b) => b.length)).toEqual([1000, 1000, 500]);
    expect(within(summary).getAllByRole('status')[0]?.textContent).toBe('Deleted 2,499 objects of 2,500.');
    expect(within(summary).getByRole('list', { name: 'Failures' }).textContent).toBe('big/01500: not allowed here');
    expect(within(summary).getByRole('link', { name: 'review and commit them' }).getAttribute('href')).toBe('/repositories/lake/changes?ref=main');
    fireEvent.click(within(summary).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    // The listing was read again at the end of the run; what was refused stays selected.
    expect(folderListings).toHaveLength(2);
    expect(status()).toBe('1 selected');
  });

  it('disables Delete, with the reason, when the policies refuse deleting a selected object', async () => {
    server.use(effectivePolicies([readOnlyPolicy]));
    await openData();
    fireEvent.click(checkbox('a.csv'));
    const del = (await screen.findByRole('button', { name: 'Delete' })) as HTMLButtonElement;
    await waitFor(() => expect(del.disabled).toBe(true), { timeout: 5000 });
    expect(del.title).toBe(missing('fs:DeleteObject'));
  });

  it('offers no bulk delete on a tag, but the zip download', async () => {
    lake.folders[''] = [objectAt('notes.txt')];
    renderApp('/repositories/lake/objects?ref=v1');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select notes.txt' }));
    await screen.findByRole('button', { name: 'Download as zip' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('download as zip', () => {
  it('streams the selected objects into the file the user picked, names relative to the folder, skipping the unreadable', async () => {
    server.use(
      http.get<never, never, string | ErrorBody>('*/api/v1/repositories/lake/refs/main/objects', ({ request }) => {
        const path = new URL(request.url).searchParams.get('path') ?? '';
        return path === 'data/c.csv' ? failure(404, 'object gone') : HttpResponse.text(`content of ${path}`);
      }),
    );
    const chunks: Uint8Array[] = [];
    const picked: string[] = [];
    Object.defineProperty(window, 'showSaveFilePicker', {
      configurable: true,
      value: async ({ suggestedName }: { suggestedName: string }) => {
        picked.push(suggestedName);
        return { createWritable: async () => new WritableStream<Uint8Array>({ write: (chunk) => void chunks.push(chunk) }) };
      },
    });
    try {
      await openData();
      fireEvent.click(checkbox('a.csv'));
      fireEvent.click(checkbox('c.csv'));
      fireEvent.click(checkbox('e.csv'));
      fireEvent.click(await screen.findByRole('button', { name: 'Download as zip' }));
      // Zipping runs in a stream of its own: on a loaded machine it outlasts findBy's default second.
      const summary = await screen.findByRole('dialog', { name: 'Download as zip: summary' }, { timeout: 10_000 });
      expect(picked).toEqual(['lake-main-data.zip']);
      expect(within(summary).getAllByRole('status')[0]?.textContent).toMatch(/^Zipped 2 objects of 3 \(/);
      expect(within(summary).getByRole('list', { name: 'Failures' }).textContent).toBe('data/c.csv: could not get object: object gone');
      const entries = readZip(Buffer.concat(chunks));
      expect(entries.map((e) => [e.name, e.content.toString()])).toEqual([
        ['a.csv', 'content of data/a.csv'],
        ['e.csv', 'content of data/e.csv'],
      ]);
    } finally {
      Reflect.deleteProperty(window, 'showSaveFilePicker');
    }
  });
});

describe('keyboard grid', () => {
  const grid = () => screen.getByRole('grid', { name: 'Objects' });
  const focusedCell = () => {
    const cell = document.activeElement as HTMLElement;
    return [Number(cell.parentElement?.getAttribute('aria-rowindex')) - 2, Number(cell.getAttribute('data-grid-col'))];
  };

  it('is one tab stop whose arrows, Home and End move the focus; Space selects and Enter opens', async () => {
    const { router } = await openData();
    const cells = within(grid()).getAllByRole('gridcell');
    expect(cells.filter((cell) => cell.tabIndex === 0)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'a.csv' }).tabIndex).toBe(-1);
    const first = cells.find((cell) => cell.tabIndex === 0)!;
    first.focus();
    expect(focusedCell()).toEqual([0, 0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focusedCell()).toEqual([2, 0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(focusedCell()).toEqual([2, 1]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focusedCell()).toEqual([5, 1]);
    fireEvent.keyDown(document.activeElement!, { key: 'Home', ctrlKey: true });
    expect(focusedCell()).toEqual([0, 1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(focusedCell()).toEqual([0, 1]);
    await waitFor(() => expect(within(grid()).getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)).toEqual([document.activeElement]), { timeout: 5000 });

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    await waitFor(() => expect(checkbox('a.csv').checked).toBe(true), { timeout: 5000 });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: ' ', shiftKey: true });
    await waitFor(() => expect(status()).toBe('2 selected'), { timeout: 5000 });

    // F2 enters the actions cell's controls, arrows move between them, Escape goes back to the cell.
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    for (let i = 0; i < 4; i += 1) fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'F2' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Download e.csv');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('History of e.csv');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Blame e.csv');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(focusedCell()).toEqual([5, 4]);

    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ path: 'data/sub/' }), { timeout: 5000 });
  });

  it('scrolls a row that is not rendered into view, focuses it, and keeps the focus while the next page loads', async () => {
    const asked: URL[] = [];
    const name = (i: number) => `long/${String(i).padStart(5, '0')}`;
    server.use(
      http.get('*/api/v1/repositories/lake/refs/:ref/objects/ls', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        const after = url.searchParams.get('after');
        const start = after ? Number(after.slice(-5)) + 1 : 0;
        const end = Math.min(3000, start + Number(url.searchParams.get('amount')));
        return HttpResponse.json<ObjectStatsList>(page(Array.from({ length: end - start }, (_, k) => objectAt(name(start + k))), end < 3000 ? name(end - 1) : ''));
      }),
    );
    renderApp('/repositories/lake/objects?ref=main&path=long%2F');
    await screen.findByRole('link', { name: '00000' });
    within(grid()).getAllByRole('gridcell').find((cell) => cell.tabIndex === 0)!.focus();
    expect(screen.queryByRole('link', { name: '00099' })).toBeNull();
    // happy-dom does no layout and fires no scroll event: the viewport scrolls as a browser's would, by hand.
    const viewport = grid().closest('[data-scroll-viewport]') as HTMLElement;
    const scrolledTo: number[] = [];
    Object.defineProperty(viewport, 'scrollHeight', { configurable: true, get: () => 100 * 44 + 40 });
    viewport.scrollTo = ((options: ScrollToOptions) => {
      scrolledTo.push(options.top ?? 0);
      viewport.scrollTop = options.top ?? 0;
      fireEvent.scroll(viewport);
    }) as typeof viewport.scrollTo;
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(scrolledTo.at(-1)).toBeGreaterThan(0);
    await waitFor(() => expect(focusedCell()).toEqual([99, 0]), { timeout: 5000 });
    const focused = document.activeElement;
    expect(focused?.parentElement?.textContent).toContain('00099');
    // Row 99 of 100 loaded is near the end: the next page is asked for, and arrives without moving the focus.
    await waitFor(() => expect(asked.some((url) => url.searchParams.get('after') === name(99))).toBe(true), { timeout: 5000 });
    await waitFor(() => expect(grid().getAttribute('aria-rowcount')).toBe('-1'), { timeout: 5000 });
    await screen.findByRole('link', { name: '00102' });
    expect(document.activeElement).toBe(focused);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focusedCell()).toEqual([100, 0]);
  });
});
