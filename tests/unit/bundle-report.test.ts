// The bundle budget covers every route: each is measured with the layouts above it and nothing a browser would not
// load for it, and any over the budget is named.
import { describe, expect, it } from 'vitest';
import { BUDGET_BYTES, overBudget, routeSizesOf, type Manifest } from '../../scripts/bundle-report';

const split = (file: string, part = 'component') => `src/routes/${file}?tsr-split=${part}`;

/** A build as the router plugin splits it, each file's size in KB given by its name's number. */
const manifest: Manifest = {
  'index.html': { file: 'entry-100.js', isEntry: true, imports: ['_react-50.js'] },
  '_react-50.js': { file: 'react-50.js' },
  '_table-30.js': { file: 'table-30.js' },
  [split('repositories/index.tsx')]: { file: 'repos-20.js', imports: ['_table-30.js'] },
  [split('repositories/$repoId/route.tsx')]: { file: 'layout-10.js' },
  [split('repositories/$repoId/route.tsx', 'errorComponent')]: { file: 'layout-error-1.js' },
  [split('repositories/$repoId/objects.tsx')]: { file: 'objects-60.js', imports: ['_table-30.js', '_react-50.js'] },
  [split('repositories/$repoId/-load-object.ts')]: { file: 'load-object-5.js' },
  [split('setup.tsx')]: { file: 'setup-2.js' },
  [split('__root.tsx')]: { file: 'root-3.js' },
  'src/ui/objects/UploadDialog.tsx': { file: 'upload-40.js' },
};
const sizeOf = (file: string) => Number(/-(\d+)\.js$/.exec(file)?.[1]) * 1024;

describe('route sizes', () => {
  const sizes = routeSizesOf(manifest, sizeOf);
  const kb = (route: string) => (sizes.find((s) => s.route === route)?.gzipBytes ?? NaN) / 1024;

  it('lists every route the router renders, and none of the files it ignores', () => {
    expect(sizes.map((s) => s.route)).toEqual(['/repositories', '/repositories/:repoId', '/repositories/:repoId/objects', '/setup']);
  });

  it("counts the entry, the route's chunks, its layouts' chunks and their static imports, each file once", () => {
    expect(kb('/repositories')).toBe(100 + 50 + 20 + 30);
    expect(kb('/repositories/:repoId')).toBe(100 + 50 + 10 + 1);
    // The repositories list (an index page, no layout) is not loaded under a repository; a lazy chunk never counts.
    expect(kb('/repositories/:repoId/objects')).toBe(100 + 50 + 10 + 1 + 60 + 30);
  });

  it('names the routes over the budget, largest first', () => {
    expect(overBudget(sizes, 200 * 1024).map((s) => s.route)).toEqual(['/repositories/:repoId/objects']);
    expect(overBudget(sizes, 300 * 1024)).toEqual([]);
    expect(BUDGET_BYTES).toBe(250 * 1024);
  });
});
