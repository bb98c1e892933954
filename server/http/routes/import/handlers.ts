// Imports over the catalog; the importer is the caller.
import type { Catalog, ImportStatus } from '../../../catalog';
import { principalOf, type AppRouteHandler } from '../../router';
import { commitJson } from '../../serialize';
import type * as wire from '../../wire';
import type * as routes from './routes';

function statusJson(s: ImportStatus): wire.ImportStatus {
  return {
    completed: s.completed,
    update_time: new Date(s.updateTime).toISOString(),
    ingested_objects: s.ingested,
    ...(s.metaRangeId !== undefined ? { metarange_id: s.metaRangeId } : {}),
    ...(s.commit ? { commit: commitJson(s.commit) } : {}),
    ...(s.error !== undefined ? { error: { message: s.error } } : {}),
  };
}

export function importHandlers(catalog: Catalog) {
  const importStart: AppRouteHandler<typeof routes.importStart> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const body = c.req.valid('json');
    const id = await catalog.imports.start(repository, branch, {
      paths: body.paths,
      message: body.commit.message,
      ...(body.commit.metadata ? { metadata: body.commit.metadata } : {}),
      force: body.force ?? false,
      committer: principalOf(c).userId,
    });
    return c.json({ id }, 202);
  };

  const importStatus: AppRouteHandler<typeof routes.importStatus> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    return c.json(statusJson(await catalog.imports.status(repository, branch, c.req.valid('query').id)), 200);
  };

  const importCancel: AppRouteHandler<typeof routes.importCancel> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    await catalog.imports.cancel(repository, branch, c.req.valid('query').id);
    return c.body(null, 204);
  };

  return { importStart, importStatus, importCancel };
}
