import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import type { PrefixUsage } from '../../src/api/types';
import { insightsPageMachine, type BranchVolumes, type Growth, type InsightsPageInput } from '../../src/machines/insights-page/machine';
import { controlled } from './controlled';
import { routerSpy } from './screen';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(insightsPageMachine);

const usage: PrefixUsage = {
  prefix: '',
  delimiter: '/',
  totals: { objects: 3, bytes: 300 },
  children: [
    { path: 'images/', type: 'common_prefix', objects: 2, bytes: 200 },
    { path: 'readme.md', type: 'object', objects: 1, bytes: 100 },
  ],
  others: { children: 0, objects: 0, bytes: 0 },
};
const growth: Growth = {
  points: [
    { commitId: 'c1', message: 'first', creationDate: 1, objects: 1, bytes: 100 },
    { commitId: 'c2', message: 'second', creationDate: 2, objects: 3, bytes: 300 },
  ],
  more: false,
};
const volumes: BranchVolumes = {
  branches: [{ branch: 'main', staged: { added: 1, changed: 0, removed: 0, objects: 1, bytes: 10, bytes_written: 10 } }],
  more: false,
};

function start(input: Partial<InsightsPageInput> = {}, search: Record<string, unknown> = { ref: 'main' }) {
  const growthCalls = controlled<Growth, { repoId: string; ref: string }>();
  const volumeCalls = controlled<BranchVolumes, { repoId: string }>();
  const router = routerSpy(search);
  const screen = createActor(
    insightsPageMachine.provide({ actions: router.actions, actors: { fetchGrowth: growthCalls.logic, fetchVolumes: volumeCalls.logic } }),
    { input: { repoId: 'lake', ref: 'main', refKind: 'branch', prefix: '', usage, ...input }, inspect: coverage.inspect },
  ).start();
  return { screen, growthCalls, volumeCalls, router };
}

type Screen = ReturnType<typeof start>['screen'];
/** Waits until the machine has taken the answers a test just gave. */
const until = (screen: Screen, done: (s: SnapshotFrom<typeof insightsPageMachine>) => boolean) => waitFor(screen, done, { timeout: 5_000 });

describe('insights screen machine', () => {
  it('shows the loaded count at once and reads the growth of the ref and every branch’s volume beside it', async () => {
    const { screen, growthCalls, volumeCalls } = start();
    expect(screen.getSnapshot().context.usage).toBe(usage);
    expect(screen.getSnapshot().hasTag('growthLoading')).toBe(true);
    expect(screen.getSnapshot().hasTag('volumesLoading')).toBe(true);
    expect(growthCalls.last().input).toEqual({ repoId: 'lake', ref: 'main' });
    expect(volumeCalls.last().input).toEqual({ repoId: 'lake' });
    growthCalls.last().resolve(growth);
    await until(screen, (s) => s.matches({ growth: 'loaded' }));
    expect(screen.getSnapshot().matches({ growth: 'loaded', volumes: 'loading' })).toBe(true);
    expect(screen.getSnapshot().context.growth).toEqual(growth);
    volumeCalls.last().resolve(volumes);
    await until(screen, (s) => s.matches({ volumes: 'loaded' }));
    expect(screen.getSnapshot().matches({ growth: 'loaded', volumes: 'loaded' })).toBe(true);
    expect(screen.getSnapshot().context.volumes).toEqual(volumes);
  });

  it('keeps each failure to itself, saying why, until its retry succeeds', async () => {
    const { screen, growthCalls, volumeCalls } = start();
    growthCalls.last().reject(new Error('list commits: server down'));
    volumeCalls.last().resolve(volumes);
    await until(screen, (s) => s.matches({ growth: 'failed', volumes: 'loaded' }));
    expect(String(screen.getSnapshot().context.growthError)).toContain('server down');
    screen.send({ type: 'growth.retry' });
    expect(growthCalls.calls).toHaveLength(2);
    growthCalls.last().resolve(growth);
    await until(screen, (s) => s.matches({ growth: 'loaded' }));
    expect(screen.getSnapshot().context.growthError).toBeUndefined();

    volumeCalls.calls.length = 0;
    screen.send({ type: 'refresh' });
    volumeCalls.last().reject(new Error('list branches: refused'));
    await until(screen, (s) => s.matches({ volumes: 'failed' }));
    screen.send({ type: 'volumes.retry' });
    volumeCalls.last().resolve(volumes);
    await until(screen, (s) => s.matches({ volumes: 'loaded' }));
    expect(screen.getSnapshot().context.volumesError).toBeUndefined();
  });

  it('opens a folder by moving the URL’s prefix, and the root by dropping it', () => {
    const { screen, router } = start({}, { ref: 'main', prefix: 'images/' });
    screen.send({ type: 'prefix.open', prefix: 'images/raw/' });
    screen.send({ type: 'prefix.open', prefix: '' });
    expect(router.navigations.map((n) => [n.to, n.search, n.replace])).toEqual([
      ['.', { ref: 'main', prefix: 'images/raw/' }, false],
      ['.', { ref: 'main' }, false],
    ]);
  });

  it('reads nothing again for another prefix, and both again for another ref', async () => {
    const { screen, growthCalls, volumeCalls } = start();
    growthCalls.last().resolve(growth);
    volumeCalls.last().resolve(volumes);
    await until(screen, (s) => s.matches({ growth: 'loaded', volumes: 'loaded' }));
    const deeper: PrefixUsage = { ...usage, prefix: 'images/' };
    screen.send({ type: 'route.changed', input: { repoId: 'lake', ref: 'main', refKind: 'branch', prefix: 'images/', usage: deeper } });
    expect(screen.getSnapshot().context.usage).toBe(deeper);
    expect(growthCalls.calls).toHaveLength(1);
    expect(screen.getSnapshot().matches({ growth: 'loaded', volumes: 'loaded' })).toBe(true);
    screen.send({ type: 'route.changed', input: { repoId: 'lake', ref: 'v1', refKind: 'tag', prefix: '', usage } });
    expect(growthCalls.last().input).toEqual({ repoId: 'lake', ref: 'v1' });
    expect(volumeCalls.calls).toHaveLength(2);
    expect(screen.getSnapshot().hasTag('growthLoading')).toBe(true);
  });

  it('reads the count again on refresh, through the route', () => {
    const { screen, router, growthCalls } = start();
    screen.send({ type: 'refresh' });
    expect(router.invalidations()).toBe(1);
    expect(growthCalls.calls).toHaveLength(2);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
