// Where an uploaded file lands: the destination prefix plus the file's path relative to what the user picked.

/** Backslashes become '/', and leading slashes are removed. */
export function normalizeObjectPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\/+/, '');
}

export function destinationFor(prefix: string, relativePath: string): string {
  const dir = normalizeObjectPath(prefix);
  const base = dir === '' || dir.endsWith('/') ? dir : `${dir}/`;
  return normalizeObjectPath(base + normalizeObjectPath(relativePath));
}
