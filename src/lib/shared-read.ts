// One request for callers that ask for the same thing at the same time: the objects route's loader and the page's
// list machine asking for a listing's first page on a refresh. The request is shared while it is in flight and
// forgotten once it settles; it is aborted only when every caller has given up on it.

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting for the answer. */
  waiting: number;
}

const flights = new Map<string, Flight>();

export function sharedRead<T>(key: string, read: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
  let flight = flights.get(key);
  if (!flight) {
    const controller = new AbortController();
    const started: Flight = { controller, waiting: 0, promise: read(controller.signal) };
    const forget = () => flights.get(key) === started && flights.delete(key);
    // Also observes a failure, so a read started ahead of its callers is never an unhandled rejection.
    started.promise.then(forget, forget);
    flights.set(key, (flight = started));
  }
  const shared = flight;
  shared.waiting++;
  signal?.addEventListener('abort', () => {
    if (--shared.waiting > 0) return;
    flights.delete(key);
    shared.controller.abort();
  });
  return shared.promise as Promise<T>;
}
