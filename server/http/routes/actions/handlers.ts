// Action runs over the run records; the repository is looked up first, so a missing one answers 404 as elsewhere.
import type { Actions } from '../../../actions';
import type { Catalog } from '../../../catalog';
import { listingOptions, pageJson } from '../../pagination';
import type { AppRouteHandler } from '../../router';
import { actionRunJson, hookRunJson } from '../../serialize';
import type * as routes from './routes';

export function actionHandlers(catalog: Catalog, actions: Actions) {
  const listRuns: AppRouteHandler<typeof routes.listRuns> = async (c) => {
    const { repository } = c.req.valid('param');
    const q = c.req.valid('query');
    await catalog.store.getRepository(repository);
    const page = await actions.runs.listRuns(repository, {
      ...listingOptions(q),
      ...(q.branch ? { branch: q.branch } : {}),
      ...(q.commit ? { commit: q.commit } : {}),
    });
    return c.json(pageJson(page, actionRunJson), 200);
  };

  const getRun: AppRouteHandler<typeof routes.getRun> = async (c) => {
    const { repository, run_id: runId } = c.req.valid('param');
    await catalog.store.getRepository(repository);
    return c.json(actionRunJson(await actions.runs.getRun(repository, runId)), 200);
  };

  const listRunHooks: AppRouteHandler<typeof routes.listRunHooks> = async (c) => {
    const { repository, run_id: runId } = c.req.valid('param');
    await catalog.store.getRepository(repository);
    const page = await actions.runs.listHookRuns(repository, runId, listingOptions(c.req.valid('query')));
    return c.json(pageJson(page, hookRunJson), 200);
  };

  const getRunHookOutput: AppRouteHandler<typeof routes.getRunHookOutput> = async (c) => {
    const { repository, run_id: runId, hook_run_id: hookRunId } = c.req.valid('param');
    await catalog.store.getRepository(repository);
    const text = await actions.runs.output(repository, runId, hookRunId);
    return c.body(text, 200, { 'content-type': 'application/octet-stream' });
  };

  return { listRuns, getRun, listRunHooks, getRunHookOutput };
}
