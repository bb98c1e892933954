import { makeCommit } from './commit-manager';
import type { Ctx } from './context';
import { AlreadyExistsError, InvalidNamespaceError, NotFoundError, ReadOnlyRepositoryError, ValidationError } from '../errors';
import { encodeBranch, encodeJson, keys, newStagingToken, type BranchRecord } from './records';
import type { CreateRepositoryOptions, Repository } from './types';
import { validateBranchId, validateRepositoryId } from './validate';

const DUMMY_KEY = '_tarn/dummy';
const DUMMY_CONTENT = 'this object marks the storage namespace as used by a Tarn repository';

/**
 * Claims the namespace, writes the first commit and the default branch, and the repository record last, so a
 * failure midway leaves no visible repository.
 */
export async function createRepository(ctx: Ctx, o: CreateRepositoryOptions): Promise<Repository> {
  validateRepositoryId(o.id);
  const defaultBranch = o.defaultBranch || 'main';
  validateBranchId(defaultBranch);
  try {
    ctx.blockstore.validateNamespace(o.storageNamespace);
  } catch (err) {
    if (err instanceof InvalidNamespaceError) throw new ValidationError(`storage namespace: ${err.message}`);
    throw err;
  }
  if (await ctx.refs.repositoryRaw(o.id)) throw new AlreadyExistsError('repository');
  const readOnly = o.readOnly ?? false;
  if (!readOnly && !o.allowExistingNamespace) {
    if (await ctx.blockstore.exists(o.storageNamespace, DUMMY_KEY)) throw new ValidationError('storage namespace already in use');
    await ctx.blockstore.put(o.storageNamespace, DUMMY_KEY, Buffer.from(DUMMY_CONTENT));
  }
  const now = ctx.now();
  if (!o.bare) {
    const first = makeCommit({
      parents: [],
      committer: '',
      message: 'Repository created',
      creationDate: now,
      metaRangeId: '',
      metadata: {},
      generation: 1,
    });
    await ctx.refs.putCommit(o.id, first);
    const branch: BranchRecord = { commitId: first.id, stagingToken: newStagingToken(), sealedTokens: [], hidden: false };
    await ctx.kv.set(keys.branch(o.id, defaultBranch), encodeBranch(branch));
  }
  const repository: Repository = {
    id: o.id,
    storageNamespace: o.storageNamespace,
    defaultBranch,
    creationDate: now,
    readOnly,
    state: 'active',
  };
  if (!(await ctx.kv.setIf(keys.repository(o.id), encodeJson(repository), 'absent'))) throw new AlreadyExistsError('repository');
  return repository;
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
    }
    await ctx.kv.deletePrefix(keys.repoData(id));
    await ctx.kv.delete(keys.repository(id));
    return;
  }
}
