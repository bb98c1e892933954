import { isWellFormedKey } from '../kv/keys';
import { InvalidRefError, ValidationError } from '../errors';

const REPOSITORY_ID = /^[a-z0-9][a-z0-9-]{2,62}$/;
const BRANCH_ID = /^\w[-\w]*$/;
const REF = /^[^\s]+$/;
// git check-ref-format, as lakeFS applies it to tags.
// eslint-disable-next-line no-control-regex
const TAG_FORBIDDEN = /\.\.|\/|@\{|\^|:|\?|\*|\[|\\|[\x00-\x20\x7f]/;

export function validateRepositoryId(id: string): void {
  if (!REPOSITORY_ID.test(id)) throw new ValidationError('repository id: invalid value: validation error');
}

export function validateBranchId(id: string): void {
  if (!BRANCH_ID.test(id)) throw new ValidationError('branch id: invalid value: validation error');
}

export function validateTagId(id: string): void {
  if (id === '' || id === '@' || id.endsWith('.') || id.endsWith('.lock') || TAG_FORBIDDEN.test(id)) {
    throw new ValidationError('tag id: invalid value: validation error');
  }
}

export function validateRef(ref: string): void {
  if (!REF.test(ref)) throw new InvalidRefError('ref: invalid value: validation error');
}

/** Object paths are any non-empty, well-formed string: they are keys, never file names. */
export function validatePath(path: string): void {
  if (path === '') throw new ValidationError('path: invalid value: validation error');
  if (!isWellFormedKey(path)) throw new ValidationError('path: invalid value: not valid unicode');
}

export function validateMergeStrategy(strategy: string): asserts strategy is '' | 'dest-wins' | 'source-wins' {
  if (strategy !== '' && strategy !== 'dest-wins' && strategy !== 'source-wins') {
    throw new ValidationError('invalid merge strategy');
  }
}
