// Commit history of the in-memory models that the property tests check the server against.

/** Every commit reachable from `id` through parents, `id` included. */
export function ancestorsIn(commits: ReadonlyMap<string, { parents: readonly string[] }>, id: string): Set<string> {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const c = stack.pop() as string;
    if (seen.has(c)) continue;
    seen.add(c);
    stack.push(...(commits.get(c)?.parents ?? []));
  }
  return seen;
}
