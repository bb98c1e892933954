import { describe, expect, it } from 'vitest';
import { ZIP_LOOKAHEAD, ZIP_PROGRESS_INTERVAL_MS, zipEntryName, zipObjects, type ZipFailure, type ZipProgress } from '../../src/machines/bulk-download/zip-objects';
import { readZip } from '../e2e/fixtures/zip-reader';

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('zip of objects', () => {
  it('names entries relative to the folder, never climbing out of it', () => {
    expect(zipEntryName('data/2024/a.csv', 'data/')).toBe('2024/a.csv');
    expect(zipEntryName('a.csv', '')).toBe('a.csv');
    expect(zipEntryName('data/../../etc/passwd', 'data/')).toBe('etc/passwd');
    expect(zipEntryName('/abs//./x', '')).toBe('abs/x');
    expect(zipEntryName('data/..', 'data/')).toBe('_');
  });

  it('fetches the objects a few ahead of the writer, skips and reports the ones that fail, and reports progress', async () => {
    const contents: Record<string, string> = { 'data/a.csv': 'id\n1\n', 'data/sub/b.txt': 'bee', 'data/c.json': '{}' };
    const fetched: string[] = [];
    const read: string[] = [];
    // When an object is asked for, fewer than ZIP_LOOKAHEAD earlier responses are still unread.
    const unreadWhenFetched: string[][] = [];
    const fetchObject = async (path: string) => {
      unreadWhenFetched.push(fetched.filter((p) => contents[p] !== undefined && !read.includes(p)));
      fetched.push(path);
      const content = contents[path];
      if (content === undefined) throw new Error(`${path}: not found`);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new TextEncoder().encode(content));
          controller.close();
          read.push(path);
        },
      });
      return new Response(body);
    };
    const progress: ZipProgress[] = [];
    const failures: ZipFailure[] = [];
    const zip = zipObjects({
      paths: ['data/a.csv', 'data/gone.csv', 'data/sub/b.txt', 'data/c.json'],
      dir: 'data/',
      fetchObject,
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
      onFailure: (f) => failures.push(f),
    });
    const entries = readZip(await collect(zip));
    expect(entries.map((e) => [e.name, e.content.toString()])).toEqual([
      ['a.csv', 'id\n1\n'],
      ['sub/b.txt', 'bee'],
      ['c.json', '{}'],
    ]);
    expect(failures).toEqual([{ path: 'data/gone.csv', message: 'data/gone.csv: not found' }]);
    expect(progress.at(-1)).toEqual({ files: 3, bytes: 'id\n1\n'.length + 3 + 2 });
    expect(fetched).toEqual(['data/a.csv', 'data/gone.csv', 'data/sub/b.txt', 'data/c.json']);
    expect(unreadWhenFetched.every((unread) => unread.length < ZIP_LOOKAHEAD)).toBe(true);
  });

  it('keeps at most ZIP_LOOKAHEAD responses open, and does request ahead', async () => {
    const paths = Array.from({ length: 12 }, (_, i) => `f${i}`);
    let open = 0;
    let mostOpen = 0;
    const zip = zipObjects({
      paths,
      dir: '',
      fetchObject: async (path) => {
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.enqueue(new TextEncoder().encode(path));
            controller.close();
            open -= 1;
          },
        });
        return new Response(body);
      },
      signal: new AbortController().signal,
      onProgress: () => undefined,
      onFailure: () => undefined,
    });
    expect(readZip(await collect(zip)).map((e) => e.name)).toEqual(paths);
    expect(mostOpen).toBeGreaterThan(1);
    expect(mostOpen).toBeLessThanOrEqual(ZIP_LOOKAHEAD);
  });

  it('reports progress at most every ZIP_PROGRESS_INTERVAL_MS, and always the final count', async () => {
    const paths = Array.from({ length: 400 }, (_, i) => `f${i}`);
    const progress: ZipProgress[] = [];
    const started = performance.now();
    const zip = zipObjects({
      paths,
      dir: '',
      fetchObject: async (path) => new Response(path),
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p),
      onFailure: () => undefined,
    });
    expect(readZip(await collect(zip))).toHaveLength(paths.length);
    const elapsed = performance.now() - started;
    // One report when the first bytes arrive, then one per interval at most, and the final one.
    expect(progress.length).toBeLessThanOrEqual(2 + Math.ceil(elapsed / ZIP_PROGRESS_INTERVAL_MS));
    expect(progress.at(-1)).toEqual({ files: 400, bytes: paths.join('').length });
  });

  it('stops fetching once aborted', async () => {
    const controller = new AbortController();
    const fetched: string[] = [];
    const zip = zipObjects({
      paths: ['a', 'b', 'c'],
      dir: '',
      fetchObject: async (path) => {
        fetched.push(path);
        controller.abort();
        return new Response('x');
      },
      signal: controller.signal,
      onProgress: () => undefined,
      onFailure: () => undefined,
    });
    await collect(zip);
    expect(fetched).toEqual(['a']);
  });
});
