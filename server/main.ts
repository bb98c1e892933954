// Entry point: `tsx server/main.ts [--port N] [--data-dir DIR] [--host H]`, or startServer() from code.
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { catalogObjectReader } from './catalog-object-reader';
import { Actions } from './actions';
import { deriveKeys, stagingAddressKey } from './auth/crypto';
import { loadOrCreateInstallationKey } from './auth/installation-key';
import { kvRecords } from './auth/kv-records';
import { AuthService, isCachedAuthKey, type InvitationMailer, type LoginSettings } from './auth';
import { openBlockStores } from './block-stores';
import { Catalog } from './catalog';
import { ConfigError, defaultConfig, parseCommandLine, usage, type BlockstoreConfig } from './config';
import { byPolicies, createGateway } from './gateway';
import { accessGuard, apiPrefix, createApp, type RequestFailure } from './http/app';
import { headerPrincipal } from './http/authenticate';
import { BatchedResponse } from './http/batched-response';
import { directRoutes } from './http/direct-routes';
import { formatFailure } from './http/failure-log';
import { ServerMetrics } from './http/metrics';
import { nodeListener } from './http/node-listener';
import { answerOutsideTheApp } from './http/unsupported-methods';
import { dataRouters, directDataRoutes } from './http/routes';
import { createGraveler, isCachedRecordKey } from './graveler';
import { startReadPeriod, withRecordCache } from './kv';
import { sendMail, smtpSettings } from './mail/smtp';
import { makePrivateDataDir, openMetadataStore } from './metadata-store';
import { announce } from './announce';
import { instrumentBlockStore, instrumentKv, readinessChecks } from './instrument';
import { createLogger, type LogLevel, type Logger } from './logging';
import { reportListening, runPrimary } from './workers';
import { UsageCounter } from './usage';
import { AuditLog } from './audit';
import { liveEvents } from './live-events';

export interface StartOptions {
  port: number;
  host: string;
  dataDir: string;
  consoleDir?: string;
  /** Print only the listening line and server faults: client errors are not logged. */
  quiet?: boolean;
  /** How long a login lasts (default 7 days). */
  sessionTtlSeconds?: number;
  /** How long the audit log keeps its records (default 90 days). */
  auditRetentionSeconds?: number;
  /** PostgreSQL for the metadata (shared by several servers); default: SQLite in the data folder. */
  databaseUrl?: string;
  /** Where object data goes (default: the data folder). */
  blockstore?: BlockstoreConfig;
  /** A folder whose files repositories may import without copying them (`--import-root`); default: none. */
  importRoot?: string;
  /** The server's log (default: one made with `logLevel`, on standard output). */
  logger?: Logger;
  /** The least severe lines the default log writes (default info). */
  logLevel?: LogLevel;
  /** The bearer token that opens GET /metrics to connections from other machines (loopback needs none). */
  metricsToken?: string;
  /** The RBAC mode and login page settings (default: role-based, Tarn's own login page). */
  login?: LoginSettings;
  /** The mail server for invitations; without one, the admin is shown the activation link. */
  smtpUrl?: string;
  /** The console's public address, for invitation links. */
  publicUrl?: string;
  /**
   * Other processes of this server (node:cluster workers) use the same SQLite file, so, as with PostgreSQL, a
   * session another process may have ended is confirmed in the store.
   */
  sharedMetadata?: boolean;
  /** Print the address and where to begin (default); a worker leaves that to its primary. */
  announce?: boolean;
  /** How long the file finder walks paths before it answers a partial page (default 200 ms; tests shorten it). */
  findBudgetMs?: number;
}

function smtpMailer(url: string): InvitationMailer {
  const settings = smtpSettings(url);
  return {
    sendInvitation: (to, activationUrl) =>
      sendMail(settings, {
        to,
        subject: 'You are invited to Tarn',
        text: `You have been invited to a Tarn data lake.\n\nSet your password within 24 hours at:\n${activationUrl}\n`,
      }),
  };
}

export interface RunningServer {
  url: string;
  port: number;
  /** Resolves once the work requests left running in the background (post-event hooks) is done. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const packageVersion = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;

const shutdownGraceMillis = 5000;

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePort((server.address() as AddressInfo).port);
    });
  });
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const dataDir = resolve(options.dataDir);
  const logger = options.logger ?? createLogger({ level: options.logLevel ?? defaultConfig.logLevel });
  const metrics = new ServerMetrics();
  makePrivateDataDir(dataDir);
  // Before the metadata store: a bad import root refuses to start with nothing open yet.
  const opened = openBlockStores(dataDir, options.blockstore ?? defaultConfig.blockstore, options.importRoot);
  const { storage } = opened;
  const blocks = instrumentBlockStore(opened.blocks, metrics);
  const store = await openMetadataStore({
    dataDir,
    ...(options.databaseUrl !== undefined ? { databaseUrl: options.databaseUrl } : {}),
    onIdleError: (err) => logger.warn({ err }, 'A PostgreSQL connection broke while idle and will be replaced'),
    onGroupCommit: (writes) => metrics.groupCommitBatchSize.observe(writes),
  });
  const records = { hits: metrics.cacheHits.labels('metadata_records'), misses: metrics.cacheMisses.labels('metadata_records') };
  const kv = withRecordCache(instrumentKv(store, metrics), {
    cacheable: (key) => isCachedRecordKey(key) || isCachedAuthKey(key),
    onLookup: (hit) => (hit ? records.hits : records.misses).inc(),
  });
  const { poolStats } = store;
  if (poolStats) metrics.watchPool(() => poolStats.call(store));
  const sharedStore = options.databaseUrl !== undefined || options.sharedMetadata === true;
  const installationKey = loadOrCreateInstallationKey(dataDir);
  let live: Awaited<ReturnType<typeof liveEvents>>;
  try {
    live = await liveEvents({ databaseUrl: options.databaseUrl, worker: options.sharedMetadata === true && cluster.isWorker, logger });
  } catch (err) {
    await blocks.close?.();
    await kv.close();
    throw err;
  }
  const graveler = createGraveler({
    kv,
    blockstore: blocks,
    observer: live.observer,
    ...(options.findBudgetMs !== undefined ? { findBudgetMs: options.findBudgetMs } : {}),
  });
  const actions = new Actions({
    kv,
    reader: catalogObjectReader(graveler, blocks),
    onError: (err) => logger.error({ err }, 'A post-event hook run broke down'),
    onRun: live.onRun,
  });
  const catalog = new Catalog(graveler, blocks, undefined, actions, stagingAddressKey(installationKey), {
    support: storage.import_support,
    pattern: storage.import_validity_regex,
    exclusive: !sharedStore,
  });
  const usageCounter = new UsageCounter(kv);
  const auditLog = new AuditLog(kv, {
    retentionSeconds: options.auditRetentionSeconds ?? defaultConfig.auditRetentionSeconds,
    onError: (err) => logger.warn({ err }, 'The audit log could not write or prune its records; it tries again'),
  });
  const login = options.login ?? defaultConfig.login;
  const auth = new AuthService(kvRecords(kv), deriveKeys(installationKey), {
    sessionTtlSeconds: options.sessionTtlSeconds ?? defaultConfig.sessionTtlSeconds,
    sharedStore,
    rbac: login.rbac,
  });
  const clientErrorLevel = options.quiet ? 'debug' : 'info';
  const onFailure = (failure: RequestFailure) => {
    const { fault, requestId } = failure;
    const line = formatFailure({ ...failure, fault: undefined });
    const fields = { reqId: requestId, status: failure.status };
    // Quiet: only server faults at the default level (a 501 is an answer, not a fault). A fault's stack goes in `err`.
    if (fault !== undefined) logger.error({ ...fields, err: fault }, line);
    else logger[clientErrorLevel](fields, line);
  };
  // Imports are told to stop first, so that a pre-commit hook cut short below does not count as their failure; post-event
  // hooks still calling out are cut short (and recorded as failed) before the store closes.
  const release = async () => {
    const importsStopped = catalog.close();
    await actions.close();
    await importsStopped;
    await usageCounter.close();
    await auditLog.close();
    await live.events.close();
    await graveler.close();
    await blocks.close?.();
    await kv.close();
  };
  try {
    await auth.claimInstallationKey();
    await auth.migrate();
  } catch (err) {
    await release();
    throw err;
  }
  const app = createApp({
    auth,
    login,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.smtpUrl ? { mailer: smtpMailer(options.smtpUrl) } : {}),
    storage,
    version: packageVersion,
    consoleDir: options.consoleDir ?? defaultConfig.consoleDir,
    dataRouters: dataRouters(catalog, actions, live.events),
    usage: usageCounter,
    audit: auditLog,
    gateway: createGateway({ catalog, auth, onFailure, authorize: byPolicies(auth.authorizer) }),
    onFailure,
    observe: {
      logger,
      metrics,
      metricsAccess: options.metricsToken !== undefined ? { token: options.metricsToken } : {},
      readiness: readinessChecks(store, opened.blocks),
      quiet: options.quiet ?? false,
    },
  });

  const direct = directRoutes(directDataRoutes(catalog), {
    apiPrefix,
    identify: (authorization) => headerPrincipal(auth, authorization),
    onSignedIn: () => usageCounter.record(),
    onFailure,
    guard: accessGuard(auth),
  });
  // Answers finished in one turn of the event loop are sent together (server/http/batched-response.ts).
  const server: Server = createServer(
    { ServerResponse: BatchedResponse },
    nodeListener(app.fetch, {
      metrics,
      logger,
      apiPrefix,
      quiet: options.quiet ?? false,
      direct,
      audit: (record) => auditLog.record(record),
      // What another server committed before a request arrived is what that request reads (server/kv/record-cache.ts).
      onRequests: startReadPeriod,
    }),
  );
  server.keepAliveTimeout = 65_000;
  // Node cuts any request after 5 minutes by default, which would fail a large upload on a slow link; headers
  // still have to arrive within headersTimeout.
  server.requestTimeout = 0;
  answerOutsideTheApp(server);
  let port: number;
  try {
    port = await listen(server, options.port, options.host);
  } catch (err) {
    await release();
    throw err;
  }
  const url = `http://${urlHost(options.host)}:${port}`;
  if (options.announce ?? true) announce(logger, url, { quiet: options.quiet ?? false, initialized: (await auth.setupState()).initialized });

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    idle: () => actions.idle(),
    close() {
      closing ??= (async () => {
        // Let requests in flight finish (a commit should land or not, never half-way), then cut what remains. Live
        // streams never finish by themselves: they are ended, and their clients resume on another server or later.
        const stopped = new Promise<void>((done) => {
          server.close(() => done());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), shutdownGraceMillis).unref();
        });
        live.endStreams();
        await stopped;
        await release();
        logger.info({ url }, 'Tarn stopped');
      })();
      return closing;
    },
  };
}

export async function runFromCommandLine(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  let parsed;
  try {
    parsed = parseCommandLine(argv, env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exitCode = 2;
    return;
  }
  if (parsed.help) {
    console.log(usage);
    return;
  }
  const { config } = parsed;
  const logger = createLogger({ level: config.logLevel });
  if (config.workers > 1 && cluster.isPrimary) {
    await runPrimary(config, join(import.meta.dirname, 'main.ts'), logger);
    return;
  }
  const worker = cluster.isWorker;
  let running: RunningServer;
  try {
    running = await startServer(worker ? { ...config, logger, sharedMetadata: true, announce: false } : { ...config, logger });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') logger.fatal(`Port ${config.port} on ${config.host} is already in use; pick another with --port.`);
    else logger.fatal({ err }, `Tarn could not start: ${(err as Error).message}`);
    process.exitCode = 1;
    return;
  }
  if (worker) reportListening(running.url);
  const stop = (signal: string) => {
    // A worker's primary says it for all of them.
    if (!config.quiet && !worker) logger.info(`Received ${signal}, shutting down.`);
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.fatal({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await runFromCommandLine(process.argv.slice(2), process.env);
}
