// A commit record written as given (lakeFS's CreateCommitRecord), for tools that copy a repository's history from
// one installation to another. The store's walks trust their records, so a record is taken only when it is one
// the store itself could have written: its id is the id of its content, its tree and parents exist, and its
// generation is above its parents' (what merge-base and log order rely on). No branch moves. lakeFS checks the id
// only; it takes a tree or parents it lacks, which Tarn's walks would then fail on.
import { AlreadyExistsError, ValidationError } from '../errors';
import { computeCommitId } from './commit-id';
import type { Ctx } from './context';
import { encodeJson, keys } from './records';
import type { Commit } from './types';

const COMMIT_ID = /^[0-9a-f]{64}$/;

async function checkParents(ctx: Ctx, repo: string, c: Commit): Promise<void> {
  for (const id of c.parents) {
    const parent = await ctx.refs.findCommit(repo, id);
    if (!parent) throw new ValidationError(`parent commit ${id} not found`);
    if (c.generation <= parent.generation) {
      throw new ValidationError(`generation ${c.generation} must be greater than the generation of parent ${id} (${parent.generation})`);
    }
  }
}

/** Stores the record; a commit already under its id is a conflict, the same record again too (as in lakeFS). */
export async function createCommitRecord(ctx: Ctx, repo: string, namespace: string, c: Commit): Promise<void> {
  if (!COMMIT_ID.test(c.id)) throw new ValidationError('commit_id must be 64 lowercase hex digits');
  const expected = computeCommitId(c);
  if (c.id !== expected) throw new ValidationError(`commit_id does not match the record: its content gives ${expected}`);
  if (!(await ctx.trees.hasMetaRange(namespace, c.metaRangeId))) throw new ValidationError('metarange not found');
  await checkParents(ctx, repo, c);
  if (!(await ctx.kv.setIf(keys.commit(repo, c.id), encodeJson(c), 'absent'))) throw new AlreadyExistsError('commit');
}
