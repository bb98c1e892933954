// The server's Prometheus metrics, answered at GET /metrics. Each server has its own registry (tests run many
// servers in one process, and a library's metrics on the global registry would mix in); the process's own figures
// (memory, CPU, event loop, garbage collection) are one registry per process, as they describe the process.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Handler } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { clusterMetricsText, metricsFromPrimary, shareWithPrimary } from './cluster-metrics';
import { DurationFigures, RequestFigures } from './request-figures';
import type { AppEnv } from './router';

/** Seconds: from a cached metadata read (well under a millisecond) to a large upload. */
const requestBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds: store calls are shorter than the requests that make them. */
const storeBuckets = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The caches the server keeps, each counted from zero so a dashboard sees the series before the first hit. */
export const cacheNames = ['access_key', 'session_token', 'policies', 'metadata_records'] as const;

/** The pool of a shared PostgreSQL metadata store, read when the metrics are scraped. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    // Unprefixed, under the names every Node dashboard already reads.
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export class ServerMetrics {
  readonly registry = new Registry();
  /** Every request observes these: kept outside prom-client, which would cost a request a third of its time. */
  private readonly requests = new RequestFigures(requestBuckets);
  /** Calls to the metadata store, by operation; every request makes several, so kept outside prom-client too. */
  readonly kvSeconds = new DurationFigures(storeBuckets, 'operation');
  /** Calls to the object store, by operation. */
  readonly blockSeconds = new DurationFigures(storeBuckets, 'operation');
  readonly cacheHits = new Counter({
    name: 'tarn_cache_hits_total',
    help: 'Lookups answered from an in-memory cache, by cache',
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });
  readonly cacheMisses = new Counter({
    name: 'tarn_cache_misses_total',
    help: 'Lookups an in-memory cache could not answer, by cache',
    labelNames: ['cache'] as const,
    registers: [this.registry],
  });
  readonly groupCommitBatchSize = new Histogram({
    name: 'tarn_group_commit_batch_size',
    help: 'Writes joined into one metadata store transaction by group commit',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [this.registry],
  });
  constructor() {
    this.registry.registerMetric(
      this.requests.counter(
        'tarn_http_requests_total',
        'HTTP requests answered, by operation (the API operationId, s3:<operation> for the S3 gateway, console, metrics, ready or unknown) and status',
      ),
    );
    this.registry.registerMetric(
      this.requests.histogram(
        'tarn_http_request_duration_seconds',
        'Time from a request reaching the server to its answer being ready (the body may stream longer), by operation',
      ),
    );
    this.registry.registerMetric(
      this.kvSeconds.metric('tarn_kv_operation_duration_seconds', 'Calls to the metadata store (SQLite or PostgreSQL), by operation'),
    );
    this.registry.registerMetric(
      this.blockSeconds.metric(
        'tarn_blockstore_operation_duration_seconds',
        'Calls to the object store (local folder or S3), by operation; a read counts until its data starts to flow',
      ),
    );
    for (const cache of cacheNames) {
      this.cacheHits.labels(cache).inc(0);
      this.cacheMisses.labels(cache).inc(0);
    }
    if (metricsFromPrimary()) shareWithPrimary([this.registry, processMetrics()]);
  }

  /** Counts an answered request; `seconds` from its arrival. */
  observeRequest(operation: string, status: number, seconds: number): void {
    this.requests.observe(operation, status, seconds);
  }

  /** Reports a PostgreSQL pool's connections at each scrape. */
  watchPool(stats: () => PoolStats): void {
    const gauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read(stats()));
        },
      });
    gauge('tarn_pg_pool_connections_total', 'Connections the PostgreSQL pool holds, busy or idle', (s) => s.total);
    gauge('tarn_pg_pool_connections_idle', 'Connections of the PostgreSQL pool waiting for a query', (s) => s.idle);
    gauge('tarn_pg_pool_clients_waiting', 'Queries waiting for a connection of the PostgreSQL pool', (s) => s.waiting);
  }

  /** This server's figures; a worker of `--workers` answers every worker's, summed. */
  async text(): Promise<string> {
    if (metricsFromPrimary()) return clusterMetricsText();
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${own}\n${process}`;
  }
}

/** Who may read the metrics: any loopback connection, others only with the token set by `--metrics-token`. */
export interface MetricsAccess {
  token?: string;
}

/** A loopback address, written as IPv4, IPv6 or IPv4 mapped into IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export const metricsRefusal =
  'the metrics are open to loopback connections only; to read them from elsewhere, start the server with --metrics-token ' +
  '(or TARN_METRICS_TOKEN, or metricsToken in the config file) and send Authorization: Bearer <token>';

/**
 * Whether a request may read the metrics. A connection from loopback that a proxy forwarded (it says so in
 * Forwarded or X-Forwarded-For) is treated as remote: the proxy's address says nothing about the caller's.
 */
export function metricsAllowed(access: MetricsAccess, remoteAddress: string | undefined, headers: Headers): boolean {
  const forwarded = headers.has('forwarded') || headers.has('x-forwarded-for');
  if (isLoopback(remoteAddress) && !forwarded) return true;
  if (access.token === undefined) return false;
  const authorization = headers.get('authorization') ?? '';
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  // Compared as digests, in constant time, so the answer's timing says nothing about the token.
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(access.token));
}

function remoteAddressOf(incoming: IncomingMessage | undefined): string | undefined {
  return incoming?.socket.remoteAddress;
}

export function metricsHandler(metrics: ServerMetrics, access: MetricsAccess): Handler<AppEnv> {
  return async (c) => {
    if (!metricsAllowed(access, remoteAddressOf(c.env?.incoming), c.req.raw.headers)) {
      return c.json({ message: metricsRefusal }, 403);
    }
    return c.body(await metrics.text(), 200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
  };
}
