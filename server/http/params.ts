// Path parameters: the schemas that validate them before anything touches the store.
import { z } from '@hono/zod-openapi';
import { validateBranchId, validateRepositoryId, validateTagId } from '../catalog';

/** Any ref expression: a branch, a tag or a commit id, and the expressions lakeFS builds on them. */
export const refValue = z.string().regex(/^[^\s]+$/, { message: 'must be a ref without whitespace' });

/**
 * An id checked by one of the catalog's rules. The rule throws lakeFS's own error (a 400 with lakeFS's text, e.g.
 * `repository id: invalid value: validation error`); zod lets it through to the one error mapping unchanged.
 */
function checkedBy(rule: (id: string) => void) {
  return z.string().refine((id) => {
    rule(id);
    return true;
  });
}

const repositoryId = checkedBy(validateRepositoryId);
export const branchId = checkedBy(validateBranchId);
const tagId = checkedBy(validateTagId);

export const repositoryParams = z.object({ repository: repositoryId });
export const branchParams = repositoryParams.extend({ branch: branchId });
export const tagParams = repositoryParams.extend({ tag: tagId });
export const refParams = repositoryParams.extend({ ref: refValue });
