import { CommitQueue } from './commit-queue';
import type { Ctx } from './context';
import { sameIdentity } from './codec';
import { normalizeAmount } from './paginate';
import { diffTrees } from './tree-diff';
import { lookupInTree } from './tree-lookup';
import type { Commit, LogOptions, Page } from './types';

/** Commits reachable from `start`, newest first (generation, then date); or the first-parent chain only. */
async function* walk(ctx: Ctx, repo: string, start: Commit, firstParent: boolean): AsyncGenerator<Commit> {
  if (firstParent) {
    let c: Commit | undefined = start;
    while (c) {
      yield c;
      const p: string | undefined = c.parents[0];
      c = p === undefined ? undefined : await ctx.refs.commit(repo, p);
    }
    return;
  }
  const seen = new Set<string>([start.id]);
  const queue = new CommitQueue();
  queue.push(start);
  for (let c = queue.pop(); c; c = queue.pop()) {
    yield c;
    for (const p of c.parents) {
      if (seen.has(p)) continue;
      seen.add(p);
      queue.push(await ctx.refs.commit(repo, p));
    }
  }
}

/** Whether a commit changed any of the paths or anything under the prefixes, relative to its first parent. */
async function touches(ctx: Ctx, repo: string, namespace: string, c: Commit, objects: string[], prefixes: string[]): Promise<boolean> {
  const parentId = c.parents[0];
  const parentTree = parentId === undefined ? '' : (await ctx.refs.commit(repo, parentId)).metaRangeId;
  if (parentTree === c.metaRangeId) return false;
  for (const path of objects) {
    const [before, after] = await Promise.all([
      lookupInTree(ctx, namespace, parentTree, path),
      lookupInTree(ctx, namespace, c.metaRangeId, path),
    ]);
    if (before === undefined || after === undefined ? before !== after : !sameIdentity(before, after)) return true;
  }
  if (prefixes.length === 0) return false;
  const [left, right] = await Promise.all([
    ctx.trees.readTree(namespace, parentTree),
    ctx.trees.readTree(namespace, c.metaRangeId),
  ]);
  for (const prefix of prefixes) {
    const first = await diffTrees(ctx.trees, namespace, left, right, prefix).next();
    if (first && first.key.startsWith(prefix)) return true;
  }
  return false;
}

export async function logCommits(
  ctx: Ctx,
  repo: string,
  namespace: string,
  start: Commit,
  o: LogOptions,
  stopAt: string | undefined,
): Promise<Page<Commit>> {
  const amount = normalizeAmount(o.amount);
  const objects = o.objects ?? [];
  const prefixes = o.prefixes ?? [];
  const filtered = objects.length > 0 || prefixes.length > 0;
  const results: Commit[] = [];
  let skipping = o.after !== undefined && o.after !== '';
  for await (const c of walk(ctx, repo, start, o.firstParent ?? false)) {
    if (o.since !== undefined && c.creationDate < o.since) break;
    if (skipping) {
      if (c.id === o.after) skipping = false;
    } else {
      const matches = !filtered || (c.parents.length <= 1 && (await touches(ctx, repo, namespace, c, objects, prefixes)));
      if (matches) {
        results.push(c);
        if (results.length > amount || (o.limit && results.length === amount)) break;
      }
    }
    if (stopAt !== undefined && c.id === stopAt) break;
  }
  const hasMore = results.length > amount;
  const page = results.slice(0, amount);
  return { results: page, hasMore, nextOffset: hasMore ? (page[page.length - 1] as Commit).id : '' };
}
