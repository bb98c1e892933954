// The server's side of the live streams: publishes what changes (uncommitted writes coalesced per branch), keeps the
// recent events of each repository so a stream that reconnects with Last-Event-ID gets what it missed, and hands
// each event to the streams open on its repository.
import type { EventBus } from './bus';
import type { RepositoryEvent, StampedEvent } from './types';

export interface RepositoryEventsOptions {
  /** How long uncommitted writes to a branch are gathered into one event (default 250 ms). */
  coalesceMs?: number;
  /** How many recent events each repository keeps for streams that resume (default 500). */
  keep?: number;
  /** How many repositories keep recent events; the least recently changed is forgotten first (default 1000). */
  repositories?: number;
}

/** What a stream is told: an event, that it missed some and must read everything again, or that the server stops. */
export type Delivery =
  | { kind: 'event'; stamped: StampedEvent }
  /** `id`: the newest event the reload covers, so that a stream resuming after the reload starts from there. */
  | { kind: 'reload'; id: number }
  | { kind: 'end' };

export type Subscriber = (delivery: Delivery) => void;

interface Recent {
  events: StampedEvent[];
  /** The id of the last event dropped from `events`: a client that saw only up to it has missed some. */
  dropped: number;
}

export class RepositoryEvents {
  private readonly coalesceMs: number;
  private readonly keep: number;
  private readonly maxRepositories: number;
  /** Uncommitted writes not yet published, by repository and branch. */
  private readonly pending = new Map<string, { repository: string; branch: string; count: number }>();
  private timer: NodeJS.Timeout | undefined;
  private readonly recent = new Map<string, Recent>();
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  /** The newest event of the repositories forgotten to make room: a client that saw only up to it may have missed some. */
  private forgotten = 0;
  private closed = false;

  constructor(
    private readonly bus: EventBus,
    options: RepositoryEventsOptions = {},
  ) {
    this.coalesceMs = options.coalesceMs ?? 250;
    this.keep = options.keep ?? 500;
    this.maxRepositories = options.repositories ?? 1000;
    bus.listen({ event: (stamped) => this.deliver(stamped), gap: () => this.startOver() });
  }

  publish(event: RepositoryEvent): void {
    if (!this.closed) this.bus.publish(event);
  }

  /** An uncommitted write to a branch: told as one event per branch and window, with how many writes it gathers. */
  staged(repository: string, branch: string): void {
    if (this.closed) return;
    const key = `${repository}\u0000${branch}`;
    const entry = this.pending.get(key);
    if (entry) entry.count++;
    else this.pending.set(key, { repository, branch, count: 1 });
    this.timer ??= setTimeout(() => this.flushStaged(), this.coalesceMs).unref();
  }

  private flushStaged(): void {
    this.timer = undefined;
    for (const { repository, branch, count } of this.pending.values()) this.bus.publish({ type: 'staging', repository, branch, count });
    this.pending.clear();
  }

  /**
   * Opens a stream on a repository: first what it missed since `lastEventId` (or that it must reload, when this
   * server no longer knows), then every event as it comes, until the answered function is called.
   */
  subscribe(repository: string, lastEventId: number | undefined, subscriber: Subscriber): () => void {
    if (lastEventId !== undefined) for (const delivery of this.since(repository, lastEventId)) subscriber(delivery);
    let set = this.subscribers.get(repository);
    if (!set) this.subscribers.set(repository, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(repository) === set) this.subscribers.delete(repository);
    };
  }

  /** How many streams are open on a repository. */
  streams(repository: string): number {
    return this.subscribers.get(repository)?.size ?? 0;
  }

  private since(repository: string, lastEventId: number): Delivery[] {
    const recent = this.recent.get(repository);
    const known = Math.max(recent?.dropped ?? 0, this.forgotten, this.bus.horizon - 1);
    if (lastEventId < known) return [{ kind: 'reload', id: Math.max(known, recent?.events.at(-1)?.id ?? 0) }];
    // By position when the id is here (another server may have delivered events in a slightly different order of
    // ids), else by id.
    const events = recent?.events ?? [];
    const at = events.findIndex((e) => e.id === lastEventId);
    const missed = at >= 0 ? events.slice(at + 1) : events.filter((e) => e.id > lastEventId);
    return missed.map((stamped) => ({ kind: 'event', stamped }));
  }

  private deliver(stamped: StampedEvent): void {
    const { repository } = stamped.event;
    let recent = this.recent.get(repository);
    if (recent) this.recent.delete(repository);
    else recent = { events: [], dropped: 0 };
    // Re-inserted, so the map's first entry is the repository least recently changed.
    this.recent.set(repository, recent);
    recent.events.push(stamped);
    if (recent.events.length > this.keep) recent.dropped = (recent.events.shift() as StampedEvent).id;
    if (this.recent.size > this.maxRepositories) {
      const [oldest] = this.recent;
      if (oldest) {
        this.recent.delete(oldest[0]);
        this.forgotten = Math.max(this.forgotten, oldest[1].events.at(-1)?.id ?? 0);
      }
    }
    for (const subscriber of this.subscribers.get(repository) ?? []) subscriber({ kind: 'event', stamped });
  }

  /** Events were lost: what is kept no longer tells what a client missed, and every open stream must reload. */
  private startOver(): void {
    this.recent.clear();
    const id = this.bus.horizon - 1;
    for (const set of this.subscribers.values()) for (const subscriber of set) subscriber({ kind: 'reload', id });
  }

  /** Ends the open streams, whose clients resume on another server or once this one is back. */
  endStreams(): void {
    for (const set of [...this.subscribers.values()]) for (const subscriber of [...set]) subscriber({ kind: 'end' });
  }

  /** Publishes what is gathered, ends the streams still open, and stops. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.flushStaged();
    this.closed = true;
    this.endStreams();
    await this.bus.close();
  }
}
