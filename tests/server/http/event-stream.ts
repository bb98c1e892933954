// Reads a repository's live stream (text/event-stream) as a browser's EventSource would: frames split on blank
// lines, `id:` and `data:` fields, comments left out. `next` waits for the next event matching a test.
import type { RepositoryEvent } from '../../../server/http/wire';

export interface StreamedEvent {
  id: string;
  data: RepositoryEvent;
}

export interface EventStream {
  status: number;
  contentType: string | null;
  /** The next event (after those already taken) that `matches`, within `timeoutMs`. */
  next(matches?: (e: StreamedEvent) => boolean, timeoutMs?: number): Promise<StreamedEvent>;
  close(): void;
}

export async function openEventStream(api: string, repo: string, headers: Record<string, string>): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(`${api}/repositories/${repo}/events`, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const received: StreamedEvent[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = frame.split('\n').filter((line) => !line.startsWith(':'));
            const id = fields.find((l) => l.startsWith('id: '))?.slice(4);
            const data = fields.find((l) => l.startsWith('data: '))?.slice(6);
            if (id !== undefined && data !== undefined) received.push({ id, data: JSON.parse(data) as RepositoryEvent });
            wake?.();
          }
        }
      } catch {
        // Aborted by close().
      }
      ended = true;
      wake?.();
    })();
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    async next(matches = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex(matches);
        if (index >= 0) return received.splice(0, index + 1)[index] as StreamedEvent;
        received.length = 0;
        if (ended) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no matching event in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close: () => abort.abort(),
  };
}
