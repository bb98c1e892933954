// Refs dump and restore over the catalog.
import type { Catalog, RefsDump, TaskStatus } from '../../../catalog';
import type { AppRouteHandler } from '../../router';
import type * as wire from '../../wire';
import type * as routes from './routes';

function dumpJson(d: RefsDump): wire.RefsDump {
  return { commits_meta_range_id: d.commitsId, tags_meta_range_id: d.tagsId, branches_meta_range_id: d.branchesId };
}

function dumpOf(body: wire.RefsRestore): RefsDump {
  return { commitsId: body.commits_meta_range_id, tagsId: body.tags_meta_range_id, branchesId: body.branches_meta_range_id };
}

function taskJson(t: TaskStatus<unknown>): wire.RepositoryRestoreStatus {
  return { id: t.id, done: t.done, update_time: new Date(t.updateTime).toISOString(), ...(t.error !== undefined ? { error: t.error } : {}) };
}

export function refsDumpHandlers(catalog: Catalog) {
  const dumpRefs: AppRouteHandler<typeof routes.dumpRefs> = async (c) => {
    const { repository } = c.req.valid('param');
    return c.json(dumpJson(await catalog.store.dumpRefs(repository)), 201);
  };

  const restoreRefs: AppRouteHandler<typeof routes.restoreRefs> = async (c) => {
    const { repository } = c.req.valid('param');
    const body = c.req.valid('json');
    await catalog.store.restoreRefs(repository, dumpOf(body), { force: body.force ?? false });
    return c.body(null, 200);
  };

  const dumpSubmit: AppRouteHandler<typeof routes.dumpSubmit> = async (c) => {
    const { repository } = c.req.valid('param');
    return c.json({ id: await catalog.store.submitDump(repository) }, 202);
  };

  const dumpStatus: AppRouteHandler<typeof routes.dumpStatus> = async (c) => {
    const { repository } = c.req.valid('param');
    const status = await catalog.store.dumpStatus(repository, c.req.valid('query').task_id);
    return c.json({ ...taskJson(status), ...(status.result ? { refs: dumpJson(status.result) } : {}) }, 200);
  };

  const restoreSubmit: AppRouteHandler<typeof routes.restoreSubmit> = async (c) => {
    const { repository } = c.req.valid('param');
    const body = c.req.valid('json');
    return c.json({ id: await catalog.store.submitRestore(repository, dumpOf(body), { force: body.force ?? false }) }, 202);
  };

  const restoreStatus: AppRouteHandler<typeof routes.restoreStatus> = async (c) => {
    const { repository } = c.req.valid('param');
    return c.json(taskJson(await catalog.store.restoreStatus(repository, c.req.valid('query').task_id)), 200);
  };

  return { dumpRefs, restoreRefs, dumpSubmit, dumpStatus, restoreSubmit, restoreStatus };
}
