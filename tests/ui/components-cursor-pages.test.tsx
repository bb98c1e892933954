import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Page } from '../../src/api/types';
import { useCursorPages } from '../../src/ui/components/useCursorPages';

/** A server of `total` numbered rows, `size` a page, answering with the cursor after the page's last row. */
function pagedRows(total: number, size: number) {
  const asked: (string | undefined)[] = [];
  const fetchPage = (after: string | undefined): Promise<Page<string>> => {
    asked.push(after);
    const start = after === undefined ? 0 : Number(after) + 1;
    const results = Array.from({ length: Math.min(size, total - start) }, (_, i) => String(start + i));
    const last = results.at(-1) ?? '';
    const hasMore = start + results.length < total;
    return Promise.resolve({ results, pagination: { has_more: hasMore, next_offset: hasMore ? last : '', results: results.length, max_per_page: size } });
  };
  return { fetchPage, asked };
}

describe('useCursorPages', () => {
  it('appends each page to the loaded rows in place, and starts a new array when the list starts over', async () => {
    const server = pagedRows(25, 10);
    const { result } = renderHook(() => useCursorPages(server.fetchPage));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const first = result.current.rows;
    expect(first).toEqual(Array.from({ length: 10 }, (_, i) => String(i)));
    const firstVersion = result.current.version;

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows.length).toBe(20));
    expect(result.current.rows, 'a page grows the same array').toBe(first);
    expect(result.current.version).toBeGreaterThan(firstVersion);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(result.current.rows).toEqual(Array.from({ length: 25 }, (_, i) => String(i)));
    expect(server.asked).toEqual([undefined, '9', '19']);

    const grown = result.current.rows;
    const grownVersion = result.current.version;
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.version).toBeGreaterThan(grownVersion));
    expect(result.current.rows, 'starting over gives a new array').not.toBe(grown);
    expect(result.current.rows).toHaveLength(10);
    expect(grown, 'the rows handed out before are left as they were').toHaveLength(25);
  });
});
