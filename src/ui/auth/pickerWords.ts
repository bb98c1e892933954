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
 * Said under the results when more match than the picker shows: how many in all when counted ('5 of 11 — type to
 * search', '5 of 100+' past the count's limit), else only that there are more.
 */
export function candidatesHint({ ids, hasMore, total, totalIsAtLeast }: CandidatePage): string | undefined {
  if (!hasMore) return undefined;
  if (total === undefined) return `${ids.length} shown — type to search for more`;
  return `${ids.length} of ${total}${totalIsAtLeast === true ? '+' : ''} — type to search`;
}
