import { AlreadyExistsError, NotFoundError, ReadOnlyRepositoryError, ValidationError } from '../errors';
import type { KvWrite } from '../kv/index';
import { makeCommit } from './commit-manager';
import type { Ctx } from './context';
import { encodeBranch, encodeJson, keys, newStagingToken, type BranchRecord } from './records';
import type { CreateRepositoryOptions, Repository } from './types';
import { validateBranchId, validateRepositoryId } from './validate';

const DUMMY_KEY = '_tarn/dummy';
const DUMMY_CONTENT = 'this object marks the storage namespace as used by a Tarn repository';

/** Runs once the repository exists (sample data); a failure undoes the whole creation. */
export type PopulateRepository = (repository: Repository) => Promise<void>;

/**
 * All or nothing: claims the namespace, then writes the first commit, the default branch and the repository record
 * in one atomic batch, then runs `populate`. If any step fails, whatever it left is removed again (records, staged
 * data, the namespace claim), so the id and the namespace can be used again.
 */
export async function createRepository(ctx: Ctx, o: CreateRepositoryOptions, populate?: PopulateRepository): Promise<Repository> {
  validateRepositoryId(o.id);
  const defaultBranch = o.defaultBranch || 'main';
  validateBranchId(defaultBranch);
  ctx.blockstore.validateNamespace(o.storageNamespace);
  if (await ctx.refs.repositoryRaw(o.id)) throw new AlreadyExistsError('repository');
  const readOnly = o.readOnly ?? false;
  const claimsNamespace = !readOnly && !o.allowExistingNamespace;
  if (claimsNamespace) {
    if (await ctx.blockstore.exists(o.storageNamespace, DUMMY_KEY)) throw new ValidationError('storage namespace already in use');
    await ctx.blockstore.put(o.storageNamespace, DUMMY_KEY, Buffer.from(DUMMY_CONTENT));
  }
  const repository: Repository = {
    id: o.id,
    storageNamespace: o.storageNamespace,
    defaultBranch,
    creationDate: ctx.now(),
    readOnly,
    state: 'active',
  };
  const writes: KvWrite[] = o.bare ? [] : firstCommitWrites(o.id, defaultBranch, repository.creationDate);
  writes.push({ op: 'set', key: keys.repository(o.id), value: encodeJson(repository) });
  let recorded = false;
  try {
    recorded = await ctx.kv.batch(writes, [{ key: keys.repository(o.id), expected: 'absent' }]);
    if (!recorded) throw new AlreadyExistsError('repository');
    await populate?.(repository);
    return repository;
  } catch (err) {
    // The caller needs the original failure. An undo that fails too leaves the repository in deletion (410), which
    // a DELETE finishes.
    await undoCreation(ctx, o, recorded, claimsNamespace).catch(() => {});
    throw err;
  }
}

async function undoCreation(ctx: Ctx, o: CreateRepositoryOptions, recorded: boolean, claimedNamespace: boolean): Promise<void> {
  if (recorded) await deleteRepository(ctx, o.id, true);
  // A concurrent creation of the same id that won with the same namespace owns that claim now.
  const winner = recorded ? undefined : await ctx.refs.repositoryRaw(o.id);
  if (claimedNamespace && winner?.value.storageNamespace !== o.storageNamespace) {
    await ctx.blockstore.delete(o.storageNamespace, DUMMY_KEY);
  }
}

function firstCommitWrites(repo: string, branch: string, now: number): KvWrite[] {
  const first = makeCommit({
    parents: [],
    committer: '',
    message: 'Repository created',
    creationDate: now,
    metaRangeId: '',
    metadata: {},
    generation: 1,
  });
  const record: BranchRecord = { commitId: first.id, stagingToken: newStagingToken(), sealedTokens: [], hidden: false };
  return [
    { op: 'set', key: keys.commit(repo, first.id), value: encodeJson(first) },
    { op: 'set', key: keys.branch(repo, branch), value: encodeBranch(record) },
  ];
}

/**
 * Marks the repository as in deletion, removes its records, then the repository record. A failure midway leaves it
 * marked (answering 410) and calling this again finishes the job. Object data is never deleted.
 */
export async function deleteRepository(ctx: Ctx, id: string, force: boolean): Promise<void> {
  for (;;) {
    const r = await ctx.refs.repositoryRaw(id);
    if (!r) throw new NotFoundError('repository');
    if (r.value.readOnly && !force) throw new ReadOnlyRepositoryError();
    if (r.value.state !== 'in_deletion') {
      const marked = encodeJson({ ...r.value, state: 'in_deletion' });
      if (!(await ctx.kv.setIf(keys.repository(id), marked, r.raw))) continue;
      ctx.refs.forgetRepository(id);
    }
    await ctx.kv.deletePrefix(keys.repoData(id));
    await ctx.kv.delete(keys.repository(id));
    ctx.refs.forgetRepository(id);
    return;
  }
}
