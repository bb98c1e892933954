// GET /_ready: whether this server can do its work now, for a load balancer or an orchestrator's readiness probe.
// The API's healthcheck stays lakeFS's liveness answer (the process answers at all); readiness also asks the
// metadata store and the object store, each within a short time, since a probe that hangs is itself a failure.
import type { Handler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './router';

export const readinessPath = '/_ready';

export interface ReadinessCheck {
  /** How the answer names it: `metadata store`, `object store`. */
  name: string;
  /** Resolves when reachable; should give up when `signal` aborts. */
  check(signal: AbortSignal): Promise<void>;
}

/** Long enough for a round trip to a remote store under load, short next to a probe's period (usually 10 s). */
const defaultTimeoutMillis = 2000;

function within<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new Error('no answer in time'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Runs the checks side by side; the names of those that failed, in the checks' order. */
export async function unreachable(checks: ReadinessCheck[], logger: Logger, timeoutMillis = defaultTimeoutMillis): Promise<string[]> {
  const signal = AbortSignal.timeout(timeoutMillis);
  const results = await Promise.allSettled(checks.map((c) => within(Promise.resolve().then(() => c.check(signal)), signal)));
  const failed: string[] = [];
  results.forEach((result, i) => {
    const name = checks[i]?.name ?? 'check';
    if (result.status === 'rejected') {
      failed.push(name);
      // The reason goes to the log only: the answer is public, and a reason may name folders or hosts.
      logger.warn({ check: name, err: result.reason as unknown }, `not ready: the ${name} is unreachable`);
    }
  });
  return failed;
}

export function readinessHandler(checks: ReadinessCheck[], logger: Logger, timeoutMillis?: number): Handler<AppEnv> {
  return async (c) => {
    const failed = await unreachable(checks, logger, timeoutMillis);
    c.header('cache-control', 'no-store');
    if (failed.length === 0) return c.json({ ready: true }, 200);
    return c.json({ ready: false, message: `not ready: unreachable ${failed.join(', ')}`, unreachable: failed }, 503);
  };
}
