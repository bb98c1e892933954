// A fake lakeFS for the objects screens: one repository 'lake' with branch main, tag v1 and a folder listing,
// recording every request so tests can tell what was asked, and in what order.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { ObjectStats, Repository } from '../../src/api/types';

export const DAY = 24 * 60 * 60;
export const now = () => Math.floor(Date.now() / 1000);

/** A folder as the listing gives it: lakeFS's common-prefix row, with empty address and checksum. */
export const folderAt = (path: string): ObjectStats => ({ path, path_type: 'common_prefix', physical_address: '', checksum: '', mtime: 0 });

export const objectAt = (path: string, size = 1536): ObjectStats => ({
  path,
  path_type: 'object',
  size_bytes: size,
  mtime: 1_700_000_000,
  checksum: 'x',
  physical_address: 'p',
});

export const page = <T>(results: T[], next = '') => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 1000 },
});

export interface FakeLake {
  repository: Repository;
  /** Entries of each folder ('' for the root), as the server lists them. */
  folders: Record<string, ObjectStats[]>;
  /** Every request, as 'METHOD path?query'. */
  log: string[];
  handlers: HttpHandler[];
}

export function fakeLake(overrides: Partial<Repository> = {}): FakeLake {
  const lake: FakeLake = {
    repository: {
      id: 'lake',
      default_branch: 'main',
      storage_namespace: 'local://lake',
      creation_date: now() - DAY,
      read_only: false,
      ...overrides,
    },
    folders: {
      '': [folderAt('data/'), objectAt('notes.txt')],
      'data/': [objectAt('data/a.csv'), objectAt('data/b.csv')],
    },
    log: [],
    handlers: [],
  };
  const record = (request: Request) => {
    const url = new URL(request.url);
    lake.log.push(`${request.method} ${url.pathname.replace('/api/v1', '')}${url.search}`);
  };
  lake.handlers = [
    http.get('*/api/v1/user', () => HttpResponse.json({ user: { id: 'ada', creation_date: 1 } })),
    http.get('*/api/v1/config', () => HttpResponse.json({ version_config: { version: '1.0.0' }, storage_config: { blockstore_type: 'local' } })),
    http.get('*/api/v1/setup_lakefs', () => HttpResponse.json({ state: 'initialized' })),
    http.get('*/api/v1/auth/capabilities', () => HttpResponse.json({ invite_user: false, forgot_password: false })),
    http.get('*/api/v1/repositories/lake', ({ request }) => {
      record(request);
      return HttpResponse.json(lake.repository);
    }),
    http.get('*/api/v1/repositories/lake/branches/:branch', ({ request, params }) => {
      record(request);
      return params.branch === 'main' || params.branch === 'dev'
        ? HttpResponse.json({ id: params.branch, commit_id: 'c1' })
        : HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
    http.get('*/api/v1/repositories/lake/tags/:tag', ({ request, params }) => {
      record(request);
      return params.tag === 'v1' ? HttpResponse.json({ id: 'v1', commit_id: 'c1' }) : HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
    http.get('*/api/v1/repositories/lake/commits/:id', ({ request }) => {
      record(request);
      return HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
    http.get('*/api/v1/repositories/lake/refs/:ref/objects/ls', ({ request, params }) => {
      record(request);
      if (!['main', 'dev', 'v1'].includes(String(params.ref))) return HttpResponse.json({ message: 'not found' }, { status: 404 });
      const url = new URL(request.url);
      const prefix = url.searchParams.get('prefix') ?? '';
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const results = (lake.folders[folder] ?? []).filter((entry) => entry.path.startsWith(prefix));
      return HttpResponse.json(page(results));
    }),
    http.get('*/api/v1/repositories/lake/refs/:ref/objects/stat', ({ request }) => {
      record(request);
      return HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
    http.get('*/api/v1/repositories/lake/branches/:branch/objects/stage_allowed', ({ request }) => {
      record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/repositories/lake/settings/gc_rules', ({ request }) => {
      record(request);
      return HttpResponse.json({ message: 'not found' }, { status: 404 });
    }),
  ];
  return lake;
}

/** The requests of the log whose path starts with `prefix` (after /api/v1). */
export const asked = (lake: FakeLake, prefix: string) => lake.log.filter((line) => line.split(' ')[1]!.startsWith(prefix));
