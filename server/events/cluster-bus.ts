// Events among the workers of `--workers N` on one SQLite file: a worker sends each event to its primary, which
// stamps it and sends it to every worker, the sender included, so all workers see one order of ids.
import type { Cluster } from 'node:cluster';
import { timeIds, type BusListener, type EventBus } from './bus';
import type { RepositoryEvent, StampedEvent } from './types';

interface Published {
  tarn: 'event';
  event: RepositoryEvent;
}

interface Relayed {
  tarn: 'stamped-event';
  stamped: StampedEvent;
}

function isMessage<T extends { tarn: string }>(message: unknown, tarn: T['tarn']): message is T {
  return typeof message === 'object' && message !== null && (message as { tarn?: unknown }).tarn === tarn;
}

/** Run by the primary: relays every worker's events to all workers. */
export function relayWorkerEvents(cluster: Cluster): void {
  const nextId = timeIds();
  cluster.on('message', (_worker, message: unknown) => {
    if (!isMessage<Published>(message, 'event')) return;
    const relayed: Relayed = { tarn: 'stamped-event', stamped: { id: nextId(), event: message.event } };
    for (const worker of Object.values(cluster.workers ?? {})) {
      // A worker that is stopping cannot take it; its streams end with it.
      if (worker?.isConnected()) worker.send(relayed, (err: Error | null) => void err);
    }
  });
}

/** The bus of one worker, over its channel to the primary. */
export function workerBus(channel: NodeJS.Process = process): EventBus {
  let listener: BusListener | undefined;
  const onMessage = (message: unknown) => {
    if (isMessage<Relayed>(message, 'stamped-event')) listener?.event(message.stamped);
  };
  channel.on('message', onMessage);
  return {
    // The primary stamps with the same clock: what it relays from now on has a larger id.
    horizon: Date.now() * 1000,
    publish(event) {
      const published: Published = { tarn: 'event', event };
      if (channel.connected) channel.send?.(published, undefined, undefined, (err: Error | null) => void err);
    },
    listen(l) {
      listener = l;
    },
    close() {
      channel.off('message', onMessage);
      return Promise.resolve();
    },
  };
}
