// Contracts of diffs (uncommitted, and ref to ref) and merges.
import { z } from '@hono/zod-openapi';
import { mergeAccess, onRepo } from '../../access';
import { contract, failure, jsonBody, jsonContent } from '../../contract';
import { branchId, branchParams, refValue, repositoryParams } from '../../params';
import { pagingQuery, queryDelimiter, queryEnum, queryFlag } from '../../query';
import { DiffList, FindMergeBaseResult, Merge, MergeConflict, MergePreview, MergeResult } from '../../wire';

const diffTags = ['diff'];
const mergeTags = ['merge'];
const mergePath = '/repositories/{repository}/refs/{sourceRef}/merge/{destinationBranch}';

const diffQuery = z.object({ ...pagingQuery, delimiter: queryDelimiter });

export const diffBranch = contract({
  operationId: 'diffBranch',
  method: 'get',
  path: '/repositories/{repository}/branches/{branch}/diff',
  tags: diffTags,
  summary: 'Uncommitted changes of a branch',
  access: onRepo('fs:ListObjects'),
  request: { params: branchParams, query: diffQuery },
  responses: { 200: jsonContent(DiffList, 'A page of changes'), default: failure },
});

export const diffRefs = contract({
  operationId: 'diffRefs',
  method: 'get',
  path: '/repositories/{repository}/refs/{leftRef}/diff/{rightRef}',
  tags: diffTags,
  summary: 'Changes between two refs (three_dot by default)',
  access: onRepo('fs:ListObjects'),
  request: {
    params: repositoryParams.extend({ leftRef: refValue, rightRef: refValue }),
    query: diffQuery.extend({
      type: queryEnum(['two_dot', 'three_dot']).openapi({ description: 'three_dot: the changes since the merge base; two_dot: left against right' }),
      include_right_stats: queryFlag.openapi({ description: 'Add the right side’s stats to each change' }),
    }),
  },
  responses: { 200: jsonContent(DiffList, 'A page of changes'), default: failure },
});

export const mergeRefs = contract({
  operationId: 'mergeIntoBranch',
  method: 'post',
  path: mergePath,
  tags: mergeTags,
  summary: 'Merge a ref into a branch; conflict_resolutions settles conflicting paths, 409 lists those left unsettled',
  access: mergeAccess,
  request: {
    params: repositoryParams.extend({ sourceRef: refValue, destinationBranch: branchId }),
    body: jsonBody(Merge, { required: false }),
  },
  responses: {
    200: jsonContent(MergeResult, 'The merge commit'),
    409: jsonContent(MergeConflict, 'The conflicts left unsettled, with both sides; nothing was merged'),
    default: failure,
  },
});

export const findMergeBase = contract({
  operationId: 'findMergeBase',
  method: 'get',
  path: mergePath,
  tags: mergeTags,
  summary: 'The merge base of a ref and a branch',
  access: onRepo('fs:ListCommits'),
  request: { params: repositoryParams.extend({ sourceRef: refValue, destinationBranch: refValue }) },
  responses: { 200: jsonContent(FindMergeBaseResult, 'The commits the merge would start from'), default: failure },
});

/** Tarn's own: the merge's dry run, so the console can tell before merging. Reading it needs no write permission. */
export const previewMerge = contract({
  operationId: 'previewMerge',
  method: 'get',
  path: `${mergePath}/preview`,
  tags: mergeTags,
  summary: 'What merging a ref into a branch would do (default strategy), without merging',
  access: onRepo('fs:ListCommits'),
  request: { params: repositoryParams.extend({ sourceRef: refValue, destinationBranch: branchId }) },
  responses: { 200: jsonContent(MergePreview, 'Its commits, change count, conflicts and refusals; nothing was written'), default: failure },
});
