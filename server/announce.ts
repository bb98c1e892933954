// The lines a starting server logs: the address first (scripts and tests wait for it), then where to begin. They
// are log lines like the others (JSON for a collector), and read as plain sentences on a terminal.
import type { Logger } from './logging';

export function announce(logger: Logger, url: string, o: { quiet: boolean; initialized: boolean; workers?: number }): void {
  const workers = o.workers && o.workers > 1 ? o.workers : undefined;
  logger.info({ url, ...(workers ? { workers } : {}) }, `Tarn is listening on ${url}${workers ? ` (${workers} workers)` : ''}`);
  if (o.quiet) return;
  logger.info(o.initialized ? `Log in at ${url}/auth/login with your access key.` : `Open ${url}/setup to create the first admin user.`);
}
