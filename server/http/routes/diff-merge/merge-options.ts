// A merge body as the catalog's merge options: shared by the merge call and the merging of a pull request.
import type { MergeOptions } from '../../../catalog';
import { badRequest } from '../../../errors';
import { mergeStrategies, type Merge } from '../../wire';

const isMergeStrategy = (s: string): s is (typeof mergeStrategies)[number] => (mergeStrategies as readonly string[]).includes(s);

export function mergeOptions(body: Merge | undefined, committer: string): Omit<MergeOptions, 'beforeBranchMove'> {
  const strategy = body?.strategy ?? '';
  if (!isMergeStrategy(strategy)) throw badRequest('invalid merge strategy');
  return {
    committer,
    ...(body?.message ? { message: body.message } : {}),
    ...(body?.metadata ? { metadata: body.metadata } : {}),
    strategy,
    ...(body?.conflict_resolutions ? { resolutions: body.conflict_resolutions } : {}),
    force: body?.force ?? false,
    allowEmpty: body?.allow_empty ?? false,
    squashMerge: body?.squash_merge ?? false,
  };
}
