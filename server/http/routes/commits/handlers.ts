// Commits over the catalog.
import type { Catalog } from '../../../catalog';
import { listingOptions, normaliseAmount, pageJson } from '../../pagination';
import { principalOf, type AppRouteHandler } from '../../router';
import { commitJson } from '../../serialize';
import { encodeGraphCursor } from './graph-cursor';
import type * as routes from './routes';

export function commitHandlers(catalog: Catalog) {
  const commitBranch: AppRouteHandler<typeof routes.commitBranch> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const { source_metarange: sourceMetaRange } = c.req.valid('query');
    const body = c.req.valid('json');
    const options = {
      committer: principalOf(c).userId,
      message: body.message,
      ...(body.metadata ? { metadata: body.metadata } : {}),
      ...(body.date !== undefined ? { date: body.date } : {}),
      allowEmpty: body.allow_empty ?? false,
      force: body.force ?? false,
    };
    const commit = sourceMetaRange
      ? await catalog.commitMetaRange(repository, branch, sourceMetaRange, options)
      : await catalog.commit(repository, branch, options);
    return c.json(commitJson(commit), 201);
  };

  const logCommits: AppRouteHandler<typeof routes.logCommits> = async (c) => {
    const { repository, ref } = c.req.valid('param');
    const q = c.req.valid('query');
    const page = await catalog.store.log(repository, ref, {
      ...listingOptions(q),
      firstParent: q.first_parent ?? false,
      limit: q.limit ?? false,
      ...(q.objects?.length ? { objects: q.objects } : {}),
      ...(q.prefixes?.length ? { prefixes: q.prefixes } : {}),
      ...(q.since !== undefined ? { since: q.since } : {}),
      ...(q.stop_at ? { stopAt: q.stop_at } : {}),
    });
    return c.json(pageJson(page, commitJson), 200);
  };

  const commitGraph: AppRouteHandler<typeof routes.commitGraph> = async (c) => {
    const { repository } = c.req.valid('param');
    const q = c.req.valid('query');
    const page = await catalog.commitGraph(repository, { ...(q.after ? { frontier: q.after } : {}), amount: normaliseAmount(q.amount) });
    const hasMore = page.frontier.length > 0;
    return c.json(pageJson({ results: page.results, hasMore, nextOffset: encodeGraphCursor(page.frontier) }, commitJson), 200);
  };

  const getCommit: AppRouteHandler<typeof routes.getCommit> = async (c) => {
    const { repository, commitId } = c.req.valid('param');
    return c.json(commitJson(await catalog.store.getCommit(repository, commitId)), 200);
  };

  const createCommitRecord: AppRouteHandler<typeof routes.createCommitRecord> = async (c) => {
    const { repository } = c.req.valid('param');
    const body = c.req.valid('json');
    const commit = {
      id: body.commit_id,
      parents: body.parents,
      committer: body.committer,
      message: body.message,
      creationDate: body.creation_date,
      metaRangeId: body.metarange_id,
      metadata: body.metadata ?? {},
      generation: body.generation,
      version: body.version,
    };
    await catalog.store.createCommitRecord(repository, commit, { force: body.force ?? false });
    return c.body(null, 204);
  };

  return { commitBranch, logCommits, commitGraph, getCommit, createCommitRecord };
}
