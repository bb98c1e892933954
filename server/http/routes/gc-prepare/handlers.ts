// Garbage-collection preparation over the catalog.
import type { Catalog, CommitsPrepared, TaskStatus } from '../../../catalog';
import type { AppRouteHandler } from '../../router';
import type * as wire from '../../wire';
import type * as routes from './routes';

function preparedJson(p: CommitsPrepared): wire.GarbageCollectionPrepareResponse {
  return { run_id: p.runId, gc_commits_location: p.commitsLocation, gc_addresses_location: p.addressesLocation };
}

function statusJson(t: TaskStatus<CommitsPrepared>): wire.PrepareGarbageCollectionCommitsStatus {
  return {
    task_id: t.id,
    completed: t.done,
    update_time: new Date(t.updateTime).toISOString(),
    ...(t.result ? { result: preparedJson(t.result) } : {}),
    ...(t.error !== undefined ? { error: { message: t.error } } : {}),
  };
}

export function gcPrepareHandlers(catalog: Catalog) {
  const prepareGarbageCollectionCommits: AppRouteHandler<typeof routes.prepareGarbageCollectionCommits> = async (c) => {
    const { repository } = c.req.valid('param');
    return c.json(preparedJson(await catalog.prepareGcCommits(repository)), 201);
  };

  const prepareGarbageCollectionCommitsAsync: AppRouteHandler<typeof routes.prepareGarbageCollectionCommitsAsync> = async (c) => {
    const { repository } = c.req.valid('param');
    return c.json({ id: await catalog.submitPrepareGcCommits(repository) }, 202);
  };

  const prepareGarbageCollectionCommitsStatus: AppRouteHandler<typeof routes.prepareGarbageCollectionCommitsStatus> = async (c) => {
    const { repository } = c.req.valid('param');
    return c.json(statusJson(await catalog.prepareGcCommitsStatus(repository, c.req.valid('query').id)), 200);
  };

  const prepareGarbageCollectionUncommitted: AppRouteHandler<typeof routes.prepareGarbageCollectionUncommitted> = async (c) => {
    const { repository } = c.req.valid('param');
    const prepared = await catalog.prepareGcUncommitted(repository, c.req.valid('json').continuation_token);
    return c.json(
      {
        run_id: prepared.runId,
        gc_uncommitted_location: prepared.location,
        ...(prepared.continuationToken !== undefined ? { continuation_token: prepared.continuationToken } : {}),
      },
      201,
    );
  };

  return {
    prepareGarbageCollectionCommits,
    prepareGarbageCollectionCommitsAsync,
    prepareGarbageCollectionCommitsStatus,
    prepareGarbageCollectionUncommitted,
  };
}
