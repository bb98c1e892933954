// The words of the access-control pickers (docs/behaviour.md, Access control).
import type { CandidatePage } from '../../machines/relation/machine';

/** What the picker links: 'policy' and 'policies'. */
export interface Noun {
  one: string;
  other: string;
}

/** '1 policy', '3 policies'. */
export function countOf(n: number, noun: Noun): string {
  return `${n} ${n === 1 ? noun.one : noun.other}`;
}

/**
 * Said under the results when more match than the picker shows: how many in all when the server says ('5 of 11 —
 * type to search'), else only that there are more (lakeFS's listings page without a total).
 */
export function candidatesHint({ ids, hasMore, total }: CandidatePage): string | undefined {
  if (!hasMore) return undefined;
  return total === undefined ? `${ids.length} shown — type to search for more` : `${ids.length} of ${total} — type to search`;
}
