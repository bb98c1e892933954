import { describe, expect, it } from 'vitest';
import { candidatesHint, countOf } from '../../src/ui/auth/pickerWords';

const policies = { one: 'policy', other: 'policies' };

describe('the words of the access-control pickers', () => {
  it('counts in the singular and the plural', () => {
    expect([countOf(1, policies), countOf(3, policies)]).toEqual(['1 policy', '3 policies']);
  });

  it('says how many more match, in all when the total is known, else that there are more', () => {
    const five = ['a', 'b', 'c', 'd', 'e'];
    expect(candidatesHint({ ids: five, hasMore: true, total: 11 })).toBe('5 of 11 — type to search');
    expect(candidatesHint({ ids: five, hasMore: true, total: 100, totalIsAtLeast: true })).toBe('5 of 100+ — type to search');
    expect(candidatesHint({ ids: five, hasMore: true })).toBe('5 shown — type to search for more');
    expect(candidatesHint({ ids: five, hasMore: false })).toBeUndefined();
  });
});
