// One request for callers that ask for the same thing at the same time: a route loader and a list machine asking
// for a listing's first page, or a parent and a child loader asking for the repository. The request is shared while
// it is in flight and forgotten once it settles; it is aborted only when every caller has given up on it.

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting for the answer. */
  waiting: number;
}

const flights = new Map<string, Flight>();

export function sharedRead<T>(key: string, read: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  let flight = flights.get(key);
  if (!flight) {
    const controller = new AbortController();
    const started: Flight = { promise: Promise.resolve(), controller, waiting: 0 };
    started.promise = read(controller.signal).finally(() => {
      if (flights.get(key) === started) flights.delete(key);
    });
    flights.set(key, started);
    flight = started;
  }
  const shared = flight;
  shared.waiting++;
  const answer = shared.promise as Promise<T>;
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    const giveUp = () => {
      shared.waiting--;
      if (shared.waiting === 0) {
        if (flights.get(key) === shared) flights.delete(key);
        shared.controller.abort();
      }
      reject(signal.reason);
    };
    signal.addEventListener('abort', giveUp, { once: true });
    answer.then(
      (value) => {
        signal.removeEventListener('abort', giveUp);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', giveUp);
        reject(error);
      },
    );
  });
}
