// How events reach every server's streams. One process: handed over in memory. Workers of one process on SQLite
// (cluster-bus.ts): relayed by their primary. Servers sharing PostgreSQL (postgres-bus.ts): NOTIFY on one channel.
// Whatever carries them, the bus stamps each event with an id that is unique and ordered for all its listeners.
import type { RepositoryEvent, StampedEvent } from './types';

export interface BusListener {
  event(stamped: StampedEvent): void;
  /** Events may have been lost (a connection to the database broke and was made again): streams must start over. */
  gap(): void;
}

export interface EventBus {
  /** Never waits and never throws: a writer's request must not depend on the stream. */
  publish(event: RepositoryEvent): void;
  /** Events stamped from now on reach `listener`. One listener per bus (the server's hub). */
  listen(listener: BusListener): void;
  /**
   * The lowest id an event this listener has not seen can have: any id below it was stamped before the bus started
   * listening (or before its last gap), so a client that last saw such an id must reload.
   */
  readonly horizon: number;
  close(): Promise<void>;
}

/** Ids of this clock's time (microseconds since the epoch), so a restarted server's ids follow its earlier ones. */
export function timeIds(clock: () => number = Date.now): () => number {
  let last = 0;
  return () => {
    last = Math.max(last + 1, clock() * 1000);
    return last;
  };
}

/** The bus of a server alone with its metadata (SQLite in one process). */
export function localBus(): EventBus {
  const nextId = timeIds();
  let listener: BusListener | undefined;
  const horizon = nextId();
  return {
    horizon,
    publish(event) {
      const stamped = { id: nextId(), event };
      // Later, not inside the writer's call: a slow stream must not hold up the write that caused the event.
      queueMicrotask(() => listener?.event(stamped));
    },
    listen(l) {
      listener = l;
    },
    close: () => Promise.resolve(),
  };
}
