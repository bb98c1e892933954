import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/api/client';
import { findObjects } from '../../src/api/finder';

const base = 'http://localhost/api/v1';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('finder api', () => {
  it('asks for a page of the ref’s paths containing the text, from a cursor', async () => {
    let asked: URL | undefined;
    const page = {
      results: [{ path: 'data/sales.csv', size_bytes: 3, mtime: 1_700_000_000 }],
      pagination: { has_more: true, next_offset: 'data/sales.csv', results: 1, max_per_page: 1000 },
    };
    server.use(
      http.get(`${base}/repositories/lake/refs/:ref/objects/find`, ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json(page);
      }),
    );
    expect(await findObjects('lake', 'feature/x', { q: 'sales csv', after: 'data/a', amount: 100 })).toEqual(page);
    expect(asked?.pathname).toBe('/api/v1/repositories/lake/refs/feature%2Fx/objects/find');
    expect(Object.fromEntries(asked!.searchParams)).toEqual({ q: 'sales csv', after: 'data/a', amount: '100' });
    await findObjects('lake', 'main', { q: 'x' });
    expect(Object.fromEntries(asked!.searchParams)).toEqual({ q: 'x' });
  });

  it('throws the server’s error', async () => {
    server.use(http.get(`${base}/repositories/lake/refs/gone/objects/find`, () => HttpResponse.json({ message: 'ref not found' }, { status: 404 })));
    const error = await findObjects('lake', 'gone', { q: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe('could not find objects: ref not found');
  });
});
