// Diffs and merges over the catalog.
import type { Catalog } from '../../../catalog';
import { badRequest } from '../../../errors';
import { listingOptions, pageJson } from '../../pagination';
import { principalOf, type AppRouteHandler } from '../../router';
import { diffJson, mergeBaseJson } from '../../serialize';
import { mergeStrategies } from '../../wire';
import type * as routes from './routes';

const isMergeStrategy = (s: string): s is (typeof mergeStrategies)[number] => (mergeStrategies as readonly string[]).includes(s);

export function diffMergeHandlers(catalog: Catalog) {
  const diffBranch: AppRouteHandler<typeof routes.diffBranch> = async (c) => {
    const { repository, branch } = c.req.valid('param');
    const page = await catalog.diffUncommitted(repository, branch, listingOptions(c.req.valid('query')));
    return c.json(pageJson(page, (d) => diffJson(d, false)), 200);
  };

  const diffRefs: AppRouteHandler<typeof routes.diffRefs> = async (c) => {
    const { repository, leftRef, rightRef } = c.req.valid('param');
    const q = c.req.valid('query');
    const page = await catalog.diff(repository, leftRef, rightRef, { ...listingOptions(q), type: q.type ?? 'three_dot' });
    const withStats = q.include_right_stats ?? false;
    return c.json(pageJson(page, (d) => diffJson(d, withStats)), 200);
  };

  const mergeRefs: AppRouteHandler<typeof routes.mergeRefs> = async (c) => {
    const { repository, sourceRef, destinationBranch } = c.req.valid('param');
    const body = c.req.valid('json');
    const strategy = body.strategy ?? '';
    if (!isMergeStrategy(strategy)) throw badRequest('invalid merge strategy');
    const commit = await catalog.merge(repository, sourceRef, destinationBranch, {
      committer: principalOf(c).userId,
      ...(body.message ? { message: body.message } : {}),
      ...(body.metadata ? { metadata: body.metadata } : {}),
      strategy,
      ...(body.conflict_resolutions ? { resolutions: body.conflict_resolutions } : {}),
      force: body.force ?? false,
      allowEmpty: body.allow_empty ?? false,
      squashMerge: body.squash_merge ?? false,
    });
    return c.json({ reference: commit.id }, 200);
  };

  const findMergeBase: AppRouteHandler<typeof routes.findMergeBase> = async (c) => {
    const { repository, sourceRef, destinationBranch } = c.req.valid('param');
    return c.json(mergeBaseJson(await catalog.findMergeBase(repository, sourceRef, destinationBranch)), 200);
  };

  return { diffBranch, diffRefs, mergeRefs, findMergeBase };
}
