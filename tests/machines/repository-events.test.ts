import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup, type AnyActorRef } from 'xstate';
import type { RepositoryEvent } from '../../src/api/types';
import {
  isDown,
  RECONNECT_FIRST_MS,
  RECONNECT_MAX_MS,
  repositoryChanges,
  repositoryEventsMachine,
  type LiveUpdate,
  type StreamEvent,
  type StreamInput,
} from '../../src/machines/repository-events/machine';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(repositoryEventsMachine);

/** Starts the machine over a fake stream that records each opening (with the id it resumes after). */
function start() {
  const openings: StreamInput[] = [];
  const machine = repositoryEventsMachine.provide({
    actors: {
      stream: fromCallback<StreamEvent, StreamInput>(({ input }) => {
        openings.push(input);
        return undefined;
      }),
    },
  });
  const live = createActor(machine, { input: { repoId: 'lake' }, inspect: coverage.inspect }).start();
  return { live, openings };
}

/** A screen that invokes the subscription (repositoryChanges) and records what it hears. */
function listener(live: AnyActorRef) {
  const heard: LiveUpdate[] = [];
  const screen = setup({ types: { events: {} as LiveUpdate }, actors: { changes: repositoryChanges } }).createMachine({
    invoke: { src: 'changes', input: { live } },
    on: { '*': { actions: ({ event }) => void heard.push(event) } },
  });
  const actor = createActor(screen).start();
  return { heard, stop: () => actor.stop() };
}

const moved: RepositoryEvent = { type: 'branch', branch: 'main', action: 'moved', cause: 'commit', commit_id: 'c2' };

describe('repository events machine', () => {
  it('opens one stream and hands each event to every screen that listens', () => {
    const { live, openings } = start();
    const screens = [listener(live), listener(live)];
    live.send({ type: 'stream.opened' });
    live.send({ type: 'stream.event', id: '7', event: moved });
    expect(openings).toEqual([{ repoId: 'lake', lastEventId: undefined }]);
    for (const screen of screens) expect(screen.heard).toEqual([{ type: 'live.changed', event: moved }]);
    expect(live.getSnapshot().context.lastEventId).toBe('7');
  });

  it('after a break, waits longer each time (to a limit) and resumes after the last event heard', async () => {
    vi.useFakeTimers();
    try {
      const { live, openings } = start();
      live.send({ type: 'stream.event', id: '41', event: moved });
      for (let failure = 1; failure <= 7; failure++) {
        live.send({ type: 'stream.broken' });
        expect(isDown(live.getSnapshot())).toBe(true);
        const wait = Math.min(RECONNECT_FIRST_MS * 2 ** (failure - 1), RECONNECT_MAX_MS);
        await vi.advanceTimersByTimeAsync(wait - 1);
        expect(live.getSnapshot().matches('down')).toBe(true);
        await vi.advanceTimersByTimeAsync(1);
        expect(live.getSnapshot().matches('connected')).toBe(true);
      }
      // Still down for screens until the stream says it is open.
      expect(isDown(live.getSnapshot())).toBe(true);
      live.send({ type: 'stream.opened' });
      expect(isDown(live.getSnapshot())).toBe(false);
      expect(live.getSnapshot().context.failures).toBe(0);
      expect(openings.at(-1)).toEqual({ repoId: 'lake', lastEventId: '41' });
      expect(openings).toHaveLength(8);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a screen when the stream goes down and comes back', async () => {
    vi.useFakeTimers();
    try {
      const { live } = start();
      const { heard, stop } = listener(live);
      live.send({ type: 'stream.opened' });
      live.send({ type: 'stream.broken' });
      await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_MS);
      live.send({ type: 'stream.event', id: '1', event: { type: 'reload' } });
      expect(heard).toEqual([
        { type: 'live.status', down: true },
        { type: 'live.changed', event: { type: 'reload' } },
        { type: 'live.status', down: false },
      ]);
      stop();
      live.send({ type: 'stream.event', id: '2', event: moved });
      expect(heard).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
