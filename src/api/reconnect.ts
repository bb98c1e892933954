// A read that gets no answer at all (the server restarting, a dropped connection) is asked again by itself, with
// backoff (docs/behaviour.md, Conventions). Only reads: a write whose answer was lost may have reached the server, and
// must not run twice. An HTTP answer, whatever its status, is never retried here.
import { reconnectStarted } from '../lib/connection';
import { bootAnswer } from './boot-answers';

/** The waits before each new attempt of a read that got no answer; then its failure is shown. */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000] as const;

/** From this attempt on, the wait is long enough for the user to be told the console is reconnecting. */
const SAY_RECONNECTING_FROM = 1;

const READS = new Set(['GET', 'HEAD']);

/** What fetch throws when no answer came: a TypeError ('Failed to fetch'), unlike an abort (a DOMException). */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The API client's fetch: the browser's, with the retries above for reads; a read the page already holds the answer
 * to (boot-answers.ts) is not asked at all.
 */
export async function reconnectingFetch(input: Request, init?: RequestInit): Promise<Response> {
  // Looked up on every call, so that a fake installed after this module loaded (msw in tests) is the one used.
  const send = (request: Request) => globalThis.fetch(request, init);
  if (!READS.has(input.method.toUpperCase())) return send(input);
  const answered = bootAnswer(input);
  if (answered) return answered;
  let ended: (() => void) | undefined;
  try {
    for (const [attempt, delay] of RECONNECT_DELAYS_MS.entries()) {
      try {
        return await send(input.clone());
      } catch (error) {
        if (!isNetworkFailure(error) || input.signal.aborted) throw error;
      }
      if (attempt >= SAY_RECONNECTING_FROM) ended ??= reconnectStarted();
      await wait(delay, input.signal);
    }
    return await send(input);
  } finally {
    ended?.();
  }
}
