// The objects screens' part of the fake lakeFS (fake-api): one repository 'lake' with branch main, tag v1 and a
// folder listing, recording every request so tests can tell what was asked, and in what order.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { ErrorBody, ObjectStats, ObjectStatsList, Ref, Repository } from '../../server/http/wire';
import { notFound, page, repository } from './fake-api';

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
    repository: repository('lake', { creation_date: now() - DAY, ...overrides }),
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
    http.get('*/api/v1/repositories/lake', ({ request }) => {
      record(request);
      return HttpResponse.json<Repository>(lake.repository);
    }),
    http.get<{ branch: string }, never, Ref | ErrorBody>('*/api/v1/repositories/lake/branches/:branch', ({ request, params }) => {
      record(request);
      return params.branch === 'main' || params.branch === 'dev'
        ? HttpResponse.json<Ref>({ id: params.branch, commit_id: 'c1' })
        : notFound();
    }),
    http.get<{ tag: string }, never, Ref | ErrorBody>('*/api/v1/repositories/lake/tags/:tag', ({ request, params }) => {
      record(request);
      return params.tag === 'v1' ? HttpResponse.json<Ref>({ id: 'v1', commit_id: 'c1' }) : notFound();
    }),
    http.get('*/api/v1/repositories/lake/commits/:id', ({ request }) => {
      record(request);
      return notFound();
    }),
    http.get<{ ref: string }, never, ObjectStatsList | ErrorBody>('*/api/v1/repositories/lake/refs/:ref/objects/ls', ({ request, params }) => {
      record(request);
      if (!['main', 'dev', 'v1'].includes(String(params.ref))) return notFound();
      const url = new URL(request.url);
      const prefix = url.searchParams.get('prefix') ?? '';
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const results = (lake.folders[folder] ?? []).filter((entry) => entry.path.startsWith(prefix));
      return HttpResponse.json<ObjectStatsList>(page(results));
    }),
    http.get('*/api/v1/repositories/lake/refs/:ref/objects/stat', ({ request }) => {
      record(request);
      return notFound();
    }),
    http.get('*/api/v1/repositories/lake/branches/:branch/objects/stage_allowed', ({ request }) => {
      record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/repositories/lake/settings/gc_rules', ({ request }) => {
      record(request);
      return notFound();
    }),
  ];
  return lake;
}

/** The requests of the log whose path starts with `prefix` (after /api/v1). */
export const asked = (lake: FakeLake, prefix: string) => lake.log.filter((line) => line.split(' ')[1]!.startsWith(prefix));
