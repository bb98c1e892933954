// Object keys are flat strings; "folders" are prefixes ending in '/'. These helpers keep that model in one place.
import { parentPrefix } from '../../lib/object-paths';

/** The last segment of a key, ignoring a trailing '/' on prefixes. */
export function basename(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  const slash = trimmed.lastIndexOf('/');
  return slash === -1 ? trimmed : trimmed.slice(slash + 1);
}

export { parentPrefix };

export interface Crumb {
  label: string;
  /** The prefix this crumb navigates to ('' for the root). */
  prefix: string;
}

/** Breadcrumbs for a prefix such as 'a/b/': root, 'a/', 'a/b/'. */
export function breadcrumbs(prefix: string): Crumb[] {
  const crumbs: Crumb[] = [];
  let acc = '';
  for (const segment of prefix.split('/')) {
    if (segment === '') continue;
    acc += `${segment}/`;
    crumbs.push({ label: segment, prefix: acc });
  }
  return crumbs;
}

export function lakefsUri(repoId: string, ref: string, path = ''): string {
  return `lakefs://${repoId}/${ref}/${path}`;
}

/**
 * Resolves `target` against the folder `baseDir` the way a browser resolves a relative link, but inside the
 * repository: a leading '/' means the repository root, and '..' never climbs above the root.
 */
export function resolveRepoPath(baseDir: string, target: string): string {
  const fromRoot = target.startsWith('/');
  const segments = fromRoot ? [] : baseDir.split('/').filter((s) => s !== '');
  const parts = target.split('/');
  parts.forEach((part, index) => {
    if (part === '..') segments.pop();
    else if (part !== '.' && part !== '') segments.push(part);
    else if (part === '' && index === parts.length - 1 && segments.length > 0) segments.push('');
  });
  return segments.join('/');
}
