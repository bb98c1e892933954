// Path parameters, validated before anything touches the store.
import { z } from 'zod';
import { validateBranchId, validateRepositoryId, validateTagId } from '../catalog';
import type { AppContext } from './route-table';
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

const refSchema = z.string().regex(/^[^\s]+$/, { message: 'must be a ref without whitespace' });

export function refParam(c: AppContext, name = 'ref'): string {
  return parseWith(refSchema, param(c, name), name);
}

export const refValue = refSchema;
