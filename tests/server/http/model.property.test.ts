// Random writes, deletes, commits, branches, resets and merges over HTTP, checked step by step against a plain
// in-memory model: listings, uncommitted diffs, heads and commit-to-commit diffs must agree.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ancestorsIn } from '../model-history';
import { startWithAdmin, type Client, type TestServer } from './harness';

let server: TestServer;
let api: Client;

beforeAll(async () => {
  ({ server, api } = await startWithAdmin());
});
afterAll(async () => {
  await server.close();
});

type Content = Map<string, string>;

interface ModelCommit {
  parents: string[];
  content: Content;
}

interface ModelBranch {
  head: string;
  /** The branch's view including uncommitted changes. */
  view: Content;
  /** Anything written or deleted since the last commit or reset. */
  touched: boolean;
}

const paths = ['a.txt', 'b.txt', 'dir/c.txt', 'dir/d.txt', 'dir/sub/e.txt'];
const contents = ['one', 'two', 'three'];
const branchNames = ['main', 'dev', 'feat'];
const strategies = ['', 'source-wins', 'dest-wins'] as const;

type Op =
  | { op: 'write'; branch: string; path: string; content: string }
  | { op: 'delete'; branch: string; path: string }
  | { op: 'commit'; branch: string }
  | { op: 'branch'; name: string; source: string }
  | { op: 'deleteBranch'; name: string }
  | { op: 'reset'; branch: string }
  | { op: 'merge'; source: string; dest: string; strategy: (typeof strategies)[number] };

const branchArb = fc.constantFrom(...branchNames);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('write' as const), branch: branchArb, path: fc.constantFrom(...paths), content: fc.constantFrom(...contents) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), branch: branchArb, path: fc.constantFrom(...paths) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('commit' as const), branch: branchArb }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('branch' as const), name: fc.constantFrom('dev', 'feat'), source: branchArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteBranch' as const), name: fc.constantFrom('dev', 'feat') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reset' as const), branch: branchArb }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('merge' as const), source: branchArb, dest: branchArb, strategy: fc.constantFrom(...strategies) }) },
);

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const same = (a: Content, b: Content) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

function contentDiff(from: Content, to: Content): string[] {
  const keys = [...new Set([...from.keys(), ...to.keys()])].sort();
  return keys.flatMap((k) => {
    const before = from.get(k);
    const after = to.get(k);
    if (before === after) return [];
    if (before === undefined) return [`added ${k}`];
    if (after === undefined) return [`removed ${k}`];
    return [`changed ${k}`];
  });
}

class Model {
  readonly commits = new Map<string, ModelCommit>();
  readonly branches = new Map<string, ModelBranch>();

  ancestors(id: string): Set<string> {
    return ancestorsIn(this.commits, id);
  }

  /** The single best common ancestor, or undefined when there are several (criss-cross) and git-style choice is open. */
  mergeBase(a: string, b: string): string | undefined {
    const ofB = this.ancestors(b);
    const common = [...this.ancestors(a)].filter((c) => ofB.has(c));
    const best = common.filter((c) => !common.some((other) => other !== c && this.ancestors(other).has(c)));
    return best.length === 1 ? best[0] : undefined;
  }
}

async function listAll(repo: string, ref: string): Promise<string[]> {
  const res = await api.get<{ results: Array<{ path: string; checksum: string }> }>(`/repositories/${repo}/refs/${ref}/objects/ls?amount=1000`);
  expect(res.status).toBe(200);
  return res.body.results.map((r) => `${r.path}=${r.checksum}`);
}

async function check(repo: string, model: Model): Promise<void> {
  const main = model.branches.get('main') as ModelBranch;
  for (const [name, branch] of model.branches) {
    const head = await api.get<{ commit_id: string }>(`/repositories/${repo}/branches/${name}`);
    expect(head.body.commit_id, `${name} head`).toBe(branch.head);
    const expected = [...branch.view].sort(([a], [b]) => (a < b ? -1 : 1)).map(([p, c]) => `${p}=${md5(c)}`);
    expect(await listAll(repo, name), `${name} listing`).toEqual(expected);
    const diff = await api.get<{ results: Array<{ type: string; path: string }> }>(`/repositories/${repo}/branches/${name}/diff?amount=1000`);
    const committed = (model.commits.get(branch.head) as ModelCommit).content;
    expect(diff.body.results.map((d) => `${d.type} ${d.path}`), `${name} uncommitted diff`).toEqual(contentDiff(committed, branch.view));
    if (name !== 'main') {
      const refDiff = await api.get<{ results: Array<{ type: string; path: string }> }>(
        `/repositories/${repo}/refs/${main.head}/diff/${branch.head}?type=two_dot&amount=1000`,
      );
      const mainContent = (model.commits.get(main.head) as ModelCommit).content;
      expect(refDiff.body.results.map((d) => `${d.type} ${d.path}`), `main..${name}`).toEqual(contentDiff(mainContent, committed));
    }
  }
}

async function apply(repo: string, model: Model, op: Op): Promise<void> {
  const base = `/repositories/${repo}`;
  switch (op.op) {
    case 'write': {
      const branch = model.branches.get(op.branch);
      const res = await api.upload(repo, op.branch, op.path, op.content);
      if (!branch) return expect(res.status).toBe(404);
      expect(res.status).toBe(201);
      branch.view.set(op.path, op.content);
      branch.touched = true;
      return;
    }
    case 'delete': {
      const branch = model.branches.get(op.branch);
      const res = await api.delete(`${base}/branches/${op.branch}/objects?path=${encodeURIComponent(op.path)}`);
      if (!branch) return expect(res.status).toBe(404);
      expect(res.status).toBe(204);
      branch.view.delete(op.path);
      branch.touched = true;
      return;
    }
    case 'commit': {
      const branch = model.branches.get(op.branch);
      const res = await api.post<{ id: string; message: string }>(`${base}/branches/${op.branch}/commits`, { message: 'step' });
      if (!branch) return expect(res.status).toBe(404);
      const committed = (model.commits.get(branch.head) as ModelCommit).content;
      if (same(committed, branch.view)) {
        // Same content: lakeFS answers "no changes"; a touched staging area may still make a commit.
        expect([201, 400]).toContain(res.status);
        if (res.status === 400) return expect(res.body.message).toBe('no changes');
      } else expect(res.status).toBe(201);
      model.commits.set(res.body.id, { parents: [branch.head], content: new Map(branch.view) });
      branch.head = res.body.id;
      branch.touched = false;
      return;
    }
    case 'branch': {
      const source = model.branches.get(op.source);
      const res = await api.post<string>(`${base}/branches`, { name: op.name, source: op.source });
      if (!source) return expect(res.status).toBe(404);
      if (model.branches.has(op.name)) return expect(res.status).toBe(409);
      expect(res.status).toBe(201);
      expect(res.body).toBe(source.head);
      const content = (model.commits.get(source.head) as ModelCommit).content;
      model.branches.set(op.name, { head: source.head, view: new Map(content), touched: false });
      return;
    }
    case 'deleteBranch': {
      const res = await api.delete(`${base}/branches/${op.name}`);
      expect(res.status).toBe(model.branches.has(op.name) ? 204 : 404);
      model.branches.delete(op.name);
      return;
    }
    case 'reset': {
      const branch = model.branches.get(op.branch);
      const res = await api.put(`${base}/branches/${op.branch}`, { type: 'reset' });
      if (!branch) return expect(res.status).toBe(404);
      expect(res.status).toBe(204);
      branch.view = new Map((model.commits.get(branch.head) as ModelCommit).content);
      branch.touched = false;
      return;
    }
    case 'merge': {
      // Commit both sides first, so most merges meet a clean destination and have something to bring.
      for (const b of new Set([op.source, op.dest])) if (model.branches.get(b)?.touched) await apply(repo, model, { op: 'commit', branch: b });
      const source = model.branches.get(op.source);
      const dest = model.branches.get(op.dest);
      if (!source || !dest) {
        const res = await api.post(`${base}/refs/${op.source}/merge/${op.dest}`, { strategy: op.strategy });
        return expect(res.status).toBe(404);
      }
      const destCommitted = (model.commits.get(dest.head) as ModelCommit).content;
      const dirty = !same(destCommitted, dest.view);
      const baseId = model.mergeBase(source.head, dest.head);
      if (baseId === undefined) return; // several best ancestors: which one is used is not pinned down
      const res = await api.post<{ reference: string; message: string; conflicts: Array<{ path: string }> }>(`${base}/refs/${op.source}/merge/${op.dest}`, {
        strategy: op.strategy,
      });
      if (dirty) {
        expect(res.status).toBe(400);
        return expect(res.body.message).toMatch(/uncommitted changes/);
      }
      const baseContent = (model.commits.get(baseId) as ModelCommit).content;
      const sourceContent = (model.commits.get(source.head) as ModelCommit).content;
      const result: Content = new Map();
      const conflicts: string[] = [];
      for (const key of [...new Set([...baseContent.keys(), ...sourceContent.keys(), ...destCommitted.keys()])].sort()) {
        const [b, s, d] = [baseContent.get(key), sourceContent.get(key), destCommitted.get(key)];
        let value: string | undefined;
        if (s === d || b === s) value = d;
        else if (b === d) value = s;
        else if (op.strategy === 'source-wins') value = s;
        else if (op.strategy === 'dest-wins') value = d;
        else {
          conflicts.push(key);
          continue;
        }
        if (value !== undefined) result.set(key, value);
      }
      if (conflicts.length > 0) {
        expect(res.status).toBe(409);
        return expect(res.body.conflicts.map((c) => c.path)).toEqual(expect.arrayContaining([conflicts[0]]));
      }
      if (same(sourceContent, baseContent)) {
        expect([200, 400]).toContain(res.status);
        if (res.status === 400) return expect(res.body.message).toBe('no changes');
      } else expect(res.status, JSON.stringify(res.body)).toBe(200);
      model.commits.set(res.body.reference, { parents: [dest.head, source.head], content: result });
      dest.head = res.body.reference;
      dest.view = new Map(result);
      return;
    }
  }
}

let run = 0;

describe('HTTP behaviour against an in-memory model', () => {
  it('agrees after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 30, size: 'max' }), async (ops) => {
        const repo = `model-${run++}`;
        expect((await api.post('/repositories', { name: repo, storage_namespace: `local://${repo}` })).status).toBe(201);
        const model = new Model();
        const head = (await api.get<{ commit_id: string }>(`/repositories/${repo}/branches/main`)).body.commit_id;
        model.commits.set(head, { parents: [], content: new Map() });
        model.branches.set('main', { head, view: new Map(), touched: false });
        for (const name of ['dev', 'feat']) await apply(repo, model, { op: 'branch', name, source: 'main' });
        for (const op of ops) {
          await apply(repo, model, op);
          await check(repo, model);
        }
      }),
      { numRuns: 15 },
    );
  });
});
