// Object keys are flat strings; "folders" are prefixes ending in '/'. What both the views and the flows need of that.

/** The prefix that contains `path` ('' at the root). */
export function parentPrefix(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  const slash = trimmed.lastIndexOf('/');
  return slash === -1 ? '' : trimmed.slice(0, slash + 1);
}
