// Diffs and merges over the catalog.
import type { Catalog } from '../../../catalog';
import { listingOptions, pageJson } from '../../pagination';
import { principalOf, type AppRouteHandler } from '../../router';
import { diffJson, mergeBaseJson, mergePreviewJson } from '../../serialize';
import { mergeOptions } from './merge-options';
import type * as routes from './routes';

export function diffMergeHandlers(catalog: Catalog) {
  const diffBranch: AppRouteHandler<typeof routes.diffBranch> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const page = await catalog.store.diffUncommitted(repository, branch, listingOptions(c.req.valid('query')));
    return c.json(pageJson(page, (d) => diffJson(d, { uncommitted: true })), 200);
  };

  const diffRefs: AppRouteHandler<typeof routes.diffRefs> = async (c) => {
    const { repository, leftRef, rightRef } = c.req.valid('param');
    const q = c.req.valid('query');
    const page = await catalog.store.diff(repository, leftRef, rightRef, { ...listingOptions(q), type: q.type ?? 'three_dot' });
    return c.json(pageJson(page, (d) => diffJson(d, { includeRightStats: q.include_right_stats ?? false })), 200);
  };

  const mergeRefs: AppRouteHandler<typeof routes.mergeRefs> = async (c) => {
    const { repository, sourceRef, destinationBranch } = c.req.valid('param');
    const commit = await catalog.merge(repository, sourceRef, destinationBranch, mergeOptions(c.req.valid('json'), principalOf(c).userId));
    return c.json({ reference: commit.id }, 200);
  };

  const findMergeBase: AppRouteHandler<typeof routes.findMergeBase> = async (c) => {
    const { repository, sourceRef, destinationBranch } = c.req.valid('param');
    return c.json(mergeBaseJson(await catalog.store.findMergeBase(repository, sourceRef, destinationBranch)), 200);
  };

  const previewMerge: AppRouteHandler<typeof routes.previewMerge> = async (c) => {
    const { repository, sourceRef, destinationBranch } = c.req.valid('param');
    return c.json(mergePreviewJson(await catalog.store.previewMerge(repository, sourceRef, destinationBranch)), 200);
  };

  return { diffBranch, diffRefs, mergeRefs, findMergeBase, previewMerge };
}
