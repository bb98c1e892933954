// Path parameters, validated before anything touches the store.
import { z } from '@hono/zod-openapi';
import { validateBranchId, validateRepositoryId, validateTagId } from '../catalog';
import type { AppContext } from './router';
import { parseWith } from './validation';
import { requireWellFormed } from './well-formed';

function param(c: AppContext, name: string): string {
  const value = c.req.param(name) ?? '';
  requireWellFormed(value, name);
  return value;
}

export function repositoryParam(c: AppContext, name = 'repository'): string {
  const id = param(c, name);
  validateRepositoryId(id);
  return id;
}

export function branchParam(c: AppContext, name = 'branch'): string {
  const id = param(c, name);
  validateBranchId(id);
  return id;
}

export function tagParam(c: AppContext, name = 'tag'): string {
  const id = param(c, name);
  validateTagId(id);
  return id;
}

/** Any ref expression: a branch, a tag, a commit id, with `~n`, `^n` and `@` as lakeFS reads them. */
export const refValue = z.string().regex(/^[^\s]+$/, { message: 'must be a ref without whitespace' });

export function refParam(c: AppContext, name = 'ref'): string {
  return parseWith(refValue, param(c, name), name);
}

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

export const repositoryId = checkedBy(validateRepositoryId);
export const branchId = checkedBy(validateBranchId);
export const tagId = checkedBy(validateTagId);

export const repositoryParams = z.object({ repository: repositoryId });
export const branchParams = repositoryParams.extend({ branch: branchId });
export const tagParams = repositoryParams.extend({ tag: tagId });
export const refParams = repositoryParams.extend({ ref: refValue });
