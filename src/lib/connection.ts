// Whether the console is waiting to ask Tarn's server again after a read got no answer (docs/behaviour.md,
// Conventions). The API client is its one writer; the shell shows it, so a screen whose read is being retried says
// it is reconnecting instead of spinning in silence.

type Listener = () => void;

const listeners = new Set<Listener>();
let waiting = 0;

/** True while at least one read is between attempts after getting no answer. */
export function isReconnecting(): boolean {
  return waiting > 0;
}

/** Calls `listener` whenever isReconnecting may have changed; returns the unsubscriber. */
export function onReconnectingChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** One read starts retrying; the returned function (idempotent) says it has ended, answered or given up. */
export function reconnectStarted(): () => void {
  waiting++;
  listeners.forEach((listener) => listener());
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    waiting--;
    listeners.forEach((listener) => listener());
  };
}
