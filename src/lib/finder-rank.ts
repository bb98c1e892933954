// The file finder's order, as GitHub's finder ranks files: the server finds every path containing the query and
// gives them in path order; the console ranks them by how well the query names the file.

/** Where the query was found in a path: the characters [start, end) are highlighted. */
export interface PathMatch {
  start: number;
  end: number;
  /** The match lies within the last segment (the file's name), not across or before its folders. */
  inName: boolean;
  /** How far the match starts from the start of the segment it is ranked by (the name, else the whole path). */
  offset: number;
}

export interface RankedPath<T> {
  item: T;
  match: PathMatch;
}

/** The start of a path's last segment. */
const nameStart = (path: string) => path.lastIndexOf('/') + 1;

/**
 * Where `query` best names `path`, case-insensitively: its first occurrence in the file's name, else its first in the
 * whole path; null when it does not occur. The server matches the whole query as one substring, so a match is
 * always contiguous; what ranks it is where it falls.
 */
export function matchPath(path: string, query: string): PathMatch | null {
  const needle = query.toLowerCase();
  const haystack = path.toLowerCase();
  // A lowercase form of another length (rare Unicode) would shift every position: such a path is not highlighted.
  if (needle === '' || haystack.length !== path.length) return null;
  const name = nameStart(path);
  const inName = haystack.indexOf(needle, name);
  if (inName !== -1) return { start: inName, end: inName + needle.length, inName: true, offset: inName - name };
  const anywhere = haystack.indexOf(needle);
  if (anywhere === -1) return null;
  return { start: anywhere, end: anywhere + needle.length, inName: false, offset: anywhere };
}

/** Code unit order, as the server orders paths (never the locale's). */
const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compare(a: RankedPath<{ path: string }>, b: RankedPath<{ path: string }>): number {
  if (a.match.inName !== b.match.inName) return a.match.inName ? -1 : 1;
  if (a.match.offset !== b.match.offset) return a.match.offset - b.match.offset;
  if (a.item.path.length !== b.item.path.length) return a.item.path.length - b.item.path.length;
  return byPath(a.item.path, b.item.path);
}

/**
 * The items whose path contains `query`, best first: a match in the file's name above a match in its folders, an
 * earlier match above a later one (from the start of the name, or of the path), a shorter path above a longer one,
 * then path order. Items that do not contain the query are left out.
 */
export function rankPaths<T extends { path: string }>(items: readonly T[], query: string): RankedPath<T>[] {
  const ranked: RankedPath<T>[] = [];
  for (const item of items) {
    const match = matchPath(item.path, query);
    if (match) ranked.push({ item, match });
  }
  return ranked.sort(compare);
}
