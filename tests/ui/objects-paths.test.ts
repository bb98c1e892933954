import { describe, expect, it } from 'vitest';
import { basename, breadcrumbs, lakefsUri, parentPrefix, resolveRepoPath } from '../../src/ui/objects/paths';

describe('object paths', () => {
  it('splits keys and prefixes', () => {
    expect(basename('a/b/c.txt')).toBe('c.txt');
    expect(basename('a/b/')).toBe('b');
    expect(parentPrefix('a/b/c.txt')).toBe('a/b/');
    expect(parentPrefix('a/')).toBe('');
    expect(breadcrumbs('a/b/')).toEqual([
      { label: 'a', prefix: 'a/' },
      { label: 'b', prefix: 'a/b/' },
    ]);
    expect(lakefsUri('repo', 'main', 'a/b/')).toBe('lakefs://repo/main/a/b/');
  });

  it('never resolves above the repository root', () => {
    expect(resolveRepoPath('a/b/', '../../../x')).toBe('x');
    expect(resolveRepoPath('a/b/', '/x/y')).toBe('x/y');
    expect(resolveRepoPath('a/', './c/')).toBe('a/c/');
  });
});
