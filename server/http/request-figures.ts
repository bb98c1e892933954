// The request counter and latency histogram of /metrics, kept in plain arrays and turned into Prometheus's shape only
// when scraped. prom-client's own counter and histogram look their labels up and build closures on every
// observation: about 20 µs of a request that otherwise takes 66 (the healthcheck, `npx tsx bench/http-load.ts`).
// A scrape, rare beside requests, pays for the conversion instead.
import type { Metric } from 'prom-client';

/** A metric as prom-client's registry reads it: serialised by `get()`, summed across `--workers` by `aggregator`. */
interface ScrapedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<{ name: string; help: string; type: string; aggregator: 'sum'; values: ScrapedValue[] }>;
}

interface ScrapedValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

interface Durations {
  /** Observations per bucket (not cumulative); the last slot is past the largest bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

export class RequestFigures {
  private readonly answered = new Map<string, { operation: string; status: string; n: number }>();
  private readonly durations = new Map<string, Durations>();

  constructor(private readonly bounds: readonly number[]) {}

  observe(operation: string, status: number, seconds: number): void {
    const key = `${operation} ${status}`;
    const answered = this.answered.get(key);
    if (answered) answered.n++;
    else this.answered.set(key, { operation, status: String(status), n: 1 });
    let durations = this.durations.get(operation);
    if (!durations) {
      durations = { counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
      this.durations.set(operation, durations);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] as number)) bucket++;
    durations.counts[bucket] = (durations.counts[bucket] as number) + 1;
    durations.sum += seconds;
    durations.count++;
  }

  /** The requests answered, by operation and status, as a counter. */
  counter(name: string, help: string): Metric {
    return this.metric(name, help, 'counter', () =>
      [...this.answered.values()].map(({ operation, status, n }) => ({ labels: { operation, status }, value: n })),
    );
  }

  /** Their durations, by operation, as a histogram: cumulative buckets, `+Inf`, sum and count. */
  histogram(name: string, help: string): Metric {
    return this.metric(name, help, 'histogram', () =>
      [...this.durations.entries()].flatMap(([operation, { counts, sum, count }]): ScrapedValue[] => {
        let cumulative = 0;
        const buckets = this.bounds.map((bound, i) => {
          cumulative += counts[i] as number;
          return { labels: { le: bound, operation }, value: cumulative, metricName: `${name}_bucket` };
        });
        return [
          ...buckets,
          { labels: { le: '+Inf', operation }, value: count, metricName: `${name}_bucket` },
          { labels: { operation }, value: sum, metricName: `${name}_sum` },
          { labels: { operation }, value: count, metricName: `${name}_count` },
        ];
      }),
    );
  }

  private metric(name: string, help: string, type: ScrapedMetric['type'], values: () => ScrapedValue[]): Metric {
    const scraped: ScrapedMetric = {
      name,
      help,
      type,
      aggregator: 'sum',
      get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    };
    // The registry reads a metric through these fields and get() alone; prom-client's Metric class adds nothing it uses.
    return scraped as unknown as Metric;
  }
}
