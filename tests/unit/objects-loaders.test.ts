import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ObjectStats, Page } from '../../src/api/types';
import { readmeInPage } from '../../src/loaders/readme';
import { loadRepositoryPage, repositoryRead } from '../../src/loaders/repository';

const entry = (path: string, size = 10): ObjectStats => ({ path, path_type: 'object', size_bytes: size, physical_address: 'p', checksum: 'x', mtime: 1 });
const pageOf = (paths: string[], hasMore = false): Page<ObjectStats> => ({
  results: paths.map((p) => entry(p)),
  pagination: { has_more: hasMore, next_offset: hasMore ? (paths.at(-1) ?? '') : '', results: paths.length, max_per_page: 100 },
});

describe('README.md from the first page', () => {
  const deps = { path: 'docs/', after: undefined, search: '' };

  it('takes its size from the page when listed', () => {
    expect(readmeInPage('docs/README.md', { ...pageOf([]), results: [entry('docs/README.md', 42)] }, deps)).toEqual({ size: 42 });
  });

  it('knows it is absent only where the page covers its place', () => {
    expect(readmeInPage('docs/README.md', pageOf(['docs/a']), deps)).toBe('absent');
    expect(readmeInPage('docs/README.md', pageOf(['docs/A', 'docs/Z'], true), deps)).toBe('absent');
    expect(readmeInPage('docs/README.md', pageOf(['docs/A', 'docs/B'], true), deps)).toBeUndefined();
    expect(readmeInPage('docs/README.md', pageOf(['docs/a']), { ...deps, after: 'docs/S' })).toBeUndefined();
    expect(readmeInPage('docs/README.md', pageOf(['docs/notes']), { ...deps, search: 'n' })).toBeUndefined();
    expect(readmeInPage('docs/README.md', undefined, deps)).toBeUndefined();
  });
});

describe('repository page loader', () => {
  const requests: string[] = [];
  const server = setupServer(
    http.get('*/api/v1/repositories/lake', () => {
      requests.push('repository');
      return HttpResponse.json({ id: 'lake', default_branch: 'main', storage_namespace: 'local://lake', creation_date: 1 });
    }),
    http.get('*/api/v1/repositories/gone', () => HttpResponse.json({ message: 'not found' }, { status: 404 })),
    http.get('*/api/v1/repositories/gone/*', () => HttpResponse.json({ message: 'not found' }, { status: 404 })),
    http.get('*/api/v1/repositories/lake/branches/:branch', ({ params }) => {
      requests.push(`branch ${String(params.branch)}`);
      return params.branch === 'main' ? HttpResponse.json({ id: 'main', commit_id: 'c1' }) : HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
    http.get('*/api/v1/repositories/lake/tags/:tag', () => HttpResponse.json({ message: 'not found' }, { status: 404 })),
    http.get('*/api/v1/repositories/lake/commits/:id', () => HttpResponse.json({ message: 'not found' }, { status: 404 })),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => (requests.length = 0));
  afterAll(() => server.close());

  it('resolves the default branch, and shares its repository read with a child loader', async () => {
    const read = repositoryRead('lake');
    const [page, repo] = await Promise.all([loadRepositoryPage(read, 'lake', undefined), read.current()]);
    expect(page.resolvedRef).toEqual({ name: 'main', ref: { kind: 'branch', id: 'main', commitId: 'c1' } });
    expect(repo.default_branch).toBe('main');
    await read.current();
    expect(requests).toEqual(['repository', 'branch main']);
    await read.fresh();
    expect(requests).toEqual(['repository', 'branch main', 'repository']);
  });

  it("reports a ref that resolves to nothing beside the repository, and a missing repository by name", async () => {
    const page = await loadRepositoryPage(repositoryRead('lake'), 'lake', 'nope');
    expect(page.repo.id).toBe('lake');
    expect((page.resolvedRef.error as Error).message).toBe('ref not found');
    await expect(loadRepositoryPage(repositoryRead('gone'), 'gone', 'main')).rejects.toThrow('could not find repository gone');
  });
});
