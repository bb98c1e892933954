// The merge's dry run against the merge itself: the same conflicts (also past the 1000 the merge lists), a change
// count equal to what the merge then changes, and nothing written by the dry run.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../../server/errors';
import type { Graveler, ObjectRecord } from '../../../server/graveler/index';
import { entry, openEnv, tickingClock, type Env } from './helpers';

type V = 'A' | 'B' | 'C' | 'X';

// Base, source, destination of one key each: every case of the three-way outcome table.
const ROWS: [V, V, V][] = [
  ['A', 'A', 'A'],
  ['A', 'B', 'B'],
  ['A', 'B', 'C'],
  ['A', 'A', 'B'],
  ['A', 'B', 'A'],
  ['A', 'X', 'X'],
  ['A', 'B', 'X'],
  ['A', 'X', 'B'],
  ['A', 'A', 'X'],
  ['A', 'X', 'A'],
  ['X', 'B', 'C'],
  ['X', 'B', 'B'],
];

const key = (i: number) => `k/${String(i).padStart(2, '0')}`;

async function set(g: Graveler, repo: string, branch: string, path: string, base: V, value: V): Promise<void> {
  if (value === base) return;
  if (value === 'X') await g.deleteObject(repo, branch, path);
  else await g.putObject(repo, branch, path, entry(`${path}-${value}`));
}

/** Every file under a folder, so a test can tell that nothing was written. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

async function diffCount(g: Graveler, repo: string, left: string, right: string): Promise<number> {
  return (await g.diff(repo, left, right, { type: 'two_dot', amount: 1000 })).results.length;
}

describe('merge preview', () => {
  let env: Env;

  beforeAll(async () => {
    env = await openEnv({ now: tickingClock() });
  });
  afterAll(async () => {
    await env.close();
  });

  it('lists the conflicts the merge refuses with, and counts the changes the merge then makes', async () => {
    const repo = 'table';
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    for (const [i, [base]] of ROWS.entries()) if (base !== 'X') await env.g.putObject(repo, 'main', key(i), entry(`${key(i)}-${base}`));
    await env.g.commit(repo, 'main', { committer: 'u', message: 'base' });
    await env.g.createBranch(repo, 'src', 'main');
    await env.g.createBranch(repo, 'dst', 'main');
    for (const [i, [base, source, dest]] of ROWS.entries()) {
      await set(env.g, repo, 'src', key(i), base, source);
      await set(env.g, repo, 'dst', key(i), base, dest);
    }
    await env.g.putObject(repo, 'src', 'only-src', entry('s'));
    await env.g.putObject(repo, 'dst', 'only-dst', entry('d'));
    await env.g.commit(repo, 'src', { committer: 'u', message: 'src' });
    await env.g.commit(repo, 'dst', { committer: 'u', message: 'dst' });
    const before = await env.g.getBranch(repo, 'dst');
    const files = filesUnder(env.dir);

    const preview = await env.g.previewMerge(repo, 'src', 'dst');
    expect(filesUnder(env.dir)).toEqual(files);
    expect(await env.g.getBranch(repo, 'dst')).toEqual(before);

    const refused = await env.g.merge(repo, 'src', 'dst', { committer: 'm' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    const conflicts = (refused as ConflictError).conflicts;
    expect(conflicts.map((c) => c.path)).toEqual([key(2), key(6), key(7), key(10)]);
    expect(preview.conflicts).toEqual(conflicts);
    expect(preview).toMatchObject({
      sourceCommitId: (await env.g.getBranch(repo, 'src')).commitId,
      destinationCommitId: before.commitId,
      baseCommitId: (await env.g.findMergeBase(repo, 'src', 'dst')).baseCommitId,
      conflictsTruncated: false,
      fastForward: false,
      nothingToMerge: false,
    });

    // Keeping the destination's side of every conflict, the merge changes exactly the paths the preview counted:
    // rows 4 and 9 (changed or deleted on the source only) and only-src.
    const resolutions = Object.fromEntries(conflicts.map((c) => [c.path, 'dest' as const]));
    const merged = await env.g.merge(repo, 'src', 'dst', { committer: 'm', resolutions });
    expect(preview.changes).toBe(3);
    expect(await diffCount(env.g, repo, before.commitId, merged.id)).toBe(preview.changes);
  });

  it('lists the first 1000 of more conflicts, as the merge does, and says there are more', async () => {
    const repo = 'many';
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    const tree = (side: string) => {
      const records: ObjectRecord[] = [];
      for (let i = 0; i <= 1000; i++) records.push({ path: `c/${String(i).padStart(4, '0')}`, entry: entry(`${side}-${i}`) });
      return env.g.writeMetaRange(repo, records);
    };
    await env.g.commitMetaRange(repo, 'main', await tree('base'), { committer: 'u', message: 'base' });
    await env.g.createBranch(repo, 'src', 'main');
    await env.g.createBranch(repo, 'dst', 'main');
    await env.g.commitMetaRange(repo, 'src', await tree('src'), { committer: 'u', message: 'src' });
    await env.g.commitMetaRange(repo, 'dst', await tree('dst'), { committer: 'u', message: 'dst' });

    const preview = await env.g.previewMerge(repo, 'src', 'dst');
    const refused = await env.g.merge(repo, 'src', 'dst', { committer: 'm' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    expect(preview.conflicts).toHaveLength(1000);
    expect(preview.conflicts).toEqual((refused as ConflictError).conflicts);
    expect(preview.conflicts.at(-1)?.path).toBe('c/0999');
    expect(preview.conflictsTruncated).toBe(true);
    expect(preview.changes).toBe(0);
  });

  it('tells a fast-forward of content and nothing to merge apart', async () => {
    const repo = 'shortcuts';
    await env.g.createRepository({ id: repo, storageNamespace: `local://${repo}` });
    await env.g.createBranch(repo, 'ahead', 'main');
    await env.g.putObject(repo, 'ahead', 'a', entry('a'));
    await env.g.putObject(repo, 'ahead', 'b', entry('b'));
    await env.g.commit(repo, 'ahead', { committer: 'u', message: 'ahead' });

    const forward = await env.g.previewMerge(repo, 'ahead', 'main');
    expect(forward).toMatchObject({ fastForward: true, nothingToMerge: false, changes: 2, conflicts: [] });
    const back = await env.g.previewMerge(repo, 'main', 'ahead');
    expect(back).toMatchObject({ fastForward: false, nothingToMerge: true, changes: 0, conflicts: [] });
  });
});
