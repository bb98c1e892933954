// Branch summaries against the commit graph: ahead and behind equal the sizes of the two set differences of what the
// branch and the default branch reach (on random histories with merges), counts stop above the cap with the flag
// set, the walk stops at its limit with the unsettled sides flagged, and the page is listBranches' page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aheadBehind } from '../../../server/graveler/ahead-behind';
import { computeCommitId } from '../../../server/graveler/commit-id';
import type { BranchSummary, Commit } from '../../../server/graveler/index';
import { openEnv, type Env } from './helpers';

let env: Env;
let date = 1_700_000_000;

/** A commit record on `parents`, stored as is: no tree is written, so thousands take a moment. */
async function record(repo: string, parents: Commit[], message: string): Promise<Commit> {
  const fields = {
    parents: parents.map((p) => p.id),
    committer: 'u',
    message,
    creationDate: date++,
    metaRangeId: (parents[0] as Commit).metaRangeId,
    metadata: {},
  };
  const c: Commit = { ...fields, id: computeCommitId(fields), generation: Math.max(...parents.map((p) => p.generation)) + 1, version: 1 };
  await env.g.createCommitRecord(repo, c);
  return c;
}

async function chain(repo: string, from: Commit, length: number, label: string): Promise<Commit> {
  let head = from;
  for (let i = 0; i < length; i++) head = await record(repo, [head], `${label}${i}`);
  return head;
}

async function repository(id: string): Promise<Commit> {
  await env.g.createRepository({ id, storageNamespace: `local://${id}`, defaultBranch: 'main' });
  return env.g.getCommit(id, 'main');
}

/** Every commit `id` reaches, itself included, from the records. */
function reach(records: Map<string, Commit>, id: string): Set<string> {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const at = stack.pop() as string;
    if (seen.has(at)) continue;
    seen.add(at);
    stack.push(...(records.get(at) as Commit).parents);
  }
  return seen;
}

const minus = (a: Set<string>, b: Set<string>) => [...a].filter((id) => !b.has(id)).length;

function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const byId = (summaries: BranchSummary[]) => new Map(summaries.map((s) => [s.id, s]));

beforeAll(async () => {
  env = await openEnv();
});
afterAll(async () => {
  await env.close();
});

describe('branch summaries', () => {
  it('count what each side reaches that the other does not, on random histories with merges', async () => {
    for (const seed of [1, 2, 3]) {
      const repo = `random-${seed}`;
      const rand = lcg(seed);
      const root = await repository(repo);
      const records = new Map<string, Commit>([[root.id, root]]);
      const all: Commit[] = [root];
      for (let i = 0; i < 300; i++) {
        // Mostly on top of a recent commit, sometimes a merge of two, sometimes a fork from far back.
        const pick = () => all[Math.max(0, all.length - 1 - Math.floor(rand() * (rand() < 0.1 ? all.length : 12)))] as Commit;
        const first = pick();
        const second = rand() < 0.25 ? pick() : undefined;
        const parents = second && second.id !== first.id ? [first, second] : [first];
        const c = await record(repo, parents, `c${i}`);
        records.set(c.id, c);
        all.push(c);
      }
      const mainHead = all[all.length - 1 - Math.floor(rand() * 5)] as Commit;
      await env.g.hardReset(repo, 'main', mainHead.id);
      const heads = new Map<string, string>([['main', mainHead.id]]);
      for (let b = 0; b < 40; b++) {
        const head = (all[Math.floor(rand() * all.length)] as Commit).id;
        await env.g.createBranch(repo, `b${String(b).padStart(2, '0')}`, head);
        heads.set(`b${String(b).padStart(2, '0')}`, head);
      }
      // Two branches at the default branch's head, and one at an ancestor of it.
      await env.g.createBranch(repo, 'same', 'main');
      heads.set('same', mainHead.id);
      await env.g.createBranch(repo, 'older', mainHead.parents[0] as string);
      heads.set('older', mainHead.parents[0] as string);

      const { defaultBranch, page } = await env.g.summarizeBranches(repo, { amount: 1000 });
      expect(defaultBranch).toBe('main');
      expect(page.results.map((s) => s.id)).toEqual([...heads.keys()].sort());
      const onMain = reach(records, mainHead.id);
      for (const s of page.results) {
        const onBranch = reach(records, s.commitId);
        const ahead = minus(onBranch, onMain);
        expect({ id: s.id, commitId: s.commitId, ahead: s.ahead, behind: s.behind, capped: s.aheadCapped || s.behindCapped }).toEqual({
          id: s.id,
          commitId: heads.get(s.id),
          ahead,
          behind: minus(onMain, onBranch),
          capped: false,
        });
        expect(s.commitCreationDate).toBe((records.get(s.commitId) as Commit).creationDate);
        expect(s.merged).toBe(s.id !== 'main' && ahead === 0);
      }
      const summaries = byId(page.results);
      expect(summaries.get('main')).toMatchObject({ ahead: 0, behind: 0, merged: false });
      expect(summaries.get('same')).toMatchObject({ ahead: 0, behind: 0, merged: true });
      expect(summaries.get('older')).toMatchObject({ ahead: 0, behind: 1, merged: true });
    }
  });

  it('stop counting above 1000 and say so, with the other side still exact', async () => {
    const root = await repository('long');
    const fork = await chain('long', root, 5, 'base');
    // 1500 commits on the branch, 3 on main since the fork; and a branch both sides of which pass the cap.
    await env.g.createBranch('long', 'long-ahead', (await chain('long', fork, 1500, 'ahead')).id);
    const mainHead = await chain('long', fork, 3, 'main');
    await env.g.hardReset('long', 'main', mainHead.id);
    await env.g.createBranch('long', 'long-behind', root.id);
    await env.g.createBranch('long', 'tiny', (await chain('long', fork, 2, 'tiny')).id);
    const farMain = await chain('long', mainHead, 1200, 'far');
    await env.g.createBranch('long', 'far-main', farMain.id);

    const summaries = byId((await env.g.summarizeBranches('long', { amount: 100 })).page.results);
    expect(summaries.get('long-ahead')).toMatchObject({ ahead: 1000, aheadCapped: true, behind: 3, behindCapped: false, merged: false });
    expect(summaries.get('long-behind')).toMatchObject({ ahead: 0, aheadCapped: false, behind: 8, behindCapped: false, merged: true });
    expect(summaries.get('tiny')).toMatchObject({ ahead: 2, aheadCapped: false, behind: 3, behindCapped: false });
    expect(summaries.get('far-main')).toMatchObject({ ahead: 1000, aheadCapped: true, behind: 0, behindCapped: false });

    // Main moved far on: one branch is now more than 1000 behind, another past the cap on both sides.
    await env.g.hardReset('long', 'main', farMain.id);
    const later = byId((await env.g.summarizeBranches('long', { amount: 100 })).page.results);
    expect(later.get('long-ahead')).toMatchObject({ ahead: 1000, aheadCapped: true, behind: 1000, behindCapped: true, merged: false });
    expect(later.get('tiny')).toMatchObject({ ahead: 2, aheadCapped: false, behind: 1000, behindCapped: true });
    expect(later.get('far-main')).toMatchObject({ ahead: 0, behind: 0, merged: true });
    expect(later.get('main')).toMatchObject({ ahead: 0, behind: 0, merged: false });
  });

  it('page, filter and leave hidden branches out as the branch listing does', async () => {
    const root = await repository('paged');
    for (const name of ['a1', 'a2', 'b1', 'b2']) await env.g.createBranch('paged', name, root.id);
    await env.g.createBranch('paged', 'a3', root.id, { hidden: true });
    const ids = async (o: { prefix?: string; after?: string; amount?: number }) => {
      const [listed, summarized] = await Promise.all([env.g.listBranches('paged', o), env.g.summarizeBranches('paged', o)]);
      expect(summarized.page.results.map((s) => s.id)).toEqual(listed.results.map((b) => b.id));
      expect({ hasMore: summarized.page.hasMore, nextOffset: summarized.page.nextOffset }).toEqual({ hasMore: listed.hasMore, nextOffset: listed.nextOffset });
      return summarized.page.results.map((s) => s.id);
    };
    expect(await ids({ amount: 2 })).toEqual(['a1', 'a2']);
    expect(await ids({ after: 'a2', amount: 2 })).toEqual(['b1', 'b2']);
    expect(await ids({ prefix: 'a' })).toEqual(['a1', 'a2']);
    expect(await ids({ prefix: 'z' })).toEqual([]);
  });
});

describe('the ahead/behind walk', () => {
  // main: r - m1 - m2 - m3; x from m1: x1 - x2; y from r: y1.
  const commit = (id: string, generation: number, ...parents: string[]): Commit => ({
    id,
    parents,
    committer: '',
    message: id,
    creationDate: generation,
    metaRangeId: '',
    metadata: {},
    generation,
    version: 1,
  });
  const graph = new Map(
    [commit('r', 1), commit('m1', 2, 'r'), commit('m2', 3, 'm1'), commit('m3', 4, 'm2'), commit('x1', 3, 'm1'), commit('x2', 4, 'x1'), commit('y1', 2, 'r')].map(
      (c) => [c.id, c],
    ),
  );
  const read = async (id: string) => graph.get(id) as Commit;

  it('stops at its limit of commits, flagging each side it had not settled as counted so far', async () => {
    const whole = await aheadBehind(read, 'm3', ['x2', 'y1'], { cap: 1000, maxVisited: 100 });
    expect(whole).toEqual([
      { ahead: 2, behind: 2, aheadCapped: false, behindCapped: false },
      { ahead: 1, behind: 3, aheadCapped: false, behindCapped: false },
    ]);
    // Four pops (m3, x2, m2, x1) reach m1 from both x2 and main, which settles x2; y1 waits unpopped, so its
    // counts so far are floors.
    const cut = await aheadBehind(read, 'm3', ['x2', 'y1'], { cap: 1000, maxVisited: 4 });
    expect(cut).toEqual([
      { ahead: 2, behind: 2, aheadCapped: false, behindCapped: false },
      { ahead: 0, behind: 2, aheadCapped: true, behindCapped: true },
    ]);
  });

  it('caps each side on its own', async () => {
    expect(await aheadBehind(read, 'm3', ['x2', 'y1'], { cap: 1, maxVisited: 100 })).toEqual([
      { ahead: 1, behind: 1, aheadCapped: true, behindCapped: true },
      { ahead: 1, behind: 1, aheadCapped: false, behindCapped: true },
    ]);
  });

  it('answers nothing for no tips, and zeros for a tip at the base', async () => {
    expect(await aheadBehind(read, 'm3', [], { cap: 1000, maxVisited: 100 })).toEqual([]);
    expect(await aheadBehind(read, 'm3', ['m3', 'm3'], { cap: 1000, maxVisited: 100 })).toEqual([
      { ahead: 0, behind: 0, aheadCapped: false, behindCapped: false },
      { ahead: 0, behind: 0, aheadCapped: false, behindCapped: false },
    ]);
  });
});
