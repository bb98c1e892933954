import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConflictError, DirtyBranchError, NoChangesError } from '../../../server/errors';
import type { Graveler, MergeStrategy } from '../../../server/graveler/index';
import { ancestorsIn } from '../model-history';
import { entry, openEnv, tickingClock } from './helpers';

/** A plain in-memory model of branches, staging and commits, compared with the store after every step. */
type Snapshot = Map<string, string>;

interface ModelBranch {
  head: string;
  staged: Map<string, string | null>;
}

interface Model {
  branches: Map<string, ModelBranch>;
  commits: Map<string, { parents: string[]; generation: number; snapshot: Snapshot }>;
}

const PATHS = ['a', 'a/b', 'a/c/d', 'b/x', 'c', 'd/e/f'];
const BRANCHES = ['main', 'dev', 'exp'];
const CONTENTS = ['v0', 'v1', 'v2'];

type Op =
  | { op: 'put'; branch: string; path: string; content: string }
  | { op: 'delete'; branch: string; path: string }
  | { op: 'commit'; branch: string }
  | { op: 'branch'; name: string; from: string }
  | { op: 'merge'; source: string; dest: string; strategy: MergeStrategy }
  | { op: 'reset'; branch: string }
  | { op: 'resetPath'; branch: string; path: string; prefix: boolean }
  | { op: 'revert' | 'cherryPick'; branch: string; target: string };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('put' as const), branch: fc.constantFrom(...BRANCHES), path: fc.constantFrom(...PATHS), content: fc.constantFrom(...CONTENTS) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), branch: fc.constantFrom(...BRANCHES), path: fc.constantFrom(...PATHS) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('commit' as const), branch: fc.constantFrom(...BRANCHES) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('branch' as const), name: fc.constantFrom(...BRANCHES), from: fc.constantFrom(...BRANCHES) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('merge' as const), source: fc.constantFrom(...BRANCHES), dest: fc.constantFrom(...BRANCHES), strategy: fc.constantFrom<MergeStrategy>('', 'source-wins', 'dest-wins') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reset' as const), branch: fc.constantFrom(...BRANCHES) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('resetPath' as const), branch: fc.constantFrom(...BRANCHES), path: fc.constantFrom(...PATHS, 'a/', 'b', ''), prefix: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('revert' as const, 'cherryPick' as const), branch: fc.constantFrom(...BRANCHES), target: fc.constantFrom(...BRANCHES) }) },
);

/** The three-way outcome table: the destination with the source's changes since the base, or a conflict. */
function threeWay(base: Snapshot, source: Snapshot, dest: Snapshot, strategy: MergeStrategy): { result: Snapshot; conflict: boolean } {
  const result = new Map(dest);
  let conflict = false;
  for (const k of new Set([...base.keys(), ...source.keys(), ...dest.keys()])) {
    const b0 = base.get(k);
    const s = source.get(k);
    const d = dest.get(k);
    if (s === b0 || s === d) continue;
    let v: string | undefined = s;
    if (d !== b0) {
      if (strategy === '') conflict = true;
      v = strategy === 'source-wins' ? s : d;
    }
    if (v === undefined) result.delete(k);
    else result.set(k, v);
  }
  return { result, conflict };
}

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

function effective(m: Model, b: ModelBranch): Snapshot {
  const out = new Map((m.commits.get(b.head) as { snapshot: Snapshot }).snapshot);
  for (const [k, v] of b.staged) {
    if (v === null) out.delete(k);
    else out.set(k, v);
  }
  return out;
}

function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

function diffSnapshots(left: Snapshot, right: Snapshot): string[] {
  const keys = [...new Set([...left.keys(), ...right.keys()])].sort(byBytes);
  const out: string[] = [];
  for (const k of keys) {
    const l = left.get(k);
    const r = right.get(k);
    if (l === r) continue;
    out.push(`${l === undefined ? 'added' : r === undefined ? 'removed' : 'changed'} ${k}`);
  }
  return out;
}

function collapse(keys: string[], delimiter: string): string[] {
  const out: string[] = [];
  for (const k of keys) {
    const at = k.indexOf(delimiter);
    const item = at >= 0 ? `${k.slice(0, at + 1)}*` : k;
    if (out[out.length - 1] !== item) out.push(item);
  }
  return out;
}

async function listPaged(g: Graveler, repo: string, ref: string, delimiter: string | undefined, amount: number): Promise<string[]> {
  const out: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await g.listObjects(repo, ref, { delimiter, amount, after });
    out.push(...page.results.map((r) => (r.pathType === 'common_prefix' ? `${r.path}*` : `${r.path}=${r.entry.checksum.slice(4)}`)));
    if (!page.hasMore) return out;
    after = page.nextOffset;
  }
}

async function check(g: Graveler, repo: string, m: Model): Promise<void> {
  for (const [name, b] of m.branches) {
    const view = effective(m, b);
    const keys = [...view.keys()].sort(byBytes);
    expect(await listPaged(g, repo, name, undefined, 3), `list ${name}`).toEqual(keys.map((k) => `${k}=${view.get(k)}`));
    expect(await listPaged(g, repo, name, '/', 2), `list ${name} /`).toEqual(collapse(keys, '/').map((k) => (k.endsWith('*') ? k : `${k}=${view.get(k)}`)));
    const committed = (m.commits.get(b.head) as { snapshot: Snapshot }).snapshot;
    const uncommitted = (await g.diffUncommitted(repo, name, { amount: 1000 })).results.map((d) => `${d.type} ${d.path}`);
    expect(uncommitted, `uncommitted ${name}`).toEqual(diffSnapshots(committed, view));
  }
  const names = [...m.branches.keys()];
  for (const l of names) {
    for (const r of names) {
      const left = m.commits.get((m.branches.get(l) as ModelBranch).head) as { snapshot: Snapshot };
      const right = m.commits.get((m.branches.get(r) as ModelBranch).head) as { snapshot: Snapshot };
      const d = (await g.diff(repo, l, r, { type: 'two_dot', amount: 1000 })).results.map((x) => `${x.type} ${x.path}`);
      expect(d, `diff ${l}..${r}`).toEqual(diffSnapshots(left.snapshot, right.snapshot));
      const { baseCommitId } = await g.findMergeBase(repo, r, l);
      const base = (m.commits.get(baseCommitId) as { snapshot: Snapshot }).snapshot;
      const three = (await g.diff(repo, l, r, { type: 'three_dot', amount: 1000 })).results.map((x) => `${x.type} ${x.path}`);
      expect(three, `diff ${l}...${r}`).toEqual(threeDot(base, left.snapshot, right.snapshot));
    }
  }
  // Blame: the log filtered by a path or prefix keeps exactly the non-merge commits that changed it.
  const log = (await g.log(repo, 'main', { amount: 1000 })).results;
  for (const filter of [{ objects: ['a'] }, { prefixes: ['a/'] }]) {
    const touched = (id: string): boolean => {
      const c = m.commits.get(id) as { parents: string[]; snapshot: Snapshot };
      if (c.parents.length > 1) return false;
      const before = c.parents[0] === undefined ? new Map<string, string>() : (m.commits.get(c.parents[0]) as { snapshot: Snapshot }).snapshot;
      const keys = new Set([...before.keys(), ...c.snapshot.keys()]);
      return [...keys].some((k) => (filter.objects ? k === 'a' : k.startsWith('a/')) && before.get(k) !== c.snapshot.get(k));
    };
    const blamed = (await g.log(repo, 'main', { ...filter, amount: 1000 })).results.map((c) => c.id);
    expect(blamed, `log ${JSON.stringify(filter)}`).toEqual(log.map((c) => c.id).filter(touched));
  }
}

/** What right changed since the base, as seen from left: a key left changed differently is a conflict. */
function threeDot(base: Snapshot, left: Snapshot, right: Snapshot): string[] {
  const out: string[] = [];
  for (const k of [...new Set([...base.keys(), ...right.keys()])].sort(byBytes)) {
    const b = base.get(k);
    const r = right.get(k);
    const l = left.get(k);
    if (r === b) continue;
    if (l === b) out.push(`${b === undefined ? 'added' : r === undefined ? 'removed' : 'changed'} ${k}`);
    else if (l !== r) out.push(`conflict ${k}`);
  }
  return out;
}

async function step(g: Graveler, repo: string, m: Model, op: Op): Promise<void> {
  switch (op.op) {
    case 'put': {
      const b = m.branches.get(op.branch);
      if (!b) return;
      await g.putObject(repo, op.branch, op.path, entry(op.content));
      b.staged.set(op.path, op.content);
      return;
    }
    case 'delete': {
      const b = m.branches.get(op.branch);
      if (!b) return;
      await g.deleteObject(repo, op.branch, op.path);
      if (effective(m, b).has(op.path)) b.staged.set(op.path, null);
      return;
    }
    case 'reset': {
      const b = m.branches.get(op.branch);
      if (!b) return;
      await g.resetBranch(repo, op.branch);
      b.staged.clear();
      return;
    }
    case 'branch': {
      const from = m.branches.get(op.from);
      if (!from || op.name === 'main' || op.name === op.from) return;
      // Recreate: delete the branch (staging included) and branch it again.
      if (m.branches.has(op.name)) await g.deleteBranch(repo, op.name);
      await g.createBranch(repo, op.name, op.from);
      m.branches.set(op.name, { head: from.head, staged: new Map() });
      return;
    }
    case 'commit': {
      const b = m.branches.get(op.branch);
      if (!b) return;
      const parent = m.commits.get(b.head) as { generation: number; snapshot: Snapshot };
      const view = effective(m, b);
      if (sameSnapshot(view, parent.snapshot)) {
        await expect(g.commit(repo, op.branch, { committer: 'u', message: 'm' })).rejects.toBeInstanceOf(NoChangesError);
        // What was staged changed nothing, and the failed commit discards it.
        b.staged.clear();
        return;
      }
      const c = await g.commit(repo, op.branch, { committer: 'u', message: 'm' });
      m.commits.set(c.id, { parents: [b.head], generation: parent.generation + 1, snapshot: view });
      b.head = c.id;
      b.staged.clear();
      return;
    }
    case 'merge': {
      const src = m.branches.get(op.source);
      const dst = m.branches.get(op.dest);
      if (!src || !dst) return;
      const dstCommit = m.commits.get(dst.head) as { generation: number; snapshot: Snapshot };
      if (!sameSnapshot(effective(m, dst), dstCommit.snapshot)) {
        await expect(g.merge(repo, op.source, op.dest, { committer: 'u', strategy: op.strategy })).rejects.toBeInstanceOf(DirtyBranchError);
        return;
      }
      const { baseCommitId } = await g.findMergeBase(repo, op.source, op.dest);
      // The base must be a common ancestor with no common ancestor of a higher generation.
      const ofDest = ancestorsIn(m.commits, dst.head);
      const common = [...ancestorsIn(m.commits, src.head)].filter((c) => ofDest.has(c));
      expect(common).toContain(baseCommitId);
      const maxGen = Math.max(...common.map((c) => (m.commits.get(c) as { generation: number }).generation));
      expect((m.commits.get(baseCommitId) as { generation: number }).generation).toBe(maxGen);
      const baseCommit = m.commits.get(baseCommitId) as { parents: string[]; snapshot: Snapshot };
      const base = baseCommit.snapshot;
      const source = m.commits.get(src.head) as { parents: string[]; generation: number; snapshot: Snapshot };
      if (sameTree(source, baseCommit)) {
        await expect(g.merge(repo, op.source, op.dest, { committer: 'u', strategy: op.strategy })).rejects.toBeInstanceOf(NoChangesError);
        return;
      }
      const { result, conflict } = threeWay(base, source.snapshot, dstCommit.snapshot, op.strategy);
      if (conflict) {
        await expect(g.merge(repo, op.source, op.dest, { committer: 'u', strategy: op.strategy })).rejects.toBeInstanceOf(ConflictError);
        return;
      }
      const c = await g.merge(repo, op.source, op.dest, { committer: 'u', strategy: op.strategy });
      m.commits.set(c.id, { parents: [dst.head, src.head], generation: Math.max(dstCommit.generation, source.generation) + 1, snapshot: result });
      dst.head = c.id;
      // The branch was clean, so whatever it had staged changed nothing and is retired with the move.
      dst.staged.clear();
      return;
    }
    case 'resetPath': {
      const b = m.branches.get(op.branch);
      if (!b) return;
      const committed = (m.commits.get(b.head) as { snapshot: Snapshot }).snapshot;
      if (op.prefix) {
        await g.resetPrefix(repo, op.branch, op.path);
        for (const k of b.staged.keys()) if (k.startsWith(op.path)) b.staged.set(k, committed.get(k) ?? null);
      } else {
        if (op.path === '') return;
        await g.resetObject(repo, op.branch, op.path);
        b.staged.set(op.path, committed.get(op.path) ?? null);
      }
      return;
    }
    case 'revert':
    case 'cherryPick': {
      const b = m.branches.get(op.branch);
      const t = m.branches.get(op.target);
      if (!b || !t) return;
      const target = m.commits.get(t.head) as { parents: string[]; snapshot: Snapshot };
      const parentId = target.parents[0];
      const parent = parentId === undefined ? new Map<string, string>() : (m.commits.get(parentId) as { snapshot: Snapshot }).snapshot;
      const head = m.commits.get(b.head) as { generation: number; snapshot: Snapshot };
      const run = () =>
        op.op === 'revert'
          ? g.revert(repo, op.branch, t.head, { committer: 'u', parentNumber: 1 })
          : g.cherryPick(repo, op.branch, t.head, { committer: 'u', parentNumber: 1 });
      if (!sameSnapshot(effective(m, b), head.snapshot)) {
        await expect(run()).rejects.toBeInstanceOf(DirtyBranchError);
        return;
      }
      const { result, conflict } =
        op.op === 'revert' ? threeWay(target.snapshot, parent, head.snapshot, '') : threeWay(parent, target.snapshot, head.snapshot, '');
      if (conflict) {
        await expect(run()).rejects.toBeInstanceOf(ConflictError);
        return;
      }
      if (sameSnapshot(result, head.snapshot)) {
        await expect(run()).rejects.toBeInstanceOf(NoChangesError);
        return;
      }
      const c = await run();
      m.commits.set(c.id, { parents: [b.head], generation: head.generation + 1, snapshot: result });
      b.head = c.id;
      b.staged.clear();
      return;
    }
  }
}

/**
 * Whether two commits have the same tree id, which is what a merge's "no changes" compares. Equal small trees have
 * equal ids, but the empty tree has two: "" for a repository's first commit, and lakeFS's empty metarange for a
 * commit that deleted everything.
 */
function sameTree(a: { parents: string[]; snapshot: Snapshot }, b: { parents: string[]; snapshot: Snapshot }): boolean {
  if (a.snapshot.size === 0 && b.snapshot.size === 0) return (a.parents.length === 0) === (b.parents.length === 0);
  return sameSnapshot(a.snapshot, b.snapshot);
}

describe('graveler against an in-memory model', () => {
  it('agrees on listings and diffs after random writes, deletes, commits, branches and merges', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 10, maxLength: 40, size: 'max' }), async (ops) => {
        const env = await openEnv({ now: tickingClock(), raggedness: 2 });
        try {
          const repo = `model-${run++}`;
          await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
          const first = await env.g.getCommit(repo, 'main');
          const m: Model = {
            branches: new Map([['main', { head: first.id, staged: new Map() }]]),
            commits: new Map([[first.id, { parents: [], generation: 1, snapshot: new Map() }]]),
          };
          // Most interesting histories need the other branches, so they start out existing.
          for (const name of ['dev', 'exp']) {
            await env.g.createBranch(repo, name, 'main');
            m.branches.set(name, { head: first.id, staged: new Map() });
          }
          for (const op of ops) {
            await step(env.g, repo, m, op);
            await check(env.g, repo, m);
          }
        } finally {
          await env.close();
        }
      }),
      {
        numRuns: 100,
        examples: [
          [
            // An emptied tree equals the first commit's empty tree: merging it brings nothing.
            [
              { op: 'put', branch: 'exp', path: 'c', content: 'v0' },
              { op: 'commit', branch: 'exp' },
              { op: 'delete', branch: 'exp', path: 'c' },
              { op: 'commit', branch: 'exp' },
              { op: 'merge', source: 'exp', dest: 'main', strategy: '' },
            ],
          ],
          [
            [
              { op: 'put', branch: 'main', path: 'b/x', content: 'v0' },
              { op: 'commit', branch: 'main' },
              { op: 'delete', branch: 'main', path: 'b/x' },
              { op: 'commit', branch: 'main' },
            ],
          ],
        ],
      },
    );
  });
});
