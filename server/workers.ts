// `--workers N`: N server processes (node:cluster workers) on one port, sharing the data folder's SQLite file (WAL
// lets processes read while one writes) or the PostgreSQL database, as separate servers on one database do. The
// primary owns nothing but the workers: it does once what must happen once (the data folder, the metadata store's
// schema, the installation key), forks, prints the address when every worker listens, replaces a worker that
// dies, and on SIGINT or SIGTERM stops them all, each finishing its requests and background work as one server does.
import cluster, { type Worker } from 'node:cluster';
import { announce } from './announce';
import { deriveKeys } from './auth/crypto';
import { loadOrCreateInstallationKey } from './auth/installation-key';
import { kvRecords } from './auth/kv-records';
import { AuthService } from './auth/service';
import type { ServerConfig } from './config';
import { relayWorkerEvents } from './events';
import type { Logger } from './logging';
import { serveClusterMetrics } from './http/cluster-metrics';
import { makePrivateDataDir, openMetadataStore } from './metadata-store';

/** What a worker tells its primary once it serves. */
interface ListeningMessage {
  tarn: 'listening';
  url: string;
}

function isListeningMessage(message: unknown): message is ListeningMessage {
  return typeof message === 'object' && message !== null && (message as ListeningMessage).tarn === 'listening';
}

/** Called by a worker once its server listens. */
export function reportListening(url: string): void {
  const message: ListeningMessage = { tarn: 'listening', url };
  process.send?.(message);
}

/** Workers still running this long after being told to stop are killed (each gives its requests 5 s). */
const stopGraceMillis = 15_000;

/**
 * Opens the store once, so its schema is made and the installation key chosen and claimed before any worker
 * races for them, and refuses to start here, once, what no worker could serve. Answers whether setup is done.
 */
async function prepare(config: ServerConfig): Promise<boolean> {
  makePrivateDataDir(config.dataDir);
  const kv = await openMetadataStore({ dataDir: config.dataDir, ...(config.databaseUrl !== undefined ? { databaseUrl: config.databaseUrl } : {}) });
  try {
    const auth = new AuthService(kvRecords(kv), deriveKeys(loadOrCreateInstallationKey(config.dataDir)));
    await auth.claimInstallationKey();
    return (await auth.setupState()).initialized;
  } finally {
    await kv.close();
  }
}

/** Runs the primary of `config.workers` workers, each running `entry` (the server's main module) with our options. */
export async function runPrimary(config: ServerConfig, entry: string, logger: Logger): Promise<void> {
  let initialized: boolean;
  try {
    initialized = await prepare(config);
  } catch (err) {
    logger.fatal({ err }, `Tarn could not start: ${(err as Error).message}`);
    process.exitCode = 1;
    return;
  }
  cluster.setupPrimary({ exec: entry, args: process.argv.slice(2) });
  serveClusterMetrics();
  // Workers on one SQLite file hear each other's live events through here (with PostgreSQL, through the database).
  if (config.databaseUrl === undefined) relayWorkerEvents(cluster);

  const alive = new Set<Worker>();
  const listening = new Set<Worker>();
  let announced = false;
  let stopping = false;
  let exitCode = 0;

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (alive.size === 0) process.exit(exitCode);
    for (const worker of alive) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of alive) worker.process.kill('SIGKILL');
    }, stopGraceMillis);
  };

  cluster.on('message', (worker, message: unknown) => {
    if (!isListeningMessage(message)) return;
    listening.add(worker);
    if (!announced && listening.size === config.workers) {
      announced = true;
      announce(logger, message.url, { quiet: config.quiet, initialized, workers: config.workers });
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    const served = listening.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit(exitCode);
      return;
    }
    if (!served) {
      // It said why; starting it again would only fail again.
      logger.fatal('A Tarn worker could not start; stopping the others.');
      stop(1);
      return;
    }
    logger.error({ signal, code }, `A Tarn worker stopped (${signal ?? `exit code ${code}`}); starting another.`);
    alive.add(cluster.fork());
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (!config.quiet) logger.info(`Received ${signal}, shutting down.`);
      stop(0);
    });
  }
  for (let i = 0; i < config.workers; i++) alive.add(cluster.fork());
}
