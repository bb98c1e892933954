// The file finder (GET .../refs/{ref}/objects/find): the query's letters in order in the path, in any case, over
// committed ranges and staging, each page best first, with `after` paging in path order, over any ref; and a page cut
// short by the time budget that the client continues from next_offset without losing or repeating a match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commit, ErrorBody, FoundObject, FoundObjectList } from '../../../server/http/wire';
import { addUser, client, startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;

const committed = ['Data/Report-2024.CSV', 'data/report-2023.csv', 'data/summary.txt', 'logs/2024/app.log', 'logs/2024/report.log', 'readme.md'];

async function commit(repo: string, branch: string, message: string): Promise<Commit> {
  const res = await api.post<Commit>(`/repositories/${repo}/branches/${branch}/commits`, { message });
  expect(res.status).toBe(201);
  return res.body;
}

const find = (repo: string, ref: string, query: Record<string, string>) =>
  api.get<FoundObjectList>(`/repositories/${repo}/refs/${encodeURIComponent(ref)}/objects/find?${new URLSearchParams(query).toString()}`);

const paths = (list: FoundObjectList) => list.results.map((r) => r.path);
/** In path order (code units, as the store orders paths): what a page holds, whatever its ranking. */
const sorted = (list: string[]) => [...list].sort();

/** Every page of a query, following next_offset. */
async function allPages(target: Client, repo: string, ref: string, q: string, amount: number): Promise<FoundObjectList[]> {
  const pages: FoundObjectList[] = [];
  let after = '';
  for (;;) {
    const res = await target.get<FoundObjectList>(
      `/repositories/${repo}/refs/${ref}/objects/find?${new URLSearchParams({ q, amount: String(amount), after }).toString()}`,
    );
    expect(res.status).toBe(200);
    pages.push(res.body);
    if (!res.body.pagination.has_more) return pages;
    expect(res.body.pagination.next_offset > after).toBe(true);
    after = res.body.pagination.next_offset;
  }
}

let firstCommit: Commit;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
  expect((await api.post('/repositories', { name: 'finder', storage_namespace: 'local://finder' })).status).toBe(201);
  for (const path of committed) expect((await api.upload('finder', 'main', path, `content of ${path}`)).status).toBe(201);
  firstCommit = await commit('finder', 'main', 'first');
  expect((await api.post('/repositories/finder/tags', { id: 'v1', ref: 'main' })).status).toBe(201);
  // Staging on top: a new match, a changed match and a deleted match.
  expect((await api.upload('finder', 'main', 'data/report-2025.csv', 'new', { 'content-type': 'text/csv' })).status).toBe(201);
  expect((await api.upload('finder', 'main', 'data/report-2023.csv', 'changed: longer than before')).status).toBe(201);
  expect((await api.delete('/repositories/finder/branches/main/objects?path=logs/2024/report.log')).status).toBe(204);
});
afterAll(async () => {
  await server.close();
});

describe('matching', () => {
  it('finds paths containing the text in any case, in path order, with their size, time and type', async () => {
    const res = await find('finder', 'main', { q: 'REPORT-202' });
    expect(res.status).toBe(200);
    expect(paths(res.body)).toEqual(['Data/Report-2024.CSV', 'data/report-2023.csv', 'data/report-2025.csv']);
    expect(res.body.pagination).toEqual({ has_more: false, next_offset: '', results: 3, max_per_page: 1000 });
    const [first, , added] = res.body.results as [FoundObject, FoundObject, FoundObject];
    expect(first).toMatchObject({ size_bytes: 'content of Data/Report-2024.CSV'.length, content_type: 'text/plain;charset=UTF-8' });
    expect(first.mtime).toBeGreaterThan(1_600_000_000);
    expect(added).toMatchObject({ path: 'data/report-2025.csv', size_bytes: 3, content_type: 'text/csv' });
  });

  it('matches anywhere in the full path, folder names included', async () => {
    expect(paths((await find('finder', 'main', { q: '2024/' })).body)).toEqual(['logs/2024/app.log']);
    // The run 'a/s' first, then the paths holding its letters apart ('dat|a/| ... .c|s|v').
    expect(paths((await find('finder', 'main', { q: 'a/s' })).body)).toEqual([
      'data/summary.txt',
      'Data/Report-2024.CSV',
      'data/report-2023.csv',
      'data/report-2025.csv',
    ]);
    expect(paths((await find('finder', 'main', { q: 'no-such-text' })).body)).toEqual([]);
  });

  it('a match never spans two paths', async () => {
    // "summary.txt" ends one path and "logs" begins the next in path order.
    expect(paths((await find('finder', 'main', { q: 'txtlogs' })).body)).toEqual([]);
    expect(paths((await find('finder', 'main', { q: 'txt\nlogs' })).body)).toEqual([]);
  });
});

describe('letters in order', () => {
  const lake = [
    'Archive/Lakes-2019.CSV',
    'data/csv/lk.txt',
    'data/lakes.csv',
    'data/lakes/readme.md',
    'docs/guide.md',
    'l/a/k/e/s.txt',
    'lkcsv.txt',
    'logs/kafka/consumers.csv',
    'raw/lakes.csv',
  ];

  beforeAll(async () => {
    expect((await api.post('/repositories', { name: 'lake', storage_namespace: 'local://lake' })).status).toBe(201);
    for (const path of lake) expect((await api.upload('lake', 'main', path, 'x')).status).toBe(201);
    await commit('lake', 'main', 'lake');
  });

  it('finds a path holding the letters apart: "lkcsv" finds data/lakes.csv', async () => {
    const res = await find('lake', 'main', { q: 'lkcsv' });
    expect(res.status).toBe(200);
    expect(paths(res.body)).toContain('data/lakes.csv');
    // Letters out of order are no match: data/csv/lk.txt holds c, s, v only before l, k.
    expect(paths(res.body)).not.toContain('data/csv/lk.txt');
    // Spaces in the query are not letters.
    expect(paths((await find('lake', 'main', { q: ' lk  csv ' })).body)).toEqual(paths(res.body));
  });

  it('ranks a run of the letters first, then letters that start a word or a folder, in the name, in a shorter path', async () => {
    expect(paths((await find('lake', 'main', { q: 'lkcsv' })).body)).toEqual([
      'lkcsv.txt',
      'raw/lakes.csv',
      'data/lakes.csv',
      'Archive/Lakes-2019.CSV',
      'logs/kafka/consumers.csv',
    ]);
    expect(paths((await find('lake', 'main', { q: 'lakes' })).body)).toEqual([
      // The run in the name, shorter path first.
      'raw/lakes.csv',
      'data/lakes.csv',
      'Archive/Lakes-2019.CSV',
      // The run in a folder.
      'data/lakes/readme.md',
      // Scattered letters come after every run, even each starting a folder.
      'l/a/k/e/s.txt',
      'logs/kafka/consumers.csv',
    ]);
  });

  it('answers no match for letters no path holds in order', async () => {
    for (const q of ['lkcsvq', 'vsckl', 'zebra']) {
      const res = await find('lake', 'main', { q });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ results: [], pagination: { has_more: false, next_offset: '', results: 0, max_per_page: 1000 } });
    }
    // Spaces only: no letters, no match.
    expect(paths((await find('lake', 'main', { q: '   ' })).body)).toEqual([]);
  });

  it('matches in any case, the query’s and the path’s', async () => {
    const lower = paths((await find('lake', 'main', { q: 'lkcsv' })).body);
    expect(paths((await find('lake', 'main', { q: 'LKCSV' })).body)).toEqual(lower);
    expect(paths((await find('lake', 'main', { q: 'LkCsV' })).body)).toEqual(lower);
    expect(lower).toContain('Archive/Lakes-2019.CSV');
  });
});

describe('staging and refs', () => {
  it('on a branch, staged values win and staged deletions hide committed paths', async () => {
    const res = await find('finder', 'main', { q: 'report' });
    expect(paths(res.body)).toEqual(['Data/Report-2024.CSV', 'data/report-2023.csv', 'data/report-2025.csv']);
    expect(res.body.results[1]?.size_bytes).toBe('changed: longer than before'.length);
  });

  it('a tag, a commit id and a ref expression see the committed tree only', async () => {
    const expected = ['Data/Report-2024.CSV', 'data/report-2023.csv', 'logs/2024/report.log'];
    expect(paths((await find('finder', 'v1', { q: 'report' })).body)).toEqual(expected);
    const byId = (await find('finder', firstCommit.id, { q: 'report' })).body;
    expect(paths(byId)).toEqual(expected);
    expect(byId.results[1]?.size_bytes).toBe('content of data/report-2023.csv'.length);
    await commit('finder', 'main', 'second');
    expect(paths((await find('finder', 'main~1', { q: 'report' })).body)).toEqual(expected);
    expect(paths((await find('finder', 'main', { q: 'report' })).body)).toEqual(['Data/Report-2024.CSV', 'data/report-2023.csv', 'data/report-2025.csv']);
  });
});

describe('paging', () => {
  it('pages with amount and after, whose union is every match once', async () => {
    const pages = await allPages(api, 'finder', 'main', 'a', 2);
    expect(pages.map((p) => p.results.length)).toEqual([2, 2, 2]);
    // Each page holds the next matches in path order, and its cursor is the last of them.
    expect(pages.slice(0, 2).every((p) => p.pagination.next_offset === sorted(paths(p))[1])).toBe(true);
    const whole = paths((await find('finder', 'main', { q: 'a' })).body);
    expect(whole).toHaveLength(6);
    expect(pages.flatMap((p) => sorted(paths(p)))).toEqual(sorted(whole));
  });

  it('starts strictly after `after`', async () => {
    expect(paths((await find('finder', 'main', { q: 'report', after: 'data/report-2023.csv' })).body)).toEqual(['data/report-2025.csv']);
    expect(paths((await find('finder', 'main', { q: 'report', after: 'zzz' })).body)).toEqual([]);
  });
});

describe('input and errors', () => {
  it('refuses a missing, empty or too long query with 400 naming q', async () => {
    const base = '/repositories/finder/refs/main/objects/find';
    for (const query of ['', '?q=', `?q=${'x'.repeat(1025)}`]) {
      const res = await api.get<ErrorBody>(`${base}${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/\bq\b/);
    }
    expect((await api.get(`${base}?q=${'x'.repeat(1024)}`)).status).toBe(200);
    expect((await api.get<ErrorBody>(`${base}?q=a&amount=many`)).status).toBe(400);
  });

  it('bounds amount as the other listings do', async () => {
    expect((await find('finder', 'main', { q: 'a', amount: '1000' })).body.pagination.max_per_page).toBe(1000);
    expect((await find('finder', 'main', { q: 'a', amount: '5000' })).status).toBe(400);
    expect((await find('finder', 'main', { q: 'a', amount: '0' })).body.results).toHaveLength(6);
  });

  it('answers 404 for an unknown ref or repository', async () => {
    expect((await find('finder', 'nope', { q: 'a' })).status).toBe(404);
    expect((await find('nope', 'main', { q: 'a' })).status).toBe(404);
  });
});

describe('permissions', () => {
  it('needs fs:ListObjects on the repository, as listing does', async () => {
    const statement = (action: string) => [{ effect: 'allow', action: [action], resource: 'arn:lakefs:fs:::repository/finder' }];
    expect((await api.post('/auth/policies', { id: 'FinderList', statement: statement('fs:ListObjects') })).status).toBe(201);
    expect((await api.post('/auth/policies', { id: 'FinderRead', statement: statement('fs:ReadRepository') })).status).toBe(201);
    const lister = client(server, (await addUser(api, 'lister', { policies: ['FinderList'] })).authorization);
    const reader = client(server, (await addUser(api, 'reader', { policies: ['FinderRead'] })).authorization);
    expect((await lister.get<FoundObjectList>('/repositories/finder/refs/main/objects/find?q=readme')).body.results).toHaveLength(1);
    const refused = await reader.get<ErrorBody>('/repositories/finder/refs/main/objects/find?q=readme');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toContain('fs:ListObjects');
  });
});

describe('the time budget', () => {
  let budgeted: TestServer;
  let tight: Client;
  const count = 700;
  const name = (i: number) => `part-${String(Math.floor(i / 100))}/file-${String(i).padStart(4, '0')}.bin`;

  beforeAll(async () => {
    // No time at all: each page looks at one step of paths per source, so the scan crosses many pages.
    let authorization: string;
    ({ server: budgeted, authorization } = await startWithAdmin({ findBudgetMs: 0 }));
    tight = client(budgeted, authorization);
    expect((await tight.post('/repositories', { name: 'many', storage_namespace: 'local://many' })).status).toBe(201);
    const indexes = Array.from({ length: count }, (_, i) => i);
    for (let i = 0; i < count; i += 20) {
      const uploads = await Promise.all(indexes.slice(i, i + 20).map((k) => tight.upload('many', 'main', name(k), 'x')));
      expect(uploads.every((u) => u.status === 201)).toBe(true);
    }
    expect((await tight.post('/repositories/many/branches/main/commits', { message: 'many' })).status).toBe(201);
    // Staged on top: two new matches, one deleted match.
    expect((await tight.upload('many', 'main', 'part-3/FILE-0007.extra', 'y')).status).toBe(201);
    expect((await tight.upload('many', 'main', 'zzz/file-0007', 'z')).status).toBe(201);
    expect((await tight.delete(`/repositories/many/branches/main/objects?path=${name(507)}`)).status).toBe(204);
  });
  afterAll(async () => {
    await budgeted.close();
  });

  it('answers short pages with has_more when time runs out, and the pages still hold every match once', async () => {
    // A 0 and, later, a 7.
    const committedMatches = Array.from({ length: count }, (_, i) => name(i)).filter((p) => /0.*7/.test(p) && p !== name(507));
    const want = [...committedMatches, 'part-3/FILE-0007.extra', 'zzz/file-0007'].sort();
    const pages = await allPages(tight, 'many', 'main', '07', 1000);
    expect(pages.flatMap((p) => sorted(paths(p)))).toEqual(want);
    // One page would hold them all: the others come from pages cut short by the budget.
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every((p) => p.pagination.has_more && p.results.length < 1000)).toBe(true);
  });

  it('a query with no match walks the whole tree in pages and ends', async () => {
    const pages = await allPages(tight, 'many', 'main', 'absent', 100);
    expect(pages.flatMap(paths)).toEqual([]);
    expect(pages.length).toBeGreaterThan(2);
  });
});
