import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAdmin, type Client, type Page, type TestServer } from './harness';

let server: TestServer;
let api: Client;

/** Object listings and diffs alike: only the fields the paging checks read. */
type Listing = Page<{ path?: string; id?: string }>;

const total = 1005;
const name = (i: number) => `obj-${String(i).padStart(5, '0')}`;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'pages', storage_namespace: 'local://pages' })).status).toBe(201);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < total) {
        const i = next++;
        expect((await api.upload('pages', 'main', name(i), String(i))).status).toBe(201);
      }
    }),
  );
});
afterAll(async () => {
  await server.close();
});

describe('pagination', () => {
  it('treats amount <= 0 (and no amount) as 100', async () => {
    for (const query of ['', '?amount=0', '?amount=-1']) {
      const page = await api.get<Listing>(`/repositories/pages/refs/main/objects/ls${query}`);
      expect(page.body.results).toHaveLength(100);
      expect(page.body.pagination).toEqual({ has_more: true, next_offset: name(99), results: 100, max_per_page: 1000 });
    }
  });

  it('pages at most 1000 and walks every object exactly once with after', async () => {
    expect((await api.get('/repositories/pages/refs/main/objects/ls?amount=5000')).status).toBe(400);
    const big = await api.get<Listing>('/repositories/pages/refs/main/objects/ls?amount=1000');
    expect(big.body.results).toHaveLength(1000);
    expect(big.body.pagination.has_more).toBe(true);
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = await api.get<Listing>(`/repositories/pages/refs/main/objects/ls?amount=333&after=${after}`);
      seen.push(...page.body.results.map((r) => r.path as string));
      if (!page.body.pagination.has_more) {
        expect(page.body.pagination.next_offset).toBe('');
        break;
      }
      after = page.body.pagination.next_offset;
    }
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => name(i)));
  });

  it('pages the uncommitted diff the same way', async () => {
    const page = await api.get<Listing>('/repositories/pages/branches/main/diff?amount=1000');
    expect(page.body.pagination).toMatchObject({ has_more: true, next_offset: name(999), results: 1000 });
    const rest = await api.get<Listing>(`/repositories/pages/branches/main/diff?after=${name(999)}`);
    expect(rest.body.results.map((r) => r.path)).toEqual([name(1000), name(1001), name(1002), name(1003), name(1004)]);
  });
});
