// The object page's loader starts the SQL engine (DuckDB-WASM) as soon as the stat says a data file is opened, so
// that it loads beside the page; for any other object it never loads DuckDB.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ObjectStats } from '../../server/http/wire';
import { loadObject } from '../../src/routes/repositories/$repoId/-load-object';

const engineStarts = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/lib/sql/engine-loader', () => ({
  startSqlEngine: () => {
    engineStarts.count += 1;
  },
}));

const objects: Record<string, string> = {
  'data/lakes.parquet': 'application/octet-stream',
  'data/lakes.csv': 'text/plain',
  'exports/lakes.bin': 'application/vnd.apache.parquet',
  'notes/readme.txt': 'text/plain',
  'logo.png': 'image/png',
};

const server = setupServer(
  http.get('*/api/v1/repositories/lake/refs/main/objects/stat', ({ request }) => {
    const path = new URL(request.url).searchParams.get('path') ?? '';
    const contentType = objects[path];
    if (!contentType) return HttpResponse.json({ message: 'not found' }, { status: 404 });
    return HttpResponse.json<ObjectStats>({ path, path_type: 'object', content_type: contentType, size_bytes: 12, mtime: 1, checksum: 'x', physical_address: 'p' });
  }),
  http.get('*/api/v1/repositories/lake/refs/main/objects', () => HttpResponse.text('some text')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => (engineStarts.count = 0));
afterAll(() => server.close());

const load = (path: string) => loadObject('lake', 'main', path, new AbortController().signal);

describe('the object loader and the SQL engine', () => {
  it('starts the engine for a data file, known by its extension or by its content type', async () => {
    for (const path of ['data/lakes.parquet', 'data/lakes.csv', 'exports/lakes.bin']) {
      const before = engineStarts.count;
      const loaded = await load(path);
      expect(loaded).toMatchObject({ status: 'found', renderer: 'data' });
      expect(engineStarts.count, path).toBe(before + 1);
    }
  });

  it('does not start it for a text file, an image or a missing object', async () => {
    expect(await load('notes/readme.txt')).toMatchObject({ status: 'found', renderer: 'text', content: { kind: 'text', text: 'some text' } });
    expect(await load('logo.png')).toMatchObject({ status: 'found', renderer: 'image' });
    expect(await load('data/missing.parquet')).toMatchObject({ status: 'failed' });
    expect(engineStarts.count).toBe(0);
  });
});
