// What kind of file an object is by its name: the viewer, the diffs and the SQL preview all ask the same question.

/**
 * The lower-cased extension of the object's name ('' when it has none, or is a dotfile such as `.env`); `Dockerfile`
 * and `Makefile` count as their own extension.
 */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  if (name === 'dockerfile' || name === 'makefile') return name;
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1);
}
