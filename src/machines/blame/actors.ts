import { fromPromise } from 'xstate';
import { logCommits } from '../../api/commits';
import type { Commit } from '../../api/types';
import type { BlameInput } from './machine';

export const blameActors = {
  lastCommit: fromPromise<Commit | undefined, BlameInput>(async ({ input, signal }) => {
    const { path, pathType } = input.target;
    const filter = pathType === 'common_prefix' ? { prefixes: [path] } : { objects: [path] };
    const page = await logCommits(input.repoId, input.refId, { amount: 1, ...filter }, signal);
    return page.results[0];
  }),
};
