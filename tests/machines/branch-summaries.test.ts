import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { BranchSummary, BranchSummaryList, Page, Ref } from '../../src/api/types';
import { branchSummariesMachine, branchSummaryOf, type SummaryRequest } from '../../src/machines/branch-summaries';
import { pagedListMachine, type PagedListInput, type PageRequest } from '../../src/machines/paged-list';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(branchSummariesMachine);

const ref = (id: string): Ref => ({ id, commit_id: `${id}-head` });

const page = <T>(results: T[], next = ''): Page<T> => ({
  results,
  pagination: { has_more: next !== '', next_offset: next, results: results.length, max_per_page: 1000 },
});

const summary = (id: string, ahead = 1): BranchSummary => ({
  id,
  commit_id: `${id}-head`,
  commit_creation_date: 1_700_000_000,
  ahead,
  behind: 0,
  ahead_capped: false,
  behind_capped: false,
  merged: ahead === 0,
});

const answer = (ids: string[]): BranchSummaryList => ({ default_branch: 'main', ...page(ids.map((id) => summary(id))) });

/** A branch listing (its pages answered by hand) and the summaries following it. */
function start(listInput: PagedListInput<Ref, string>) {
  const pages = controlled<Page<Ref>, PageRequest<string>>();
  const asked = controlled<BranchSummaryList, SummaryRequest>();
  const list = createActor(pagedListMachine<Ref, string>().provide({ actors: { fetchPage: pages.logic } }), { input: listInput }).start();
  const summaries = createActor(branchSummariesMachine.provide({ actors: { fetchSummaries: asked.logic } }), {
    input: { list },
    inspect: coverage.inspect,
  }).start();
  const row = (id: string) => branchSummaryOf(summaries.getSnapshot(), id);
  return { list, pages, asked, summaries, row };
}

const settled = () => Promise.resolve().then(() => undefined);

describe('branch summaries machine', () => {
  it("asks about the listing's first rows once they are there, each row waiting until answered", async () => {
    const { asked, summaries, row } = start({ source: 'lake', firstPage: page([ref('dev'), ref('main')]) });
    expect(summaries.getSnapshot().matches('loading')).toBe(true);
    expect(asked.calls.map((c) => c.input)).toEqual([{ repoId: 'lake', prefix: '', after: undefined, amount: 2 }]);
    expect(row('dev')).toEqual({ summary: undefined, pending: true });
    asked.last().resolve(answer(['dev', 'main']));
    await waitFor(summaries, (s) => s.matches('waiting'), { timeout: 5000 });
    expect(row('dev')).toEqual({ summary: summary('dev'), pending: false });
    expect(row('main').summary).toEqual(summary('main'));
  });

  it("asks about appended rows from the listing's cursor, in the listing's filter, and no row twice", async () => {
    const { list, pages, asked, summaries, row } = start({ source: 'lake', prefix: 'f', startAfter: 'a', pageSize: 2, firstPage: page([ref('f1'), ref('f2')], 'f2') });
    expect(asked.last().input).toEqual({ repoId: 'lake', prefix: 'f', after: 'a', amount: 2 });
    asked.last().resolve(answer(['f1', 'f2']));
    await waitFor(summaries, (s) => s.matches('waiting'), { timeout: 5000 });
    list.send({ type: 'list.loadMore' });
    pages.last().resolve(page([ref('f3')]));
    await waitFor(summaries, (s) => s.matches('loading'), { timeout: 5000 });
    expect(asked.calls.map((c) => c.input)).toHaveLength(2);
    expect(asked.last().input).toEqual({ repoId: 'lake', prefix: 'f', after: 'f2', amount: 1 });
    // A branch made since the listing read its page may come too: it is kept, but no row shows it.
    asked.last().resolve(answer(['f25', 'f3']));
    await waitFor(summaries, (s) => s.matches('waiting'), { timeout: 5000 });
    expect(row('f3').summary).toEqual(summary('f3'));
    expect(row('f1').summary).toEqual(summary('f1'));
  });

  it('asks about at most 1000 rows at a time', async () => {
    const ids = Array.from({ length: 1500 }, (_, i) => `b${String(i).padStart(4, '0')}`);
    const { asked, summaries } = start({ source: 'lake', pageSize: 1500, firstPage: page(ids.map(ref)) });
    expect(asked.last().input).toEqual({ repoId: 'lake', prefix: '', after: undefined, amount: 1000 });
    asked.last().resolve(answer(ids.slice(0, 1000)));
    await waitFor(summaries, () => asked.calls.length === 2, { timeout: 5000 });
    expect(asked.last().input).toEqual({ repoId: 'lake', prefix: '', after: 'b0999', amount: 500 });
    asked.last().resolve(answer(ids.slice(1000)));
    await waitFor(summaries, (s) => s.matches('waiting'), { timeout: 5000 });
    expect(summaries.getSnapshot().context.summaries.size).toBe(1500);
  });

  it('starts over when the listing does, dropping an answer still on its way', async () => {
    const { list, pages, asked, summaries, row } = start({ source: 'lake', firstPage: page([ref('dev'), ref('main')]) });
    const stale = asked.last();
    list.send({ type: 'list.reload' });
    expect(summaries.getSnapshot().matches('waiting')).toBe(true);
    expect(row('dev')).toEqual({ summary: undefined, pending: false });
    pages.last().resolve(page([ref('dev'), ref('main')]));
    await waitFor(summaries, () => asked.calls.length === 2, { timeout: 5000 });
    stale.resolve(answer(['dev']));
    await settled();
    expect(row('dev')).toEqual({ summary: undefined, pending: true });
    asked.last().resolve({ default_branch: 'main', ...page([summary('dev', 4), summary('main', 0)]) });
    await waitFor(summaries, (s) => s.matches('waiting'), { timeout: 5000 });
    expect(row('dev').summary?.ahead).toBe(4);

    // Another repository (the route's news) is a listing of its own.
    list.send({ type: 'route.changed', input: { source: 'other', firstPage: page([ref('main')]) } });
    await waitFor(summaries, (s) => s.context.repoId === 'other', { timeout: 5000 });
    expect(summaries.getSnapshot().context.summaries.size).toBe(0);
    expect(asked.last().input).toEqual({ repoId: 'other', prefix: '', after: undefined, amount: 1 });
  });

  it('keeps what was answered when a request fails, and retries from the first row not answered', async () => {
    const { list, pages, asked, summaries, row } = start({ source: 'lake', pageSize: 1, firstPage: page([ref('a')], 'a') });
    asked.last().resolve(answer(['a']));
    await waitFor(summaries, (s) => s.matches('waiting'), { timeout: 5000 });
    list.send({ type: 'list.loadMore' });
    pages.last().resolve(page([ref('b')], 'b'));
    await waitFor(summaries, (s) => s.matches('loading'), { timeout: 5000 });
    const refused = new Error('could not compare branches with the default branch: server unavailable');
    asked.last().reject(refused);
    await waitFor(summaries, (s) => s.matches('failed'), { timeout: 5000 });
    expect(summaries.getSnapshot().context.error).toBe(refused);
    expect(row('a').summary).toEqual(summary('a'));
    expect(row('b')).toEqual({ summary: undefined, pending: false });
    // Rows loaded meanwhile wait for the retry, which asks about them too.
    list.send({ type: 'list.loadMore' });
    pages.last().resolve(page([ref('c')]));
    await waitFor(list, (s) => s.context.rows.length === 3, { timeout: 5000 });
    expect(summaries.getSnapshot().matches('failed')).toBe(true);
    summaries.send({ type: 'summaries.retry' });
    expect(asked.last().input).toEqual({ repoId: 'lake', prefix: '', after: 'a', amount: 2 });
    asked.last().resolve(answer(['b', 'c']));
    await waitFor(summaries, (s) => s.matches('waiting'), { timeout: 5000 });
    expect(summaries.getSnapshot().context.error).toBeUndefined();
    expect(row('c').summary).toEqual(summary('c'));
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
