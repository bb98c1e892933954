// The figures of /metrics that every request observes (its count and latency, and the latency of each store call it
// makes), kept in plain arrays and turned into Prometheus's shape only when scraped. prom-client's own counter and
// histogram look their labels up and build closures on every observation: about 20 µs of a request that otherwise
// takes 66 (the healthcheck, `npx tsx bench/http-load.ts`). A scrape, rare beside requests, pays for the conversion.
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

/** A histogram of durations by the value of one label, exposed as prom-client exposes its own. */
export class DurationFigures {
  private readonly byValue = new Map<string, Durations>();

  constructor(
    private readonly bounds: readonly number[],
    private readonly label: string,
  ) {}

  observe(value: string, seconds: number): void {
    let durations = this.byValue.get(value);
    if (!durations) {
      durations = { counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
      this.byValue.set(value, durations);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] as number)) bucket++;
    durations.counts[bucket] = (durations.counts[bucket] as number) + 1;
    durations.sum += seconds;
    durations.count++;
  }

  /** Cumulative buckets, `+Inf`, sum and count for each label value observed, in the order first observed. */
  metric(name: string, help: string): Metric {
    return scrapedMetric(name, help, 'histogram', () =>
      [...this.byValue.entries()].flatMap(([value, { counts, sum, count }]): ScrapedValue[] => {
        let cumulative = 0;
        const buckets = this.bounds.map((bound, i) => {
          cumulative += counts[i] as number;
          return { labels: { le: bound, [this.label]: value }, value: cumulative, metricName: `${name}_bucket` };
        });
        return [
          ...buckets,
          { labels: { le: '+Inf', [this.label]: value }, value: count, metricName: `${name}_bucket` },
          { labels: { [this.label]: value }, value: sum, metricName: `${name}_sum` },
          { labels: { [this.label]: value }, value: count, metricName: `${name}_count` },
        ];
      }),
    );
  }
}

/** The requests answered, by operation and status, and their durations by operation. */
export class RequestFigures {
  private readonly answered = new Map<string, { operation: string; status: string; n: number }>();
  private readonly durations: DurationFigures;

  constructor(bounds: readonly number[]) {
    this.durations = new DurationFigures(bounds, 'operation');
  }

  observe(operation: string, status: number, seconds: number): void {
    const key = `${operation} ${status}`;
    const answered = this.answered.get(key);
    if (answered) answered.n++;
    else this.answered.set(key, { operation, status: String(status), n: 1 });
    this.durations.observe(operation, seconds);
  }

  /** The requests answered, by operation and status, as a counter. */
  counter(name: string, help: string): Metric {
    return scrapedMetric(name, help, 'counter', () =>
      [...this.answered.values()].map(({ operation, status, n }) => ({ labels: { operation, status }, value: n })),
    );
  }

  /** Their durations, by operation, as a histogram. */
  histogram(name: string, help: string): Metric {
    return this.durations.metric(name, help);
  }
}

function scrapedMetric(name: string, help: string, type: ScrapedMetric['type'], values: () => ScrapedValue[]): Metric {
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
