// The server's side of the live streams, over the in-process bus: what a stream is given, what it gets on resuming,
// when it is told to reload, how uncommitted writes are gathered, and that a stream that goes leaves nothing behind.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localBus, RepositoryEvents, type Delivery, type EventBus, type RepositoryEvent } from '../../../server/events';

const moved = (commitId: string, repository = 'lake'): RepositoryEvent => ({ type: 'branch', repository, branch: 'main', action: 'moved', cause: 'commit', commitId });

/** Lets the bus hand over what was published (it does so after the publisher's call, never inside it). */
const delivered = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function record(events: RepositoryEvents, repository = 'lake', lastEventId?: number) {
  const got: Delivery[] = [];
  // As a stream's request does: it leaves when told the server stops.
  const stop = events.subscribe(repository, lastEventId, (d) => {
    got.push(d);
    if (d.kind === 'end') stop();
  });
  return { got, stop, ids: () => got.flatMap((d) => (d.kind === 'event' ? [d.stamped.id] : [])) };
}

describe('repository events', () => {
  afterEach(() => vi.useRealTimers());

  it('hands each event to the streams of its repository only, in order, and forgets a stream that goes', async () => {
    const events = new RepositoryEvents(localBus());
    const lake = record(events);
    const other = record(events, 'other');
    events.publish(moved('c1'));
    events.publish(moved('c2'));
    await delivered();
    expect(lake.got.map((d) => d.kind === 'event' && d.stamped.event)).toEqual([moved('c1'), moved('c2')]);
    expect(lake.ids()[0]).toBeLessThan(lake.ids()[1] as number);
    expect(other.got).toEqual([]);
    expect(events.streams('lake')).toBe(1);
    lake.stop();
    expect(events.streams('lake')).toBe(0);
    await events.close();
  });

  it('replays what came after the last event a stream saw, and tells it to reload once that is no longer kept', async () => {
    const events = new RepositoryEvents(localBus(), { keep: 3 });
    const first = record(events);
    for (const id of ['c1', 'c2', 'c3']) events.publish(moved(id));
    await delivered();
    const [seen1, seen2] = first.ids() as [number, number];
    expect(record(events, 'lake', seen1).ids()).toEqual(first.ids().slice(1));
    events.publish(moved('c4'));
    events.publish(moved('c5'));
    await delivered();
    // c1 and c2 are no longer kept: a stream that saw only c2 may have missed nothing, one that saw c1 missed c2.
    expect(record(events, 'lake', seen2).ids()).toEqual(first.ids().slice(2));
    const late = record(events, 'lake', seen1);
    expect(late.got).toEqual([{ kind: 'reload', id: first.ids().at(-1) }]);
    // An id from before the server started is older than anything it knows.
    expect(record(events, 'lake', 1).got.map((d) => d.kind)).toEqual(['reload']);
    await events.close();
  });

  it('gathers the uncommitted writes to a branch into one event per window, counting them', async () => {
    vi.useFakeTimers();
    const events = new RepositoryEvents(localBus(), { coalesceMs: 250 });
    const lake = record(events);
    for (let i = 0; i < 5; i++) events.staged('lake', 'main');
    events.staged('lake', 'dev');
    await vi.advanceTimersByTimeAsync(249);
    expect(lake.got).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(lake.got.map((d) => d.kind === 'event' && d.stamped.event)).toEqual([
      { type: 'staging', repository: 'lake', branch: 'main', count: 5 },
      { type: 'staging', repository: 'lake', branch: 'dev', count: 1 },
    ]);
    await events.close();
    expect(lake.got.slice(2).map((d) => d.kind)).toEqual(['end']);
    expect(events.streams('lake')).toBe(0);
  });

  it('tells every stream to reload when the bus lost events, and resumes from the new horizon', async () => {
    let gap: (() => void) | undefined;
    let horizon = 10;
    const bus: EventBus = {
      get horizon() {
        return horizon;
      },
      publish: () => undefined,
      listen: (listener) => void (gap = () => listener.gap()),
      close: () => Promise.resolve(),
    };
    const events = new RepositoryEvents(bus);
    const lake = record(events);
    horizon = 20;
    gap?.();
    expect(lake.got).toEqual([{ kind: 'reload', id: 19 }]);
    expect(record(events, 'lake', 15).got).toEqual([{ kind: 'reload', id: 19 }]);
    expect(record(events, 'lake', 19).got).toEqual([]);
    await events.close();
  });
});
