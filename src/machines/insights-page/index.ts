import { fromPromise } from 'xstate';
import { listBranches } from '../../api/branches';
import { logCommits } from '../../api/commits';
import { getUsage } from '../../api/insights';
import { GROWTH_COMMITS, insightsPageMachine, type BranchVolumes, type Growth } from './machine';

export * from './machine';

/** Usage calls at once: each is cheap on the server, and a browser keeps six connections to it. */
const AT_ONCE = 4;
/** Branches whose uncommitted volume is counted: the first page of the branch list. */
export const VOLUME_BRANCHES = 100;

/** `work` over every item, at most AT_ONCE at a time, answers in the items' order. */
async function eachAtOnce<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
  return out;
}

/** The Insights screen over the real API; the route's useScreen provides the router's actions. */
export const liveInsightsPageMachine = insightsPageMachine.provide({
  actors: {
    fetchGrowth: fromPromise<Growth, { repoId: string; ref: string }>(async ({ input, signal }) => {
      const log = await logCommits(input.repoId, input.ref, { amount: GROWTH_COMMITS }, signal);
      // Each commit's totals (no children): what the ref held once that commit was made.
      const points = await eachAtOnce(log.results, async (commit) => {
        const usage = await getUsage(input.repoId, commit.id, { delimiter: '' }, signal);
        return { commitId: commit.id, message: commit.message, creationDate: commit.creation_date, ...usage.totals };
      });
      return { points: points.reverse(), more: log.pagination.has_more };
    }),
    fetchVolumes: fromPromise<BranchVolumes, { repoId: string }>(async ({ input, signal }) => {
      const page = await listBranches(input.repoId, { amount: VOLUME_BRANCHES }, signal);
      const branches = await eachAtOnce(page.results, async (ref) => {
        const usage = await getUsage(input.repoId, ref.id, { delimiter: '' }, signal);
        // A branch always has a staged part; its absence would mean the server took the name for another ref.
        if (!usage.staged) throw new Error(`${ref.id} is not a branch`);
        return { branch: ref.id, staged: usage.staged };
      });
      return { branches, more: page.pagination.has_more };
    }),
  },
});
