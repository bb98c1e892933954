// Objects in SQL are named `lakefs://{repo}/{ref}/{path}`, the form lakeFS's console and tutorials use
// (`READ_PARQUET('lakefs://quickstart/main/lakes.parquet')`).

export const LAKEFS_SCHEME = 'lakefs://';

export interface LakefsAddress {
  repo: string;
  ref: string;
  path: string;
}

/**
 * The object a `lakefs://` address names, or undefined when the text is not one. Repository and ref names have no
 * slash, so the path is everything after the second one; it must not be empty.
 */
export function parseLakefsAddress(text: string): LakefsAddress | undefined {
  if (!text.startsWith(LAKEFS_SCHEME)) return undefined;
  const [, repo, ref, path] = /^([^/]+)\/([^/]+)\/(.+)$/.exec(text.slice(LAKEFS_SCHEME.length)) ?? [];
  if (repo === undefined || ref === undefined || path === undefined) return undefined;
  return { repo, ref, path };
}

export function formatLakefsAddress({ repo, ref, path }: LakefsAddress): string {
  return `${LAKEFS_SCHEME}${repo}/${ref}/${path}`;
}

/** A SQL string literal of any text: single quotes, a quote inside doubled. */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
