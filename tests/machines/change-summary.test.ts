import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Diff, Page } from '../../src/api/types';
import { changeSummaryMachine, type CountRequest } from '../../src/machines/change-summary/machine';
import { countChanges, type ChangeCounts } from '../../src/machines/change-summary/count';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(changeSummaryMachine);

/** A branch with `total` changed objects, listed without a delimiter; failures on demand. */
function fakeBranch(total: number, countAtOnce = false) {
  const all: Diff[] = Array.from({ length: total }, (_, i) => ({
    type: i % 2 === 0 ? 'added' : 'removed',
    path: `f/${String(i).padStart(6, '0')}`,
    path_type: 'object',
    size_bytes: 2,
  }));
  const requests: Array<{ after?: string; amount: number }> = [];
  let failNext = 0;
  const fetchPage = async (params: { after?: string; amount: number }): Promise<Page<Diff>> => {
    requests.push(params);
    if (failNext > 0) {
      failNext--;
      throw new Error('server unavailable');
    }
    const start = params.after === undefined ? 0 : all.findIndex((d) => d.path === params.after) + 1;
    const results = all.slice(start, start + params.amount);
    const more = start + params.amount < all.length;
    return {
      results,
      pagination: { has_more: more, next_offset: more ? (results.at(-1)?.path ?? '') : '', results: results.length, max_per_page: 1000 },
    };
  };
  const machine = changeSummaryMachine.provide({
    actors: {
      count: fromPromise<ChangeCounts, CountRequest>(({ input }) => countChanges(fetchPage, input.from)),
    },
  });
  return {
    requests,
    failNextRequests: (n: number) => (failNext = n),
    summary: createActor(machine, { input: { source: { repoId: 'lake', branch: 'main' }, prefix: '', countAtOnce }, inspect: coverage.inspect }).start(),
  };
}

const counted = (s: { matches: (v: 'counted') => boolean }) => s.matches('counted');

describe('change summary machine', () => {
  it('counts nothing until asked, then counts everything of a small change', async () => {
    const { summary, requests } = fakeBranch(1500);
    expect(requests).toEqual([]);
    summary.send({ type: 'summary.count' });
    expect(summary.getSnapshot().hasTag('busy')).toBe(true);
    const done = await waitFor(summary, counted, { timeout: 5000 });
    expect(done.context.summary).toMatchObject({ total: 1500, counts: { added: 750, removed: 750 }, bytes: { added: 1500 } });
    expect(done.context.summary?.resumeAfter).toBeUndefined();
    expect(requests.map((r) => r.amount)).toEqual([1000, 1000]);
    expect(done.can({ type: 'summary.more' })).toBe(false);
  });

  it('stops at 10000 objects in pages of 1000, and counts on when the user asks', async () => {
    const { summary, requests } = fakeBranch(12_500);
    summary.send({ type: 'summary.count' });
    const capped = await waitFor(summary, counted, { timeout: 5000 });
    expect(capped.context.summary?.total).toBe(10_000);
    expect(capped.context.summary?.resumeAfter).toBe('f/009999');
    expect(requests).toHaveLength(10);
    summary.send({ type: 'summary.more' });
    await waitFor(summary, (s) => s.matches('counted') && s.context.summary?.total === 12_500, { timeout: 5000 });
    expect(requests).toHaveLength(13);
    expect(requests[10]?.after).toBe('f/009999');
  });

  it('shows a failure, and retries from what it had counted', async () => {
    const { summary, requests, failNextRequests } = fakeBranch(12_000);
    summary.send({ type: 'summary.count' });
    await waitFor(summary, counted, { timeout: 5000 });
    failNextRequests(1);
    summary.send({ type: 'summary.more' });
    const failed = await waitFor(summary, (s) => s.matches('failed'), { timeout: 5000 });
    expect(String(failed.context.error)).toContain('server unavailable');
    expect(failed.context.summary?.total).toBe(10_000);
    summary.send({ type: 'summary.retry' });
    const done = await waitFor(summary, counted, { timeout: 5000 });
    expect(done.context.summary?.total).toBe(12_000);
    expect(requests.slice(10).map((r) => r.after)).toEqual(['f/009999', 'f/009999', 'f/010999']);
  });

  it('counts without being asked where the counts belong with the list', async () => {
    const { summary, requests } = fakeBranch(3, true);
    const done = await waitFor(summary, counted, { timeout: 5000 });
    expect(done.context.summary?.total).toBe(3);
    expect(requests).toHaveLength(1);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
