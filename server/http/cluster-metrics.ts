// With `--workers N` every worker counts only the requests it served, and the load balancer in front sends each
// scrape to any one of them. So a worker asked for /metrics asks the primary, which gathers every worker's figures
// (prom-client's AggregatorRegistry: counters and histograms summed, per-process gauges by their own rules) and
// answers with the sum: one scrape sees the whole server, whichever worker takes it.
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

interface MetricsRequest {
  tarn: 'metrics-request';
  id: number;
}

interface MetricsAnswer {
  tarn: 'metrics';
  id: number;
  text?: string;
  error?: string;
}

const isRequest = (m: unknown): m is MetricsRequest => typeof m === 'object' && m !== null && (m as MetricsRequest).tarn === 'metrics-request';
const isAnswer = (m: unknown): m is MetricsAnswer => typeof m === 'object' && m !== null && (m as MetricsAnswer).tarn === 'metrics';

/** Longer than prom-client's own 5 s wait for the workers, so its error is the one reported. */
const answerTimeoutMillis = 8000;

/** Whether this process is a worker whose metrics are summed by its primary. */
export const metricsFromPrimary = (): boolean => cluster.isWorker && typeof process.send === 'function';

/** In a worker: the registries the primary reads when it sums the workers' figures. */
export function shareWithPrimary(registries: Registry[]): void {
  AggregatorRegistry.setRegistries(registries);
  // prom-client starts answering the primary's requests when a worker makes an aggregator of its own.
  new AggregatorRegistry();
}

let nextId = 0;
const waiting = new Map<number, (answer: MetricsAnswer) => void>();
let listening = false;

/** In a worker: every worker's metrics, summed by the primary, in Prometheus's text format. */
export function clusterMetricsText(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on('message', (message: unknown) => {
      if (isAnswer(message)) waiting.get(message.id)?.(message);
    });
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary process did not answer with the workers’ metrics'));
    }, answerTimeoutMillis);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(`the workers’ metrics could not be gathered: ${answer.error ?? 'no reason given'}`));
    });
    const request: MetricsRequest = { tarn: 'metrics-request', id };
    process.send?.(request);
  });
}

/** In the primary: answers each worker's request with the sum of every worker's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isRequest(message)) return;
    const reply = (answer: MetricsAnswer) => {
      if (worker.isConnected()) worker.send(answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ tarn: 'metrics', id: message.id, text }),
      (err: unknown) => reply({ tarn: 'metrics', id: message.id, error: (err as Error).message }),
    );
  });
}
