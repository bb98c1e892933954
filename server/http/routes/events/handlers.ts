// A repository's live stream: what the stream missed (Last-Event-ID), then every event as it comes, with a comment
// now and then so proxies keep the connection open. The stream ends when the client goes or the server stops.
import type { Catalog } from '../../../catalog';
import type { Delivery, RepositoryEvent, RepositoryEvents } from '../../../events';
import type { AppRouteHandler } from '../../router';
import type { RepositoryEvent as RepositoryEventJson } from '../../wire';
import type * as routes from './routes';

/** Under the minute most proxies allow an idle connection. */
const keepAliveMs = 20_000;
/** How long a client whose stream ended waits before it connects again (EventSource's `retry`). */
const retryMs = 2_000;

function eventJson(event: RepositoryEvent): RepositoryEventJson {
  switch (event.type) {
    case 'branch':
      return { type: 'branch', branch: event.branch, action: event.action, cause: event.cause, ...(event.commitId ? { commit_id: event.commitId } : {}) };
    case 'staging':
      return { type: 'staging', branch: event.branch, count: event.count };
    case 'run':
      return { type: 'run', run_id: event.runId, branch: event.branch, event_type: event.eventType, status: event.status };
    case 'import':
      return {
        type: 'import',
        import_id: event.importId,
        branch: event.branch,
        state: event.state,
        ingested_objects: event.ingested,
        ...(event.commitId ? { commit_id: event.commitId } : {}),
      };
  }
}

function frame(delivery: Exclude<Delivery, { kind: 'end' }>): string {
  if (delivery.kind === 'reload') return `id: ${delivery.id}\ndata: ${JSON.stringify({ type: 'reload' } satisfies RepositoryEventJson)}\n\n`;
  return `id: ${delivery.stamped.id}\ndata: ${JSON.stringify(eventJson(delivery.stamped.event))}\n\n`;
}

/** An id this stream gave, or nothing (a missing or foreign one starts the stream afresh). */
function parseEventId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,16}$/.test(raw)) return undefined;
  return Number(raw);
}

export function eventHandlers(catalog: Catalog, events: RepositoryEvents) {
  const streamEvents: AppRouteHandler<typeof routes.streamEvents> = async (c) => {
    const { repository } = c.req.valid('param');
    await catalog.store.getRepository(repository);
    const lastEventId = parseEventId(c.req.header('last-event-id') ?? c.req.valid('query').last_event_id);
    const encoder = new TextEncoder();
    let stop = () => undefined as void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (text: string) => controller.enqueue(encoder.encode(text));
        send(`retry: ${retryMs}\n: open\n\n`);
        const keepAlive = setInterval(() => send(': keep-alive\n\n'), keepAliveMs);
        const unsubscribe = events.subscribe(repository, lastEventId, (delivery) => {
          if (delivery.kind !== 'end') return send(frame(delivery));
          stop();
          controller.close();
        });
        stop = () => {
          clearInterval(keepAlive);
          unsubscribe();
        };
      },
      cancel() {
        stop();
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        // The connection is the stream's alone: when the stream ends (the server stopping), so does the connection,
        // rather than idling until the shutdown cuts it.
        connection: 'close',
      },
    }) as unknown as ReturnType<AppRouteHandler<typeof routes.streamEvents>>;
  };
  return { streamEvents };
}
