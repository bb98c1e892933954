import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ErrorAlert } from '../../src/ui/components/ErrorAlert';
import { CopyButton } from '../../src/ui/components/CopyButton';
import { ConfirmDialog } from '../../src/ui/components/ConfirmDialog';
import { DataTable } from '../../src/ui/components/DataTable';
import { CellIcon } from '../../src/ui/components/cellIcons';
import { listColumnHelper } from '../../src/ui/components/listTable';
import { NotFoundError } from '../../src/api/client';
import { renderUi } from './render';
import { TarnProvider } from '../../src/ui/theme/TarnProvider';
import { ColorModeToggle } from '../../src/ui/theme/ColorModeToggle';

describe('ErrorAlert', () => {
  it('shows the deepest message of the error in an alert, with a retry that calls back', () => {
    const onRetry = vi.fn();
    renderUi(<ErrorAlert error={new NotFoundError(404, 'could not find repository r1')} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('could not find repository r1');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('CopyButton', () => {
  it('copies the value and shows the copied state for one second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      renderUi(<CopyButton value="abc123" label="commit ID" />);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Copy commit ID' }));
      });
      expect(writeText).toHaveBeenCalledWith('abc123');
      expect(screen.getByRole('button', { name: 'Copied commit ID' })).toBeVisible();
      act(() => vi.advanceTimersByTime(999));
      expect(screen.getByRole('button', { name: 'Copied commit ID' })).toBeVisible();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('button', { name: 'Copy commit ID' })).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('ConfirmDialog', () => {
  it('confirms and cancels through its buttons and shows an error inside', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderUi(
      <ConfirmDialog open title="Delete tag" onConfirm={onConfirm} onCancel={onCancel} error={new Error('boom')}>
        Are you sure?
      </ConfirmDialog>,
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Are you sure?');
    expect(dialog.textContent).toContain('boom');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

interface Item {
  id: string;
}
const helper = listColumnHelper<Item>();
const columns = [helper.accessor('id', { header: 'ID' })];

/** One ID column whose cell reports every render of itself to `rendered`. */
function countingColumns(rendered: (id: string) => void) {
  return [
    helper.accessor('id', {
      header: 'ID',
      cell: (info) => {
        rendered(info.getValue());
        return info.getValue();
      },
    }),
  ];
}

describe('DataTable', () => {
  it('renders rows, the empty state, and asks for the next page', async () => {
    const onLoadMore = vi.fn();
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: `item-${i}` }));
    const { rerender } = renderUi(
      <DataTable label="Items" columns={columns} rows={rows} getRowId={(r) => r.id} hasMore onLoadMore={onLoadMore} />,
    );
    expect(screen.getByRole('table', { name: 'Items' })).toBeVisible();
    expect(screen.getByText('item-4')).toBeVisible();
    // Five rows fit in the viewport, so the table asks for more as soon as they are shown.
    await waitFor(() => expect(onLoadMore).toHaveBeenCalled(), { timeout: 5000 });
    rerender(<DataTable label="Items" columns={columns} rows={[]} getRowId={(r) => r.id} empty={<p>Nothing here</p>} />);
    expect(screen.getByText('Nothing here')).toBeVisible();
  });

  it('keeps only a window of a long list in the DOM', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: `row-${i}` }));
    renderUi(<DataTable label="Long" columns={columns} rows={rows} getRowId={(r) => r.id} />);
    expect(screen.getByText('row-0')).toBeVisible();
    expect(screen.queryByText('row-1999')).toBeNull();
    expect(screen.getAllByRole('row').length).toBeLessThan(100);
  });

  it('renders only the rows that enter the window when it scrolls', async () => {
    const rendered = vi.fn();
    const counting = countingColumns(rendered);
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: `row-${i}` }));
    renderUi(<DataTable label="Long" columns={counting} rows={rows} getRowId={(r) => r.id} rowHeight={40} />);
    const indexes = () => [...document.querySelectorAll<HTMLElement>('tbody tr[data-index]')].map((tr) => Number(tr.dataset.index));
    const before = indexes();
    rendered.mockClear();
    const viewport = screen.getByRole('table', { name: 'Long' }).closest<HTMLElement>('[data-scroll-viewport]');
    if (!viewport) throw new Error('no scroll viewport');
    // Twenty rows down: twenty rows enter the window, the rest that stay in it are not rendered again.
    act(() => {
      viewport.scrollTop = 20 * 40;
      viewport.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(indexes().at(-1)).toBeGreaterThan(before.at(-1) ?? 0), { timeout: 5000 });
    const entered = indexes().filter((index) => !before.includes(index));
    expect(entered.length).toBe(20);
    expect(indexes().length - entered.length, 'rows that stayed in the window').toBeGreaterThan(0);
    expect(rendered.mock.calls.map(([id]) => id as string).sort()).toEqual(entered.map((i) => `row-${i}`).sort());
  });

  it('renders no row again when a page is appended to the loaded rows', () => {
    const rendered = vi.fn();
    const counting = countingColumns(rendered);
    // As the paged-list machine hands them out: a new array holding the same row objects and the new page's.
    let rows = Array.from({ length: 100 }, (_, i) => ({ id: `row-${i}` }));
    const table = (more: boolean) => (
      <DataTable label="Paged" columns={counting} rows={rows} getRowId={(r) => r.id} hasMore={more} onLoadMore={() => undefined} />
    );
    const { rerender } = renderUi(table(true));
    const spacer = () => document.querySelector<HTMLElement>('tbody tr[aria-hidden] > td')?.style.height;
    const before = spacer();
    rendered.mockClear();
    rows = [...rows, ...Array.from({ length: 1000 }, (_, i) => ({ id: `row-${100 + i}` }))];
    rerender(table(false));
    expect(spacer(), 'the space below the window grew by the new rows').not.toBe(before);
    expect(rendered).not.toHaveBeenCalled();
  });

  it('gives each row its own cell components unless told to recycle them: a cell holding what it took from its row at mount shows its own row', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: `row-${i}` }));
    /** Holds the id of the row it was made for, as a cell with an actor made from the row's id would. */
    function FirstSeen({ id }: { id: string }) {
      const [seen] = useState(id);
      return <span>{`made for ${seen}`}</span>;
    }
    const stateful = [helper.display({ id: 'held', header: 'Held', cell: ({ row }) => <FirstSeen id={row.original.id} /> })];
    renderUi(<DataTable label="Held" columns={stateful} rows={rows} getRowId={(r) => r.id} rowHeight={40} />);
    const viewport = screen.getByRole('table', { name: 'Held' }).closest<HTMLElement>('[data-scroll-viewport]');
    if (!viewport) throw new Error('no scroll viewport');
    act(() => {
      viewport.scrollTop = 100 * 40;
      viewport.dispatchEvent(new Event('scroll'));
    });
    expect(await screen.findByText('made for row-100', undefined, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText('made for row-0')).toBeNull();
  });

  it("keeps a grid's focus when the focused row's element goes to a row entering the window, and gives it back", async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: `row-${i}` }));
    renderUi(<DataTable label="Long" columns={columns} rows={rows} getRowId={(r) => r.id} rowHeight={40} grid recycleRows />);
    const grid = screen.getByRole('grid', { name: 'Long' });
    const viewport = grid.closest<HTMLElement>('[data-scroll-viewport]');
    if (!viewport) throw new Error('no scroll viewport');
    const first = screen.getByText('row-0').closest<HTMLElement>('[role="gridcell"]');
    act(() => first?.focus());
    expect(document.activeElement).toBe(first);
    const scrollTo = (row: number) =>
      act(() => {
        viewport.scrollTop = row * 40;
        viewport.dispatchEvent(new Event('scroll'));
      });
    // Thirty rows down, the window's rows are new: the row that takes the first row's place shows another row.
    scrollTo(30);
    await waitFor(() => expect(screen.queryByText('row-0')).toBeNull(), { timeout: 5000 });
    expect(document.activeElement, 'the focus held by the grid').toBe(grid);
    scrollTo(0);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('row-0'), { timeout: 5000 });
    expect(document.activeElement?.getAttribute('role')).toBe('gridcell');
  });

  it('gives every row the height the window arithmetic assumes', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: `row-${i}` }));
    renderUi(<DataTable label="Long" columns={columns} rows={rows} getRowId={(r) => r.id} rowHeight={36} />);
    const rendered = document.querySelectorAll('tbody tr[data-index]');
    const cell = getComputedStyle(screen.getByText('row-0').closest('td') as HTMLElement);
    // A row is as tall as its cells: fixed height, no vertical padding, one line.
    expect(cell.height).toBe('36px');
    expect([cell.paddingTop, cell.paddingBottom]).toEqual(['0px', '0px']);
    expect(cell.whiteSpace).toBe('nowrap');
    expect(cell.overflow).toBe('hidden');
    // The space kept for the rows outside the window is 36 px a row.
    const spacers = [...document.querySelectorAll<HTMLElement>('tbody tr[aria-hidden] > td')];
    const reserved = spacers.reduce((sum, td) => sum + Number.parseFloat(td.style.height), 0);
    expect(reserved).toBe((rows.length - rendered.length) * 36);
  });
});

describe('CellIcon', () => {
  it('is an image named by its label, and hidden from assistive technology without one', () => {
    const { container } = renderUi(
      <p>
        <CellIcon name="folder" label="Folder" />
        <CellIcon name="trash" />
      </p>,
    );
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual(['Folder']);
    expect(container.querySelectorAll('p > [aria-hidden="true"]')).toHaveLength(1);
  });
});

// Rendered in a bare TarnProvider, not renderUi's: that one forces the light theme, which the toggle could not change.
describe('ColorModeToggle', () => {
  it('switches the page between light and dark', async () => {
    render(
      <TarnProvider>
        <ColorModeToggle />
      </TarnProvider>,
    );
    const toDark = await screen.findByRole('button', { name: 'Switch to dark mode' });
    fireEvent.click(toDark);
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true), { timeout: 5000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to light mode' }));
    await waitFor(() => expect(document.documentElement.classList.contains('light')).toBe(true), { timeout: 5000 });
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('tarn:color-mode')).toBe('light');
  });

  it('starts in the stored mode and renders no script element (scripts rendered by React never run)', () => {
    localStorage.setItem('tarn:color-mode', 'dark');
    const { container } = render(
      <TarnProvider>
        <ColorModeToggle />
      </TarnProvider>,
    );
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    expect(container.querySelector('script')).toBeNull();
    localStorage.removeItem('tarn:color-mode');
  });
});
