import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { failure, fakeApi, page } from './fake-api';
import type { ErrorBody, FoundObjectList, ObjectStats } from '../../server/http/wire';
import { matchPath, rankPaths } from '../../server/graveler/path-match';
import { asked, fakeLake, objectAt, type FakeLake } from './objects-server';
import { isOwnedByFocus, shortcutGroups } from '../../src/lib/shortcuts';

const PATHS = ['archive/old-sales/2019.csv', 'data/lakes.csv', 'data/my-sales.csv', 'data/sales.csv', 'reports/q1.txt', 'sales/readme.md'];
/** Enough matches for several pages: `part-000.log` to `part-599.log`. */
const LOGS = Array.from({ length: 600 }, (_, i) => `logs/part-${String(i).padStart(3, '0')}.log`);

const server = fakeApi();
let lake: FakeLake;
let finds: URL[];

/** The server's finder, by its rule: the paths holding the letters in order, `amount` a page after `after`, each page best first. */
const findHandler = http.get('*/api/v1/repositories/lake/refs/:ref/objects/find', ({ request }) => {
  const url = new URL(request.url);
  finds.push(url);
  const q = url.searchParams.get('q') ?? '';
  const after = url.searchParams.get('after') ?? '';
  const amount = Number(url.searchParams.get('amount') ?? 100);
  const all = [...PATHS, ...LOGS].sort().filter((p) => p > after && matchPath(p, q) !== null);
  const results = all.slice(0, amount).map((path) => ({ path, size_bytes: 10, mtime: 1_700_000_000 }));
  const ranked = rankPaths(results, q).map((r) => r.item);
  return HttpResponse.json<FoundObjectList>(page(ranked, all.length > amount ? results.at(-1)!.path : ''));
});

beforeEach(() => {
  lake = fakeLake();
  finds = [];
  server.use(...lake.handlers, findHandler);
});

async function openRepository(path = '/repositories/lake/objects', shown = 'notes.txt') {
  const app = renderApp(path);
  await screen.findByRole('link', { name: shown });
  return app;
}

/** A key pressed on the page; awaited, as the dialogs it opens are loaded on first use (they suspend). */
const press = (key: string, init: KeyboardEventInit = {}) =>
  act(async () => {
    fireEvent.keyDown(document.body, { key, ...init });
  });

async function openFinder() {
  await press('t');
  const dialog = await screen.findByRole('dialog', { name: 'Find a file' }, { timeout: 5000 });
  const box = within(dialog).getByRole('combobox', { name: 'Find a file in main' });
  await waitFor(() => expect(document.activeElement).toBe(box), { timeout: 5000 });
  return { dialog, box };
}

const optionTexts = (dialog: HTMLElement) => within(dialog).queryAllByRole('option').map((o) => o.textContent);
const marks = (option: HTMLElement) => [...option.querySelectorAll('mark')].map((m) => m.textContent);
const remembered = (paths: string[]) => localStorage.setItem('tarn:recent-files:lake', JSON.stringify(paths));

describe('file finder', () => {
  it('opens on t, searches the page’s ref and shows the matches ranked, with the match highlighted', async () => {
    await openRepository();
    const { dialog, box } = await openFinder();
    fireEvent.change(box, { target: { value: 'sales' } });
    // The pause before the search is part of it: the status says so from the keystroke on.
    expect(within(dialog).getByRole('status').textContent).toBe('Searching...');
    await within(dialog).findByText('4 matches');
    // In the name first, from its start; then in a folder, from the path's start.
    expect(optionTexts(dialog)).toEqual(['data/sales.csv', 'data/my-sales.csv', 'sales/readme.md', 'archive/old-sales/2019.csv']);
    expect(finds.map((f) => `${f.pathname}${f.search}`)).toEqual(['/api/v1/repositories/lake/refs/main/objects/find?q=sales&amount=100']);
    expect(marks(within(dialog).getAllByRole('option')[1]!)).toEqual(['sales']);
  });

  it('finds a file by letters typed apart, and marks each run of them', async () => {
    await openRepository();
    const { dialog, box } = await openFinder();
    fireEvent.change(box, { target: { value: 'lkcsv' } });
    await within(dialog).findByText('1 match');
    const option = within(dialog).getByRole('option', { name: 'data/lakes.csv' });
    expect(marks(option)).toEqual(['l', 'k', 'csv']);
    expect(option.textContent).toBe('data/lakes.csv');
  });

  it('lists the recent files, then the top-level files, before anything is typed, and opens one from the keyboard', async () => {
    remembered(['reports/q1.txt', 'data/sales.csv']);
    const { router } = await openRepository();
    const { dialog, box } = await openFinder();
    const recent = await within(dialog).findByRole('group', { name: 'Recent' });
    expect(within(recent).getAllByRole('option').map((o) => o.textContent)).toEqual(['reports/q1.txt', 'data/sales.csv']);
    // The files at the top of the ref, not its folders.
    const topLevel = await within(dialog).findByRole('group', { name: 'Top-level files' });
    expect(within(topLevel).getAllByRole('option').map((o) => o.textContent)).toEqual(['notes.txt']);
    expect(asked(lake, '/repositories/lake/refs/main/objects/ls')).toContain('GET /repositories/lake/refs/main/objects/ls?delimiter=%2F&amount=100');
    expect(finds).toEqual([]);
    const selected = () => within(dialog).getByRole('option', { selected: true });
    expect(selected().textContent).toBe('reports/q1.txt');
    // Typing replaces the suggestions with the matches; an emptied box brings them back.
    fireEvent.change(box, { target: { value: 'readme' } });
    await within(dialog).findByText('1 match');
    expect(within(dialog).queryByRole('group', { name: 'Recent' })).toBeNull();
    fireEvent.change(box, { target: { value: '' } });
    expect(optionTexts(dialog)).toEqual(['reports/q1.txt', 'data/sales.csv', 'notes.txt']);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(selected().textContent).toBe('notes.txt');
    expect(box.getAttribute('aria-activedescendant')).toBe(selected().id);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toEqual({ ref: 'main', path: 'notes.txt' }), { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/repositories/lake/object');
  });

  it('remembers the objects opened, and the files picked in the finder, newest first', async () => {
    server.use(
      http.get<never, never, ObjectStats | ErrorBody>('*/api/v1/repositories/lake/refs/:ref/objects/stat', ({ request }) => {
        const path = new URL(request.url).searchParams.get('path');
        if (path !== 'notes.txt') return failure(404, 'not found');
        return HttpResponse.json<ObjectStats>({ ...objectAt('notes.txt', 5), content_type: 'text/plain' });
      }),
      http.get('*/api/v1/repositories/lake/refs/:ref/objects', () => new HttpResponse('hello', { headers: { 'Content-Type': 'text/plain' } })),
    );
    const { router } = renderApp('/repositories/lake/object?path=notes.txt');
    expect(await screen.findByText('hello', {}, { timeout: 5000 })).toBeVisible();
    let { dialog, box } = await openFinder();
    const recent = await within(dialog).findByRole('group', { name: 'Recent' });
    expect(within(recent).getAllByRole('option').map((o) => o.textContent)).toEqual(['notes.txt']);
    fireEvent.change(box, { target: { value: 'q1' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: 'reports/q1.txt' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ref: 'main', path: 'reports/q1.txt' }), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    ({ dialog, box } = await openFinder());
    const again = await within(dialog).findByRole('group', { name: 'Recent' });
    expect(within(again).getAllByRole('option').map((o) => o.textContent)).toEqual(['reports/q1.txt', 'notes.txt']);
  });

  it('searches the ref the URL names', async () => {
    await openRepository('/repositories/lake/objects?ref=dev');
    await press('t');
    const dialog = await screen.findByRole('dialog', { name: 'Find a file' }, { timeout: 5000 });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Find a file in dev' }), { target: { value: 'q1' } });
    await within(dialog).findByText('1 match');
    expect(finds.map((f) => `${f.pathname}${f.search}`)).toEqual(['/api/v1/repositories/lake/refs/dev/objects/find?q=q1&amount=100']);
  });

  it('moves the active option with the arrows and opens it with Enter', async () => {
    const { router } = await openRepository();
    const { dialog, box } = await openFinder();
    fireEvent.change(box, { target: { value: 'sales' } });
    await within(dialog).findByText('4 matches');
    const selected = () => within(dialog).getByRole('option', { selected: true });
    expect(box.getAttribute('aria-activedescendant')).toBe(selected().id);
    expect(selected().textContent).toBe('data/sales.csv');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(selected().textContent).toBe('data/my-sales.csv');
    expect(box.getAttribute('aria-activedescendant')).toBe(selected().id);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/repositories/lake/object'), { timeout: 5000 });
    expect(router.state.location.search).toEqual({ ref: 'main', path: 'data/my-sales.csv' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Find a file' })).toBeNull(), { timeout: 5000 });
  });

  it('opens the folder of the active match with Ctrl+Enter, and a match by clicking it', async () => {
    const { router } = await openRepository();
    let { dialog, box } = await openFinder();
    fireEvent.change(box, { target: { value: 'q1' } });
    await within(dialog).findByText('1 match');
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(router.state.location.search).toEqual({ ref: 'main', path: 'reports/' }), { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/repositories/lake/objects');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });

    ({ dialog, box } = await openFinder());
    expect(box).toHaveProperty('value', '');
    fireEvent.change(box, { target: { value: 'readme' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: 'sales/readme.md' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ref: 'main', path: 'sales/readme.md' }), { timeout: 5000 });
  });

  it('reads the following pages in the background and renders only the options in view', async () => {
    await openRepository();
    const { dialog, box } = await openFinder();
    fireEvent.change(box, { target: { value: 'part-' } });
    await within(dialog).findByText('600 matches');
    expect(finds.map((f) => f.searchParams.get('after'))).toEqual([null, 'logs/part-099.log', 'logs/part-199.log', 'logs/part-299.log', 'logs/part-399.log', 'logs/part-499.log']);
    const options = within(dialog).getAllByRole('option');
    expect(options.length).toBeLessThan(100);
    expect(options[0]!.getAttribute('aria-setsize')).toBe('600');
    fireEvent.keyDown(box, { key: 'PageDown' });
    expect(box.getAttribute('aria-activedescendant')).toMatch(/-option-599$/);
    // happy-dom does no layout, so the list cannot scroll itself to the active option: the test scrolls it there.
    const viewport = within(dialog).getByRole('listbox').parentElement!;
    viewport.scrollTop = 600 * 36;
    fireEvent.scroll(viewport);
    const last = await within(dialog).findByRole('option', { name: 'logs/part-599.log' });
    expect(last.getAttribute('aria-selected')).toBe('true');
    expect(last.getAttribute('aria-posinset')).toBe('600');
    expect(box.getAttribute('aria-activedescendant')).toBe(last.id);
  });

  it('says when nothing matches, and closes on Escape', async () => {
    await openRepository();
    const { dialog, box } = await openFinder();
    fireEvent.change(box, { target: { value: 'parquet' } });
    expect(await within(dialog).findByText('No files match "parquet"')).toBeVisible();
    expect(within(dialog).queryAllByRole('option')).toEqual([]);
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Find a file' })).toBeNull(), { timeout: 5000 });
  });

  it('shows the server’s message when the search fails, and searches again on Retry', async () => {
    await openRepository();
    server.use(
      http.get('*/api/v1/repositories/lake/refs/:ref/objects/find', () => failure(500, 'scan exploded'), {
        once: true,
      }),
    );
    const { dialog, box } = await openFinder();
    fireEvent.change(box, { target: { value: 'q1' } });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('scan exploded');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByRole('option', { name: 'reports/q1.txt' })).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('opens on Ctrl+K and ⌘K, but not while the user types in a field', async () => {
    await openRepository();
    const search = screen.getByPlaceholderText('Search by prefix');
    fireEvent.keyDown(search, { key: 't' });
    fireEvent.keyDown(search, { key: 'y' });
    fireEvent.keyDown(search, { key: '?' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await press('k', { ctrlKey: true });
    expect(await screen.findByRole('dialog', { name: 'Find a file' }, { timeout: 5000 })).toBeVisible();
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    await press('k', { metaKey: true });
    expect(await screen.findByRole('dialog', { name: 'Find a file' }, { timeout: 5000 })).toBeVisible();
  });
});

describe('permalink (y)', () => {
  it('puts the commit the branch points at into the address, keeping the page and its parameters', async () => {
    const { router } = await openRepository('/repositories/lake/objects?path=data%2F', 'a.csv');
    await press('y');
    await waitFor(() => expect(router.state.location.search).toEqual({ ref: 'c1', path: 'data/' }), { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/repositories/lake/objects');
    expect(await screen.findByText('Permalink: the address now names commit c1')).toBeVisible();
    // The address was replaced, not added to: going back leaves the repository.
    expect(router.history.length).toBe(1);
  });
});

describe('keyboard shortcuts (?)', () => {
  it('lists every shortcut with its keys', async () => {
    await openRepository();
    await press('?', { shiftKey: true });
    // The shortcuts dialog is loaded on first use: slow on a loaded machine.
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, { timeout: 5000 });
    for (const group of shortcutGroups) {
      const table = within(dialog).getByRole('table', { name: group.title });
      for (const shortcut of group.shortcuts) expect(within(table).getByText(shortcut.description)).toBeVisible();
    }
    const find = within(dialog).getByText('Find a file in the current ref').closest('tr')!;
    expect([...find.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['t', 'Ctrl', 'K', '⌘', 'K']);
    const listing = within(dialog).getByRole('table', { name: 'Object listing' });
    const listingKeys = [...listing.querySelectorAll('kbd')].map((k) => k.textContent);
    expect(listingKeys.slice(0, 4)).toEqual(['Up', 'Down', 'Left', 'Right']);
    expect(listingKeys).toEqual(expect.arrayContaining(['Home', 'End', 'Enter', 'Space', 'Shift', 'F2', 'Escape']));
  });
});

describe('which key presses the page leaves alone', () => {
  it('leaves those typed into a field, an editor or a dialog to them', () => {
    document.body.innerHTML = `
      <input id="text"><input id="box" type="checkbox"><textarea id="area"></textarea>
      <div contenteditable="true"><p id="editable">x</p></div>
      <div class="cm-editor"><div id="sql">SELECT</div></div>
      <div role="dialog"><button id="in-dialog">OK</button></div>
      <button id="page-button">Upload</button>`;
    const at = (id: string) => document.getElementById(id);
    for (const id of ['text', 'area', 'editable', 'sql', 'in-dialog']) expect(isOwnedByFocus(at(id)), id).toBe(true);
    for (const id of ['box', 'page-button']) expect(isOwnedByFocus(at(id)), id).toBe(false);
    expect(isOwnedByFocus(document.body)).toBe(false);
    expect(isOwnedByFocus(null)).toBe(false);
  });
});
